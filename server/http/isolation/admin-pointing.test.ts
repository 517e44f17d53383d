import { describe, it } from 'vitest';
import { type Call, aMailing, aQuestion, demo, foreign, ours, useIsolationServer, walk } from './testing.js';

useIsolationServer();

/**
 * An olympiad's admin acting on their own olympiad's records (or calling with their own olympiad) while the
 * body or the query names a record of another olympiad: questions, modules, mail, FAQs and the olympiad itself.
 */
const adminPointingCalls: Call[] = [
  {
    name: 'add a question to another olympiad’s module',
    method: 'POST',
    path: () => '/question/v-rest/',
    body: () => ({ questionModuleId: foreign.module, ...aQuestion() }),
    expect: 404,
  },
  {
    name: 'list the questions of another olympiad’s module',
    method: 'GET',
    path: () => `/question/v-rest/?questionModuleId=${foreign.module}`,
    expect: 404,
  },
  {
    name: 'read a question of another olympiad',
    method: 'GET',
    path: () => `/question/v-rest/single?questionId=${foreign.question}`,
    expect: 404,
  },
  {
    name: 'reorder their own module’s questions, slipping in another olympiad’s question',
    method: 'POST',
    path: () => `/question/v-rest/reorder?questionModuleId=${ours.module}`,
    body: () => ({ ids: [...ours.questions, foreign.question] }),
    expect: 400,
  },
  {
    name: 'reorder their own module with another olympiad’s question in place of one of theirs',
    method: 'POST',
    path: () => `/question/v-rest/reorder?questionModuleId=${ours.module}`,
    body: () => ({ ids: [ours.questions[0], foreign.question] }),
    expect: 400,
  },
  {
    name: 'reorder another olympiad’s module',
    method: 'POST',
    path: () => `/question/v-rest/reorder?questionModuleId=${foreign.module}`,
    body: () => ({ ids: [foreign.question] }),
    expect: 404,
  },
  {
    name: 'reorder their own olympiad’s modules, slipping in another olympiad’s module',
    method: 'POST',
    path: () => `/question-module/v-rest/reorder?olympiadId=${demo.geoDemo}`,
    body: () => ({ ids: [...ours.modules, foreign.module] }),
    expect: 400,
  },
  {
    name: 'reorder another olympiad’s modules',
    method: 'POST',
    path: () => `/question-module/v-rest/reorder?olympiadId=${foreign.olympiad}`,
    body: () => ({ ids: [foreign.module] }),
    expect: 404,
  },
  {
    name: 'add a module to another olympiad',
    method: 'POST',
    path: () => '/question-module/v-rest/',
    body: () => ({ olympiadId: foreign.olympiad, title: 'Planted' }),
    expect: 404,
  },
  {
    name: 'import questions into another olympiad’s module',
    method: 'POST',
    path: () => `/question/v-rest/import?questionModuleId=${foreign.module}`,
    csv: 'Type,Question,Option A,Option B,Correct\nsingle,Planted?,Yes,No,A\n',
    expect: 404,
  },
  {
    name: 'import QTI into another olympiad’s module',
    method: 'POST',
    path: () => `/question/v-rest/import-qti?questionModuleId=${foreign.module}`,
    csv: '<qti-assessment-item/>',
    expect: 404,
  },
  {
    name: 'export another olympiad’s module',
    method: 'GET',
    path: () => `/question/v-rest/export?questionModuleId=${foreign.module}&format=csv`,
    expect: 404,
  },
  {
    name: 'upload a question image into another olympiad',
    method: 'POST',
    path: () => `/question/image?olympiadId=${foreign.olympiad}`,
    csv: 'not an image',
    expect: 404,
  },
  {
    name: 'compose a mailing in their olympiad with another olympiad’s attachment',
    method: 'POST',
    path: () => '/emailer/api/',
    body: () => aMailing(demo.geoDemo, [foreign.attachment]),
    expect: 400,
  },
  {
    name: 'compose a mailing in another olympiad',
    method: 'POST',
    path: () => '/emailer/api/',
    body: () => aMailing(foreign.olympiad),
    expect: 404,
  },
  {
    name: 'edit their own mailing, attaching another olympiad’s attachment',
    method: 'PUT',
    path: () => `/emailer/api/${ours.mailing}`,
    body: () => aMailing(demo.geoDemo, [foreign.attachment]),
    expect: 400,
  },
  {
    name: 'edit their own mailing, moving it into another olympiad',
    method: 'PUT',
    path: () => `/emailer/api/${ours.mailing}`,
    body: () => aMailing(foreign.olympiad),
    expect: 400,
  },
  {
    name: 'edit another olympiad’s mailing, naming their own olympiad',
    method: 'PUT',
    path: () => `/emailer/api/${foreign.mailing}`,
    body: () => aMailing(demo.geoDemo),
    expect: 404,
  },
  {
    name: 'count the audience of another olympiad',
    method: 'POST',
    path: () => '/emailer/api/audience-count',
    body: () => ({ olympiadId: foreign.olympiad, audience: { kind: 'all-teachers' } }),
    expect: 404,
  },
  {
    name: 'delete their own attachment, naming another olympiad’s upload',
    method: 'DELETE',
    path: () => `/attachment/api/${ours.attachment}?uploadId=${foreign.upload}`,
    expect: 404,
  },
  {
    name: 'rename their own attachment, naming another olympiad’s upload',
    method: 'POST',
    path: () => `/attachment/api/${ours.attachment}/update-filename?uploadId=${foreign.upload}&filename=renamed.txt`,
    expect: 404,
  },
  {
    name: 'delete another olympiad’s attachment, naming their own upload',
    method: 'DELETE',
    path: () => `/attachment/api/${foreign.attachment}?uploadId=${ours.attachmentUpload}`,
    expect: 404,
  },
  {
    name: 'delete another olympiad’s upload by its stored name',
    method: 'DELETE',
    path: () => `/upload/api/${foreign.upload}?filename=${encodeURIComponent(foreign.uploadFilename)}`,
    expect: 404,
  },
  {
    name: 'upload a file into another olympiad',
    method: 'POST',
    path: () => `/upload/api/?olympiadId=${foreign.olympiad}`,
    csv: 'planted',
    expect: 404,
  },
  {
    name: 'release a batch of another olympiad’s mailing',
    method: 'POST',
    path: () => `/queued-email/release-batch/?massMailId=${foreign.mailing}&qty=1`,
    expect: 403,
  },
  {
    name: 'edit their own FAQ, moving it into another olympiad',
    method: 'PUT',
    path: () => `/faq/v-rest/${ours.faq}`,
    body: () => ({ audience: 'olympiad', olympiadId: foreign.olympiad, question: 'Moved?', answer: '<p>x</p>' }),
    expect: 404,
  },
  {
    name: 'reorder their own olympiad’s FAQs, slipping in another olympiad’s FAQ',
    method: 'POST',
    path: () => '/faq/v-rest/reorder',
    body: () => ({ audience: 'olympiad', olympiadId: demo.geoDemo, ids: [...ours.faqs, foreign.faq] }),
    expect: 400,
  },
  {
    name: 'add an FAQ to a project',
    method: 'POST',
    path: () => '/faq/v-rest/',
    body: () => ({ audience: 'project', projectId: foreign.project, question: 'Project?', answer: '<p>x</p>' }),
    expect: 403,
  },
  {
    name: 'add a teacher to their own olympiad’s school, acting within another olympiad',
    method: 'POST',
    path: () => '/teacher/v-rest/',
    body: () => ({
      schoolId: demo.school1,
      olympiadId: foreign.olympiad,
      firstName: 'A',
      lastName: 'B',
      email: 'acting-elsewhere@example.org',
    }),
    expect: 404,
  },
  {
    name: 'merge another olympiad’s school into their own',
    method: 'POST',
    path: () => '/school/v-rest/merge',
    body: () => ({ sourceId: foreign.olympiadSchool, targetId: demo.school1 }),
    expect: 403,
  },
  {
    name: 'point their own olympiad at another project',
    method: 'PUT',
    path: () => `/olympiad/v-rest/${demo.geoDemo}`,
    body: () => ({ projectId: foreign.project }),
    expect: 403,
  },
  {
    name: 'grant themselves a role in another olympiad',
    method: 'POST',
    path: () => '/olympiad-grant/v-rest/',
    body: () => ({ olympiadId: foreign.olympiad, userId: demo.users.admin, role: 'admin' }),
    expect: 403,
  },
  {
    name: 'change their own olympiad’s purchase order, naming another olympiad’s entry',
    method: 'PUT',
    path: () => `/purchase-order/rest/${ours.order}?status=paid&customerParticipantId=${foreign.olympiadParticipant}`,
    expect: 409,
  },
];

describe('isolation: every call with someone else’s ids', () => {
  it(`an admin’s own records cannot be pointed at another olympiad’s ids (${adminPointingCalls.length} calls)`, async () => {
    await walk('admin', adminPointingCalls);
  });
});
