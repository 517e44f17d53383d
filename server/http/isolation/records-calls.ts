import { expect } from 'vitest';
import type { ApiResponse } from '../../test/harness.js';
import { type Call, aQuestion, csv, demo, foreign } from './testing.js';

/**
 * The rest of an olympiad admin's calls that take an olympiad, module, question, mailing, upload, order, entry or
 * learner by id (authoring, the day, results and certificates, finance, mail and files), each with another
 * olympiad's: 404, nothing changed.
 */
const o = () => foreign.olympiad;

const byOlympiad = (name: string, method: Call['method'], path: () => string, body?: () => unknown): Call => ({
  name: `${name} of another olympiad`,
  method,
  path,
  ...(body ? { body } : {}),
  expect: 404,
});

export const adminRecordCalls: Call[] = [
  {
    name: 'act as a teacher of another olympiad',
    method: 'GET',
    path: () => `/user/rest/impersonate?olympiadId=${o()}&userEmail=iso@example.org`,
    expect: 404,
  },
  // The olympiad and its paper.
  byOlympiad('the olympiad', 'GET', () => `/olympiad/v-rest/single?olympiadId=${o()}`),
  byOlympiad('the check', 'GET', () => `/olympiad/verify/${o()}`),
  byOlympiad('open', 'GET', () => `/olympiad/api/set-olympiad-open/${o()}/true`),
  byOlympiad('pin', 'POST', () => `/olympiad/set-pinned?olympiadId=${o()}&pinned=true`),
  byOlympiad('the modules', 'GET', () => `/question-module/v-rest/?olympiadId=${o()}`),
  byOlympiad('the paper', 'POST', () => `/olympiad/modules/${o()}`),
  byOlympiad('questions by difficulty', 'POST', () => `/olympiad/reports/questions-by-difficulty/${o()}`),
  byOlympiad(
    'edit a module',
    'PUT',
    () => `/question-module/v-rest/${foreign.module}`,
    () => ({ title: 'Hacked' }),
  ),
  byOlympiad('delete a module', 'DELETE', () => `/question-module/v-rest/${foreign.module}`),
  byOlympiad(
    'verify a module’s translation',
    'POST',
    () => `/question-module/v-rest/${foreign.module}/verify?language=af`,
  ),
  byOlympiad('verify the instructions’ translation', 'POST', () => `/olympiad/translations/${o()}/verify?language=af`),
  byOlympiad('export a module as QTI', 'GET', () => `/question/v-rest/export-qti?questionModuleId=${foreign.module}`),
  byOlympiad('export a module', 'GET', () => `/question/v-rest/export?questionModuleId=${foreign.module}`),
  byOlympiad('edit a question', 'PUT', () => `/question/v-rest/${foreign.question}`, aQuestion),
  byOlympiad('delete a question', 'DELETE', () => `/question/v-rest/${foreign.question}`),
  ...(['retire', 'duplicate', 'verify'] as const).map((action) =>
    byOlympiad(`${action} a question`, 'POST', () => `/question/v-rest/${foreign.question}/${action}`),
  ),
  // The day.
  byOlympiad('start times', 'GET', () => `/olympiad/start-times?olympiadId=${o()}`),
  byOlympiad('live counts', 'GET', () => `/api/sitting-counts?olympiadId=${o()}`),
  byOlympiad('reset a learner', 'GET', () => `/participant/reset/${o()}/${foreign.olympiadLearner}`),
  byOlympiad('a learner’s submitted data', 'GET', () => `/participant/get-submitted-data/${foreign.olympiadLearner}`),
  byOlympiad(
    'extra time for a learner',
    'PUT',
    () => `/api/sitting-extra-time/${foreign.olympiadLearner}`,
    () => ({ minutes: 10 }),
  ),
  byOlympiad('re-mark', 'POST', () => `/olympiad/remark/${o()}`),
  byOlympiad(
    'new passwords for the learners',
    'POST',
    () => '/learner/v-rest/new-passwords',
    () => ({
      olympiadId: o(),
      schoolId: foreign.olympiadSchool,
      learners: 'all',
    }),
  ),
  // Results, moderation and certificates.
  byOlympiad('the moderation thresholds', 'GET', () => `/olympiad/moderation/${o()}/settings`),
  byOlympiad(
    'set the moderation thresholds',
    'PUT',
    () => `/olympiad/moderation/${o()}/settings`,
    () => ({}),
  ),
  byOlympiad(
    'preview the awards',
    'POST',
    () => `/olympiad/results/${o()}/preview`,
    () => ({}),
  ),
  byOlympiad('unpublish the results', 'POST', () => `/olympiad/results/${o()}/unpublish`),
  byOlympiad('ranked learners', 'GET', () => `/olympiad/results/${o()}/learners`),
  byOlympiad('the winners display', 'GET', () => `/olympiad/results/${o()}/winners-display`),
  byOlympiad('generate certificates', 'POST', () => `/certificates/generate?olympiadId=${o()}`),
  byOlympiad('send certificates', 'POST', () => `/certificates/send?olympiadId=${o()}`),
  byOlympiad('a school’s certificates', 'GET', () => `/certificates/school/${foreign.olympiadParticipant}/pdf`),
  byOlympiad('upload a certificate file', 'POST', () => `/olympiad/certificate-config/${o()}/files`),
  byOlympiad('a certificate file', 'GET', () => `/olympiad/certificate-config/${o()}/files/1`),
  byOlympiad('a certificate font', 'GET', () => `/olympiad/certificate-config/${o()}/fonts/serif`),
  // Finance.
  byOlympiad('invoices', 'GET', () => `/invoice/api/?olympiadId=${o()}`),
  byOlympiad('issue every invoice', 'POST', () => `/invoice/api/issue-all?olympiadId=${o()}&mail=false`),
  byOlympiad(
    'issue an invoice for an order',
    'POST',
    () => `/invoice/api/issue/${foreign.order}`,
    () => ({
      mail: false,
    }),
  ),
  byOlympiad('accounts', 'GET', () => `/account/v-rest/?olympiadId=${o()}`),
  byOlympiad('payments', 'GET', () => `/payment/api/?olympiadId=${o()}`),
  byOlympiad('the payments dashboard', 'GET', () => `/payment/api/dashboard?olympiadId=${o()}`),
  byOlympiad('the payments dashboard as xlsx', 'GET', () => `/payment/api/dashboard.xlsx?olympiadId=${o()}`),
  byOlympiad('the orders as xlsx', 'GET', () => `/purchase-order/api/export.xlsx?olympiadId=${o()}`),
  byOlympiad('an order', 'GET', () => `/purchase-order/api/${foreign.order}`),
  byOlympiad(
    'open an order for an entry',
    'POST',
    () => `/purchase-order/api/?schoolParticipantId=${foreign.olympiadParticipant}`,
  ),
  byOlympiad(
    'set the school’s order number',
    'PUT',
    () => `/purchase-order/api/set-school-po/${foreign.order}?schoolsPO=PO-1`,
  ),
  byOlympiad(
    'set free learners',
    'PUT',
    () => `/purchase-order/api/set-num-learners-discount/${foreign.order}?freeLearners=3&comment=Planted`,
  ),
  byOlympiad(
    'comment on an order',
    'POST',
    () => `/purchase-order/api/comment/${foreign.order}`,
    () => ({
      comment: 'Planted',
    }),
  ),
  byOlympiad(
    'remove an order',
    'DELETE',
    () => `/purchase-order/api/${foreign.order}?schoolParticipantId=${foreign.olympiadParticipant}`,
  ),
  // Mail and files.
  byOlympiad('mailings', 'GET', () => `/emailer/v-rest/?olympiadId=${o()}`),
  byOlympiad('a mailing', 'GET', () => `/emailer/api/${foreign.mailing}`),
  byOlympiad('delete a mailing', 'DELETE', () => `/emailer/api/${foreign.mailing}`),
  byOlympiad('preview a mailing', 'POST', () => `/emailer/api/${foreign.mailing}/preview`),
  byOlympiad('queue a mailing', 'POST', () => `/emailer/api/${foreign.mailing}/queue`),
  byOlympiad('withdraw a mailing', 'POST', () => `/emailer/api/${foreign.mailing}/withdraw`),
  byOlympiad('queued mail', 'GET', () => `/queued-email/?olympiadId=${o()}`),
  byOlympiad(
    'email logs',
    'POST',
    () => `/olympiad/reports/email-logs/${o()}/1`,
    () => ({}),
  ),
  byOlympiad('uploads', 'GET', () => `/upload/v-rest/?olympiadId=${o()}`),
  byOlympiad('an upload', 'GET', () => `/upload/api/${foreign.upload}`),
  byOlympiad('attachments', 'GET', () => `/attachment/v-rest/?olympiadId=${o()}`),
  {
    name: 'attach a file to another olympiad',
    method: 'POST',
    path: () => `/attachment/api/?olympiadId=${o()}`,
    csv,
    expect: 404,
  },
  byOlympiad('the system mail wording', 'GET', () => `/email-template/v-rest/?olympiadId=${o()}`),
  byOlympiad(
    'change the system mail wording',
    'PUT',
    () => `/email-template/api/teacher-verify?olympiadId=${o()}`,
    () => ({ subject: 'Planted', html: '<p>Planted</p>' }),
  ),
  byOlympiad('reset the system mail wording', 'DELETE', () => `/email-template/api/teacher-verify?olympiadId=${o()}`),
  byOlympiad('unsubscribes', 'GET', () => `/unsubscribe/v-rest/?olympiadId=${o()}`),
  byOlympiad('search the queued mail', 'GET', () => `/queued-email/search/iso?olympiadId=${o()}`),
  byOlympiad(
    'search the email logs',
    'POST',
    () => '/olympiad/reports/email-logs/search/iso',
    () => ({
      olympiadId: o(),
    }),
  ),
  ...(['preview', 'test'] as const).map((action) =>
    byOlympiad(
      `${action} the system mail wording`,
      'POST',
      () => `/email-template/api/teacher-verify/${action}?olympiadId=${o()}`,
      () => ({ subject: 'Planted', html: '<p>Planted</p>' }),
    ),
  ),
  {
    name: 'upload an image for another olympiad’s website copy',
    method: 'POST',
    path: () => `/website-copy/v-rest/image?olympiadId=${o()}`,
    csv,
    expect: 404,
  },
  {
    name: 'list olympiads: only their own',
    method: 'GET',
    path: () => '/olympiad/v-rest/?pageSize=100',
    expect: (res: ApiResponse) => {
      expect(res.status).toBe(200);
      const ids = res.body.items.map((x: { id: number }) => x.id);
      expect(ids).toContain(demo.geoDemo);
      expect(ids).not.toContain(o());
    },
  },
];

/** A learner of geo-demo: the heartbeat of another olympiad's sitting. */
export const learnerRecordCalls: Call[] = [
  {
    name: 'the heartbeat of another olympiad’s sitting',
    method: 'POST',
    path: () => `/api/participant-tracker?olympiadId=${o()}`,
    body: () => ({}),
    expect: 404,
  },
];

/** The same calls are a teacher's only for their own school; these name the olympiad their school is entered in. */
export const teacherRecordCalls: Call[] = [
  {
    name: 'certificates of an olympiad their school is not in',
    method: 'GET',
    path: () => `/certificates/school?olympiadId=${foreign.olympiad}`,
    expect: 404,
  },
  {
    name: 'another school’s certificates',
    method: 'GET',
    path: () => `/certificates/school/${foreign.participant}/pdf`,
    expect: 404,
  },
  {
    name: 'live counts of an olympiad their school is not in',
    method: 'GET',
    path: () => `/api/sitting-counts?olympiadId=${foreign.olympiad}`,
    expect: 404,
  },
  {
    name: 'another school’s order',
    method: 'GET',
    path: () => `/purchase-order/api/${foreign.order}`,
    expect: 404,
  },
  {
    name: 'new passwords for another school’s learners',
    method: 'POST',
    path: () => '/learner/v-rest/new-passwords',
    body: () => ({ olympiadId: demo.geoDemo, schoolId: foreign.school, learners: 'all' }),
    expect: 404,
  },
];

/** The accountant of geo-demo: payments and the bank statement, with another olympiad's order and lines. */
export const accountantRecordCalls: Call[] = [
  byOlympiad(
    'record a payment for an order',
    'POST',
    () => '/payment/api/',
    () => ({
      purchaseOrderId: foreign.order,
      amountCents: 100,
      receivedOn: '2026-01-01',
      method: 'eft',
    }),
  ),
  byOlympiad('statement lines', 'GET', () => `/payment/api/statement-lines?olympiadId=${o()}`),
  byOlympiad('invoices', 'GET', () => `/invoice/api/?olympiadId=${o()}`),
  byOlympiad('payments', 'GET', () => `/payment/api/?olympiadId=${o()}`),
];
