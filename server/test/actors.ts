import type { GrantRole, Role } from '../../contract/roles.js';
import type { Actor } from '../http/actor.js';

/**
 * Actors built by hand for policy unit tests (no server, no database):
 *   actorOf('admin', { grants: [[1, 'admin']] }), actorOf('teacher', { schoolId: 7 }).
 */
export function actorOf(
  role: Role,
  options: {
    grants?: ReadonlyArray<readonly [number, GrantRole]>;
    schoolId?: number | null;
    olympiadId?: number | null;
    impersonatorId?: number | null;
    olympiadScope?: readonly number[] | null;
    userId?: number;
  } = {},
): Actor {
  const grants = options.grants ?? (role === 'admin' || role === 'accountant' || role === 'funding' ? [[1, role]] : []);
  return {
    userId: options.userId ?? 100,
    sessionId: 1,
    role,
    username: role,
    olympiadId: options.olympiadId ?? null,
    schoolId: options.schoolId ?? null,
    grants: grants.map(([olympiadId, r]) => ({ olympiadId, role: r })),
    impersonatorId: options.impersonatorId ?? null,
    olympiadScope: options.olympiadScope ?? null,
  };
}
