import { describe, it, expect } from 'vitest';
import { learnerCalls, accountantCalls, fundingCalls } from './finance-and-learner-calls.js';
import {
  aMailing,
  demo,
  foreign,
  ours,
  server,
  tokens,
  undocumented,
  WALK_TIMEOUT,
  useIsolationServer,
  walk,
} from './testing.js';

useIsolationServer();

describe('isolation: every call with someone else’s ids', () => {
  it(
    `the accountant’s calls stay in their olympiad (${accountantCalls.length} calls)`,
    async () => {
      await walk('accountant', accountantCalls);
    },
    WALK_TIMEOUT,
  );

  it(
    `funding staff’s calls stay in their olympiad (${fundingCalls.length} calls)`,
    async () => {
      await walk('funding', fundingCalls);
    },
    WALK_TIMEOUT,
  );

  it(
    `a learner answers only their own paper’s questions (${learnerCalls.length} call)`,
    async () => {
      await walk('learner1', learnerCalls);
    },
    WALK_TIMEOUT,
  );

  it('the same calls with the callers’ own ids go through (the refusals above are about the foreign id)', async () => {
    const ok = async (who: string, method: 'POST' | 'PUT', path: string, body?: unknown) => {
      const res = await server.api(method, path, { token: tokens[who]!, ...(body ? { body } : {}) });
      expect(res.status, `${who} ${method} ${path}: ${res.text}`).toBe(200);
      expect(await undocumented(method, path, res), `${who} ${method} ${path}`).toBeNull();
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
    // Each answer is also one the API document describes (documented.ts).
    const status = async (who: string, path: string) => {
      const res = await server.api('GET', path, { token: tokens[who]! });
      expect(await undocumented('GET', path, res), `${who} GET ${path}`).toBeNull();
      return res.status;
    };
    expect(await status('teacher2', `/learner/v-rest/import/${foreign.heldImport}`)).toBe(200);
    expect(await status('teacher2', `/school/v-rest/${foreign.school}`)).toBe(200);
    expect(await status('overlord', `/learner/v-rest/${foreign.olympiadLearner}`)).toBe(200);
    expect(await status('overlord', `/faq/v-rest/${foreign.faq}`)).toBe(200);
    expect(
      await status('overlord', `/expression-of-interest/rest/get-possible-matches?expressionId=${foreign.eoi}`),
    ).toBe(200);
  });
});
