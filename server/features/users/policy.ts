import { definePolicy } from '../../http/policy.js';

/** A staff account as the rules read it. */
export interface StaffAccountRecord {
  id: number;
}

const overlord = ['overlord'] as const;

const capabilities = {
  list: overlord,
  see: overlord,
  create: overlord,
  edit: overlord,
  /** Change the account's role, or disable it: never one's own (the overlord cannot lock themselves out). */
  changeRole: overlord,
  disable: overlord,
  /** Mail a password-reset link. */
  mail: overlord,
  endSessions: overlord,
  /** Choose the language one reads Olympus and its mail in: everyone who is signed in, for their own account. */
  ownLanguage: 'signedIn',
} as const;

/**
 * Staff users (docs/spec.md §7 "GET user/v-rest/", /overlord/edit/users): the overlord creates, edits, disables and
 * enables accounts of every staff role, mails reset links and ends sessions. Nobody takes their own account's
 * role away or disables it (another overlord can).
 */
export const usersPolicy = definePolicy({
  capabilities,
  rule(actor, action, user: StaffAccountRecord) {
    if (action === 'changeRole' || action === 'disable') return user.id !== actor.userId;
    return true;
  },
});

export const userFlags = ['edit', 'disable', 'mail', 'endSessions'] as const;
