import { describe, it } from 'vitest';
import { adminPointingCalls } from './admin-pointing-calls.js';
import { WALK_TIMEOUT, useIsolationServer, walk } from './testing.js';

useIsolationServer();

describe('isolation: every call with someone else’s ids', () => {
  it(
    `an admin’s own records cannot be pointed at another olympiad’s ids (${adminPointingCalls.length} calls)`,
    async () => {
      await walk('admin', adminPointingCalls);
    },
    WALK_TIMEOUT,
  );
});
