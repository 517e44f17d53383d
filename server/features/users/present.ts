import type { StaffAccount } from '#contract/users';
import type { Actor } from '../../http/actor.js';
import { iso, isoOrNull } from '../../platform/dates.js';
import { displayName } from '../../platform/sessions.js';
import { userFlags, usersPolicy } from './policy.js';
import type { StaffAccountRow } from './queries.js';

/** A staff account: an allow-list of fields (never a password hash), with what the overlord may do to it. */
export function presentAccount(actor: Actor, u: StaffAccountRow): StaffAccount {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    name: displayName(u),
    role: u.role,
    disabled: u.disabledAt != null,
    disabledAt: isoOrNull(u.disabledAt),
    hasPassword: u.hasPassword,
    activeSessions: u.activeSessions,
    lastSignInAt: isoOrNull(u.lastSignInAt),
    createdAt: iso(u.createdAt),
    grants: u.grants,
    can: usersPolicy.flags(actor, u, userFlags),
  };
}
