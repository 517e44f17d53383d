import { describe, it } from 'vitest';
import { adminOfFinanceCalls, financeOfAdminCalls, teacherOfAdminCalls } from './staff-calls.js';
import { WALK_TIMEOUT, useIsolationServer, walk } from './testing.js';

useIsolationServer();

describe('isolation: another olympiad’s records, by the finance roles of the admin’s olympiad', () => {
  for (const role of ['accountant', 'funding'] as const)
    it(
      `${role}: each of the admin’s 404 calls their role may make answers 404, nothing changed`,
      async () => {
        await walk(role, financeOfAdminCalls(role));
      },
      WALK_TIMEOUT,
    );

  it(
    'admin: each of the finance roles’ calls with another olympiad’s ids answers as it does them, nothing changed',
    async () => {
      await walk('admin', adminOfFinanceCalls());
    },
    WALK_TIMEOUT,
  );

  it(
    'teacher: each of the admin’s 404 calls a teacher may make answers 404 (a list: none of its rows), nothing changed',
    async () => {
      await walk('teacher', teacherOfAdminCalls());
    },
    WALK_TIMEOUT,
  );
});
