import type { GrantRole, Role } from '#contract/roles';
import { type Actor, holdsOlympiad, withinScope } from './actor.js';

/**
 * The one policy shape (decision 029). A feature's policy is data and one function:
 *
 *   export const schoolsPolicy = definePolicy({
 *     capabilities: { list: staff, update: ['overlord', 'teacher'], … },  // who holds each action, as data
 *     rule: (actor, action, school: SchoolRecord, holds, can) => …,        // the record rule, pure
 *   });
 *
 * - `capabilities` says which roles hold each action: global roles (overlord, teacher, learner) and olympiad
 *   grant roles (admin, accountant, funding). It is the only place a role list is written.
 * - `access` is derived from it: a route declares `access: schoolsPolicy.access.update`, never a role list.
 * - `can(actor, action, record)` answers true or false and never throws; loaders turn false into 404 or 403.
 * - `flags(actor, record, actions)` gives the `can` flags a presenter puts on every record the web shows,
 *   so the web never derives a role rule again.
 */

/** Who may call an action's routes at all: anyone, any signed-in user, or the listed roles (global or grant). */
export type Access = 'public' | 'signedIn' | readonly Role[];

export type Capabilities<A extends string> = Readonly<Record<A, Access>>;

/** The grant roles (admin, accountant, funding) among an access rule's roles. */
export function grantRolesOf(access: Access): GrantRole[] {
  if (access === 'public' || access === 'signedIn') return [];
  return access.filter((r): r is GrantRole => r === 'admin' || r === 'accountant' || r === 'funding');
}

/** Does an actor pass an access rule (its own role, or one of its olympiad grants, is listed)? */
export function passes(access: Access, actor: Actor | null): boolean {
  if (access === 'public') return true;
  if (!actor) return false;
  if (access === 'signedIn') return true;
  return access.includes(actor.role) || actor.grants.some((g) => access.includes(g.role));
}

/**
 * The common record rule, given the roles that hold an action: the record must lie within the session's
 * impersonation scope; then the overlord holds every olympiad, a grant role holds its own olympiad, a teacher
 * their own school, a learner their own account.
 */
export interface Holds {
  /** The overlord, or a grant role for this olympiad. */
  olympiad(olympiadId: number | null | undefined): boolean;
  /** A teacher of this school (within the session's scope for `olympiadId` when one is given). */
  school(schoolId: number | null | undefined, olympiadId?: number | null): boolean;
  /** Holds the olympiad, or is the teacher of the school. */
  olympiadOrSchool(record: { olympiadId: number | null | undefined; schoolId?: number | null | undefined }): boolean;
  /** The roles that hold the action (the capability data). */
  readonly roles: readonly Role[];
}

export function holdsFor(actor: Actor, access: Access): Holds {
  const roles: readonly Role[] = access === 'public' || access === 'signedIn' ? [] : access;
  const grants = grantRolesOf(access);
  const olympiad = (olympiadId: number | null | undefined) => {
    if (olympiadId == null || !withinScope(actor, olympiadId)) return false;
    if (actor.role === 'overlord') return roles.includes('overlord');
    return grants.length > 0 && holdsOlympiad(actor, olympiadId, grants);
  };
  const school = (schoolId: number | null | undefined, olympiadId?: number | null) =>
    roles.includes('teacher') &&
    actor.role === 'teacher' &&
    actor.schoolId != null &&
    actor.schoolId === schoolId &&
    (olympiadId === undefined || withinScope(actor, olympiadId));
  return {
    roles,
    olympiad,
    school,
    olympiadOrSchool: (r) => olympiad(r.olympiadId) || school(r.schoolId, r.olympiadId ?? null),
  };
}

export interface PolicyDefinition<C extends Capabilities<string>, R> {
  capabilities: C;
  /**
   * The record rule, pure: true or false, never an HTTP error. `holds` is the common rule bound to the
   * action's capability (see `Holds`); `can` asks another action of the same policy.
   */
  rule: (
    actor: Actor,
    action: keyof C & string,
    record: R,
    holds: Holds,
    can: (action: keyof C & string) => boolean,
  ) => boolean;
}

export interface Policy<A extends string, R, C extends Capabilities<A> = Capabilities<A>> {
  readonly capabilities: C;
  /** Route access for each action, derived from the capabilities (`access: schoolsPolicy.access.update`). */
  readonly access: C;
  can(actor: Actor, action: A, record: R): boolean;
  /** The `can` flags a presenter puts on a record: `{ edit: true, delete: false }`. */
  flags<K extends A>(actor: Actor, record: R, actions: readonly K[]): Record<K, boolean>;
}

export function definePolicy<const C extends Capabilities<string>, R>(
  definition: PolicyDefinition<C, R>,
): Policy<keyof C & string, R, C> {
  type A = keyof C & string;
  const { capabilities } = definition;
  const policy: Policy<A, R, C> = {
    capabilities,
    access: capabilities,
    can(actor, action, record) {
      const access = capabilities[action] as Access;
      if (!passes(access, actor)) return false;
      return definition.rule(actor, action, record, holdsFor(actor, access), (other) =>
        policy.can(actor, other, record),
      );
    },
    flags(actor, record, actions) {
      const out = {} as Record<(typeof actions)[number], boolean>;
      for (const action of actions) out[action] = policy.can(actor, action, record);
      return out;
    },
  };
  return policy;
}
