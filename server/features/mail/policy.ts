import type { Actor } from '../../http/actor.js';
import { definePolicy, type Holds } from '../../http/policy.js';

/** A mail record (a message, a mailing, a file, a template scope…): its olympiad, or null for a site-wide one. */
export interface MailRecord {
  olympiadId: number | null;
}

const capabilities = {
  /** The queue and the email logs: the overlord everywhere, an admin within their olympiad. */
  queue: ['overlord', 'admin'],
  logs: ['overlord', 'admin'],
  /** Releasing held mass mail, and moving a mailing's scheduled release, is the overlord's (the queue screen). */
  release: ['overlord'],
  /** The unsubscribes report: admin or funding (docs/spec.md §2), and the overlord. */
  unsubscribes: ['overlord', 'admin', 'funding'],
  /** Adding an address to the list by hand. */
  addUnsubscribe: ['overlord', 'admin'],
  bounces: ['overlord'],
  /** Mail attachments: funding may read them to attach to a mailing; site-wide ones are read by every reader. */
  readFiles: ['overlord', 'admin', 'funding'],
  /** Uploads and attachments are managed by the olympiad's admins (site-wide ones by the overlord). */
  manageFiles: ['overlord', 'admin'],
  /** Mass mailers: admin and funding (docs/spec.md §2), and the overlord's Mass Mails (site-wide too). */
  massMail: ['overlord', 'admin', 'funding'],
  /** System-email copy: the overlord's site-wide copy, an admin's olympiad copy. */
  templates: ['overlord', 'admin'],
  /** Unsubscribe links and the bounce intake (authenticated by their ref or secret, not a session). */
  public: 'public',
} as const;

export type MailAction = keyof typeof capabilities;

/** A record of an olympiad the actor holds for the action; a site-wide record (no olympiad) is the overlord's. */
const holdsRecord = (actor: Actor, r: MailRecord, holds: Holds) =>
  r.olympiadId == null ? actor.role === 'overlord' && holds.roles.includes('overlord') : holds.olympiad(r.olympiadId);

/**
 * Mail (docs/spec.md §2, §7): the overlord holds every olympiad and the site-wide records; an olympiad's
 * admins (and, for mass mail, unsubscribes and reading attachments, its funding staff) hold its records.
 */
export const mailPolicy = definePolicy({
  capabilities,
  rule(actor, action, record: MailRecord, holds) {
    switch (action) {
      case 'public':
        return true;
      case 'readFiles':
        // Site-wide attachments may be attached by any reader; writing them stays the overlord's.
        return record.olympiadId == null || holds.olympiad(record.olympiadId);
      default:
        return holdsRecord(actor, record, holds);
    }
  },
});
