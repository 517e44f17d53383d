import type { GrantRole, Role } from '#contract/roles';
import type { Actor } from '../http/actor.js';

type Grants = ReadonlyArray<readonly [number, GrantRole]>;

interface ActorOptions {
  grants?: Grants;
  schoolId?: number | null;
  olympiadId?: number | null;
  impersonatorId?: number | null;
  olympiadScope?: readonly number[] | null;
  userId?: number;
}

/**
 * Actors built by hand for policy unit tests (no server, no database). Two ways to say the same:
 *   actorOf('admin', { grants: [[1, 'admin']] }), actorOf('teacher', { schoolId: 7 })
 *     (a grant role without `grants` holds olympiad 1);
 *   actorOf('admin', [[1, 'admin']], { olympiadScope: [1] })
 *     (grants as given, a teacher or learner of school 5, then anything else to set);
 *   actorOf({ role: 'teacher', schoolId: 5 })
 *     (the fields as given: user 1, an admin with no grants unless told).
 */
export function actorOf(role: Role, options?: ActorOptions): Actor;
export function actorOf(role: Role, grants: Grants, extra?: Partial<Actor>): Actor;
export function actorOf(fields: Partial<Actor>): Actor;
export function actorOf(
  roleOrFields: Role | Partial<Actor>,
  optionsOrGrants: ActorOptions | Grants = {},
  extra: Partial<Actor> = {},
): Actor {
  if (typeof roleOrFields !== 'string') {
    return {
      ...actorOf(roleOrFields.role ?? 'admin', { grants: [], userId: 1 }),
      username: 'someone',
      ...roleOrFields,
    };
  }
  const role = roleOrFields;
  const options: ActorOptions = Array.isArray(optionsOrGrants)
    ? { grants: optionsOrGrants, schoolId: role === 'teacher' || role === 'learner' ? 5 : null }
    : (optionsOrGrants as ActorOptions);
  const isGrantRole = role === 'admin' || role === 'accountant' || role === 'funding';
  const grants: Grants = options.grants ?? (isGrantRole ? [[1, role]] : []);
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
    ...extra,
  };
}
