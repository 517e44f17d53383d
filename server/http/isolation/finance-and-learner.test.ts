import { describe, expect, it } from 'vitest';

import { type Call, aMailing, demo, foreign, ours, server, tokens, useIsolationServer, walk } from './testing.js';

useIsolationServer();

/** A learner of the admin's olympiad, in their own sitting, answering another olympiad's question. */
const learnerCalls: Call[] = [
  {
    name: 'answer another olympiad’s question in their own sitting',
    method: 'PUT',
    path: () => `/api/sitting/${ours.olympiadName}/answers/${foreign.question}`,
    body: () => ({ value: { type: 'single', optionId: 'a' } }),
    expect: 404,
  },
];

/** The accountant of the admin's olympiad: purchase orders. */
const accountantCalls: Call[] = [
  {
    name: 'list another olympiad’s purchase orders',
    method: 'GET',
    path: () => `/purchase-order/api/?olympiadId=${foreign.olympiad}`,
    expect: 404,
  },
  {
    name: 'mark their own olympiad’s purchase order paid, naming another olympiad’s entry',
    method: 'PUT',
    path: () => `/purchase-order/rest/${ours.order}?status=paid&customerParticipantId=${foreign.olympiadParticipant}`,
    expect: 409,
  },
  {
    name: 'remove their own olympiad’s purchase order, naming another olympiad’s entry',
    method: 'DELETE',
    path: () => `/purchase-order/rest/${ours.order}?status=delete&customerParticipantId=${foreign.olympiadParticipant}`,
    expect: 409,
  },
  {
    name: 'mark another olympiad’s purchase order paid, naming their own entry',
    method: 'PUT',
    path: () => `/purchase-order/rest/${foreign.order}?status=paid&customerParticipantId=${ours.orderParticipant}`,
    expect: 404,
  },
  {
    name: 'remove another olympiad’s purchase order',
    method: 'DELETE',
    path: () =>
      `/purchase-order/rest/${foreign.order}?status=delete&customerParticipantId=${foreign.olympiadParticipant}`,
    expect: 404,
  },
  {
    name: 'compose a mailing',
    method: 'POST',
    path: () => '/emailer/api/',
    body: () => aMailing(demo.geoDemo),
    expect: 403,
  },
];

/** Funding staff of the admin's olympiad: mass mail and its attachments. */
const fundingCalls: Call[] = [
  {
    name: 'compose a mailing in their olympiad with another olympiad’s attachment',
    method: 'POST',
    path: () => '/emailer/api/',
    body: () => aMailing(demo.geoDemo, [foreign.attachment]),
    expect: 400,
  },
  {
    name: 'edit their olympiad’s mailing, attaching another olympiad’s attachment',
    method: 'PUT',
    path: () => `/emailer/api/${ours.mailing}`,
    body: () => aMailing(demo.geoDemo, [foreign.attachment]),
    expect: 400,
  },
  {
    name: 'edit another olympiad’s mailing',
    method: 'PUT',
    path: () => `/emailer/api/${foreign.mailing}`,
    body: () => aMailing(demo.geoDemo),
    expect: 404,
  },
  {
    name: 'read another olympiad’s attachment',
    method: 'GET',
    path: () => `/attachment/api/${foreign.attachment}`,
    expect: 404,
  },
  {
    name: 'list another olympiad’s useful contacts',
    method: 'GET',
    path: () => `/useful-contact/v-rest/?olympiadId=${foreign.olympiad}`,
    expect: 404,
  },
  {
    name: 'edit their olympiad’s useful contact, moving it into another olympiad',
    method: 'PUT',
    path: () => `/useful-contact/v-rest/${ours.contact}`,
    body: () => ({ olympiadId: foreign.olympiad, name: 'Moved', email: 'moved@example.org' }),
    expect: 400,
  },
  {
    name: 'add a useful contact to another olympiad',
    method: 'POST',
    path: () => '/useful-contact/v-rest/',
    body: () => ({ olympiadId: foreign.olympiad, name: 'Planted', email: 'planted@example.org' }),
    expect: 404,
  },
];

describe('isolation: every call with someone else’s ids', () => {
  it(`the accountant’s calls stay in their olympiad (${accountantCalls.length} calls)`, async () => {
    await walk('accountant', accountantCalls);
  });

  it(`funding staff’s calls stay in their olympiad (${fundingCalls.length} calls)`, async () => {
    await walk('funding', fundingCalls);
  });

  it(`a learner answers only their own paper’s questions (${learnerCalls.length} call)`, async () => {
    await walk('learner1', learnerCalls);
  });

  it('the same calls with the callers’ own ids go through (the refusals above are about the foreign id)', async () => {
    const ok = async (who: string, method: 'POST' | 'PUT', path: string, body?: unknown) => {
      const res = await server.api(method, path, { token: tokens[who]!, ...(body ? { body } : {}) });
      expect(res.status, `${who} ${method} ${path}: ${res.text}`).toBe(200);
    };
    await ok('admin', 'POST', '/teacher/v-rest/', {
      schoolId: demo.school1,
      olympiadId: demo.geoDemo,
      firstName: 'Acting',
      lastName: 'Within',
      email: 'acting-within@example.org',
    });
    await ok('admin', 'POST', `/question/v-rest/reorder?questionModuleId=${ours.module}`, {
      ids: [...ours.questions].reverse(),
    });
    await ok('admin', 'POST', `/question-module/v-rest/reorder?olympiadId=${demo.geoDemo}`, { ids: ours.modules });
    await ok('admin', 'POST', '/faq/v-rest/reorder', {
      audience: 'olympiad',
      olympiadId: demo.geoDemo,
      ids: ours.faqs,
    });
    await ok('admin', 'PUT', `/emailer/api/${ours.mailing}`, aMailing(demo.geoDemo, [ours.attachment]));
    await ok('funding', 'POST', '/emailer/api/', aMailing(demo.geoDemo, [ours.attachment]));
    await ok(
      'accountant',
      'PUT',
      `/purchase-order/rest/${ours.order}?status=paid&customerParticipantId=${ours.orderParticipant}`,
    );
    await ok(
      'admin',
      'POST',
      `/attachment/api/${ours.attachment}/update-filename?uploadId=${ours.attachmentUpload}&filename=renamed.txt`,
    );
  });

  it('the calls do reach the records for their owners (the table is not vacuous)', async () => {
    expect(
      (await server.api('GET', `/learner/v-rest/import/${foreign.heldImport}`, { token: tokens.teacher2! })).status,
    ).toBe(200);
    expect((await server.api('GET', `/school/v-rest/${foreign.school}`, { token: tokens.teacher2! })).status).toBe(200);
    expect(
      (await server.api('GET', `/learner/v-rest/${foreign.olympiadLearner}`, { token: tokens.overlord! })).status,
    ).toBe(200);
    expect((await server.api('GET', `/faq/v-rest/${foreign.faq}`, { token: tokens.overlord! })).status).toBe(200);
    expect(
      (
        await server.api('GET', `/expression-of-interest/rest/get-possible-matches?expressionId=${foreign.eoi}`, {
          token: tokens.overlord!,
        })
      ).status,
    ).toBe(200);
  });
});
