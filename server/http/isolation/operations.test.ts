import { describe, expect, it } from 'vitest';
import {
  adminOperationsCalls,
  financeOperationsCalls,
  learnerOperationsCalls,
  teacherOperationsCalls,
  teamAdminCalls,
} from './operations-calls.js';
import {
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

describe('isolation: the operations and reports calls with someone else’s ids', () => {
  it(
    `an admin reaches only their own olympiad’s reports, copy, contacts and single reads (${adminOperationsCalls.length} calls)`,
    async () => {
      await walk('admin', adminOperationsCalls);
    },
    WALK_TIMEOUT,
  );

  it(
    `a teacher reaches no report and only their own school’s single reads (${teacherOperationsCalls.length} calls)`,
    async () => {
      await walk('teacher', teacherOperationsCalls);
    },
    WALK_TIMEOUT,
  );

  it(
    `a team admin reaches only their own country’s team (${teamAdminCalls.length} calls)`,
    async () => {
      await walk('teamadmin', teamAdminCalls);
    },
    WALK_TIMEOUT,
  );

  it(
    'the accountant’s and funding staff’s landing data stays in their olympiads; no reports',
    async () => {
      await walk('accountant', financeOperationsCalls('finance'));
      await walk('funding', financeOperationsCalls('funding'));
    },
    WALK_TIMEOUT,
  );

  it(
    `a learner reaches only their own sitting (${learnerOperationsCalls.length} calls)`,
    async () => {
      await walk('learner1', learnerOperationsCalls);
    },
    WALK_TIMEOUT,
  );

  it('the same records answer their owners (the refusals above are about whose they are)', async () => {
    // Each answer is also one the API document describes (documented.ts).
    const status = async (who: string, method: 'GET' | 'POST', path: string) => {
      const res = await server.api(method, path, { token: tokens[who]!, ...(method === 'POST' ? { body: {} } : {}) });
      expect(await undocumented(method, path, res), `${who} ${method} ${path}`).toBeNull();
      return res.status;
    };
    expect(await status('overlord', 'POST', `/olympiad/reports/overview/${foreign.olympiad}`)).toBe(200);
    expect(await status('overlord', 'GET', `/olympiad/reports/feedback/${foreign.olympiad}`)).toBe(200);
    expect(await status('overlord', 'GET', `/api/sitting-waiting-room?olympiadId=${foreign.olympiad}`)).toBe(200);
    expect(await status('overlord', 'GET', `/user/v-rest/single?userId=${foreign.staffUser}`)).toBe(200);
    expect(await status('overlord', 'GET', `/copy/v-rest/single?copyId=${foreign.copy}`)).toBe(200);
    expect(await status('overlord', 'GET', `/website-copy/v-rest/single?copyId=${foreign.websiteCopy}`)).toBe(200);
    expect(await status('overlord', 'GET', `/useful-contact/v-rest/single?contactId=${foreign.contact}`)).toBe(200);
    expect(await status('overlord', 'GET', `/emailer/v-rest/single?massMailId=${foreign.mailing}`)).toBe(200);
    expect(await status('overlord', 'GET', `/question-module/v-rest/single?questionModuleId=${foreign.module}`)).toBe(
      200,
    );
    expect(await status('overlord', 'GET', `/participant/v-rest/single?participantId=${foreign.brazilLearner}`)).toBe(
      200,
    );
    expect(await status('admin', 'POST', `/olympiad/reports/overview/${demo.geoDemo}`)).toBe(200);
    expect(await status('admin', 'GET', `/dashboard/user?section=admin&olympiadId=${demo.geoDemo}`)).toBe(200);
    expect(await status('teacher2', 'GET', `/participant/v-rest/single?participantId=${foreign.learner}`)).toBe(200);
    expect(
      await status('teacher2', 'GET', `/school-participant/v-rest/single?participantId=${foreign.participant}`),
    ).toBe(200);
    expect(await status('teamadmin', 'GET', `/igeo-country-participant/v-rest/single?olympiadId=${foreign.igeo}`)).toBe(
      200,
    );
    expect(await status('teamadmin', 'GET', `/igeo-country-participant/v-rest/${foreign.germanyParticipant}`)).toBe(
      200,
    );
    // The learner's own sitting: where they are, and their place before the paper.
    expect(await status('learner1', 'GET', `/api/sitting/${ours.olympiadName}/state`)).toBe(200);
    expect(await status('learner1', 'GET', `/api/sitting/${ours.olympiadName}/waiting-room`)).toBe(200);
  });
});
