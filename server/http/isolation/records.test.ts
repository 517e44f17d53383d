import { describe, it } from 'vitest';
import { accountantRecordCalls, adminRecordCalls, learnerRecordCalls, teacherRecordCalls } from './records-calls.js';
import { WALK_TIMEOUT, useIsolationServer, walk } from './testing.js';

useIsolationServer();

describe('isolation: authoring, the day, results, certificates, finance and mail with someone else’s ids', () => {
  it(
    `an admin reaches only their own olympiad’s records (${adminRecordCalls.length} calls)`,
    async () => {
      await walk('admin', adminRecordCalls);
    },
    WALK_TIMEOUT,
  );

  it(
    `the accountant reaches only their own olympiad’s payments (${accountantRecordCalls.length} calls)`,
    async () => {
      await walk('accountant', accountantRecordCalls);
    },
    WALK_TIMEOUT,
  );

  it(
    `a teacher reaches only their own school’s (${teacherRecordCalls.length} calls)`,
    async () => {
      await walk('teacher', teacherRecordCalls);
    },
    WALK_TIMEOUT,
  );

  it(
    `a learner reaches only their own sitting (${learnerRecordCalls.length} call)`,
    async () => {
      await walk('learner1', learnerRecordCalls);
    },
    WALK_TIMEOUT,
  );
});
