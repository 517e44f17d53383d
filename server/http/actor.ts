import type { GrantRole, Role } from '#contract/roles';

/** Who is calling: loaded from the bearer session on every request. */
export interface Actor {
  userId: number;
  sessionId: number;
  role: Role;
  username: string;
  /** Learners: the olympiad they write. */
  olympiadId: number | null;
  /** Teachers and learners: their school. */
  schoolId: number | null;
  /** Per-olympiad grants (admin, accountant, funding). */
  grants: ReadonlyArray<{ olympiadId: number; role: GrantRole }>;
  /** Set when an admin or overlord acts as this user. */
  impersonatorId: number | null;
  /**
   * The olympiads this session may act within: null for no limit (the user's own session, or the overlord
   * acting as someone); for an admin acting as someone, the olympiads that admin administers now. Records
   * of any other olympiad are out of reach (404), whatever the borrowed account could do on its own.
   */
  olympiadScope: readonly number[] | null;
  /** A session opened by a password-reset link: it may only set the password (features/auth/authenticate.ts). */
  passwordOnly?: boolean;
  /**
   * A session of a role that must use two-factor sign-in, opened before its holder enrolled: it may only enrol
   * (features/auth/authenticate.ts, decision 106).
   */
  enrolOnly?: boolean;
}

/** May this session act on records of this olympiad (its impersonation scope allows it)? */
export function withinScope(actor: Actor, olympiadId: number | null): boolean {
  if (actor.olympiadScope == null) return true;
  return olympiadId != null && actor.olympiadScope.includes(olympiadId);
}

/** The olympiads of `ids` this session may act within (all of them when it has no limit). */
export function scopedOlympiads<T extends number>(actor: Actor, ids: readonly T[]): T[] {
  return actor.olympiadScope == null ? [...ids] : ids.filter((id) => actor.olympiadScope!.includes(id));
}

/** Does the actor hold one of `roles` for this olympiad (overlord holds every olympiad)? */
export function holdsOlympiad(actor: Actor, olympiadId: number, roles: readonly GrantRole[]): boolean {
  if (!withinScope(actor, olympiadId)) return false;
  if (actor.role === 'overlord') return true;
  return actor.grants.some((g) => g.olympiadId === olympiadId && roles.includes(g.role));
}
