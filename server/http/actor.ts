import type { GrantRole, Role } from '../../contract/roles.js';

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
  /** A session opened by a password-reset link: it may only set the password (features/auth/authenticate.ts). */
  passwordOnly?: boolean;
}

/** Does the actor hold one of `roles` for this olympiad (overlord holds every olympiad)? */
export function holdsOlympiad(actor: Actor, olympiadId: number, roles: readonly GrantRole[]): boolean {
  if (actor.role === 'overlord') return true;
  return actor.grants.some((g) => g.olympiadId === olympiadId && roles.includes(g.role));
}
