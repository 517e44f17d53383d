import type { SessionUser } from '../../../contract/auth.js';
import { homeFor } from '../../../contract/navigation.js';
import type { GrantRole } from '../../../contract/roles.js';
import type { UserRow } from './queries.js';

interface SessionParts {
  user: UserRow;
  olympiadName: string | null;
  grants: Array<{ olympiadId: number; olympiadName: string; olympiadTitle: string; role: GrantRole }>;
  impersonator: UserRow | null;
  token: string;
  expiresAt: Date;
}

export const displayName = (u: Pick<UserRow, 'firstName' | 'lastName' | 'username'>) =>
  `${u.firstName} ${u.lastName}`.trim() || u.username;

/** The sign-in answer: an allow-list of the user's fields, never the password hash. */
export function presentSessionUser(p: SessionParts): SessionUser {
  const subject = { role: p.user.role, olympiadName: p.olympiadName, grants: p.grants };
  return {
    success: true,
    id: p.user.id,
    username: p.user.username,
    name: displayName(p.user),
    email: p.user.email,
    role: p.user.role,
    olympiadId: p.user.olympiadId,
    olympiadName: p.olympiadName,
    schoolId: p.user.schoolId,
    grants: p.grants,
    home: homeFor(subject),
    impersonator: p.impersonator
      ? { id: p.impersonator.id, username: p.impersonator.username, name: displayName(p.impersonator) }
      : null,
    accessToken: { token: p.token, expiresAt: p.expiresAt.toISOString() },
  };
}
