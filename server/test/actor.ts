import type { Actor } from '../http/actor.js';

/** An actor built by hand for a policy's unit tests (no server, no database): an admin with no grants unless told. */
export const actorOf = (over: Partial<Actor>): Actor => ({
  userId: 1,
  sessionId: 1,
  role: 'admin',
  username: 'someone',
  olympiadId: null,
  schoolId: null,
  grants: [],
  impersonatorId: null,
  olympiadScope: null,
  ...over,
});
