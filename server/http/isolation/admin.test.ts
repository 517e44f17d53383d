import { describe, it } from 'vitest';
import { adminCalls } from './admin-calls.js';
import { WALK_TIMEOUT, useIsolationServer, walk } from './testing.js';

useIsolationServer();

describe('isolation: every call with someone else’s ids', () => {
  it(
    `an admin reaches only their own olympiad (${adminCalls.length} calls)`,
    async () => {
      await walk('admin', adminCalls);
    },
    WALK_TIMEOUT,
  );
});
