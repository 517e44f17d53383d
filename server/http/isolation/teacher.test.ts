import { describe, it } from 'vitest';
import { teacherCalls } from './teacher-calls.js';
import { WALK_TIMEOUT, useIsolationServer, walk } from './testing.js';

useIsolationServer();

describe('isolation: every call with someone else’s ids', () => {
  it(
    `a teacher reaches only their own school (${teacherCalls.length} calls)`,
    async () => {
      await walk('teacher', teacherCalls);
    },
    WALK_TIMEOUT,
  );
});
