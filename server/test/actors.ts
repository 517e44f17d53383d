import type { GrantRole, Role } from '../../contract/roles.js';
import type { Actor } from '../http/actor.js';

/**
 * An actor built by hand for a policy's unit tests (no server, no database): a role, its olympiad grants as
 * `[olympiadId, role]` pairs, and anything else to set (an impersonation scope, a school).
 */
export function testActor(role: Role, grants: Array<[number, GrantRole]> = [], extra: Partial<Actor> = {}): Actor {
  return {
    userId: 10,
    sessionId: 20,
    role,
    username: role,
    olympiadId: null,
    schoolId: role === 'teacher' || role === 'learner' ? 5 : null,
    grants: grants.map(([olympiadId, r]) => ({ olympiadId, role: r })),
    impersonatorId: null,
    olympiadScope: null,
    ...extra,
  };
}
