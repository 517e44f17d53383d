import type { Role } from '../../../contract/roles.js';
import { type Actor, holdsOlympiad } from '../../http/actor.js';
import { badRequest, notFound } from '../../http/errors.js';

/** Who may call each mail operation at all (plain data; record rules below). */
export const mailAccess = {
  /** The queue and the email logs: the overlord everywhere, an admin within their olympiad. */
  queue: ['overlord', 'admin'],
  /** Releasing held mass mail is the overlord's (the mass-mail queue screen). */
  release: ['overlord'],
  logs: ['overlord', 'admin'],
  /** The unsubscribes report: admin or funding (docs/spec.md §2), and the overlord. */
  unsubscribes: ['overlord', 'admin', 'funding'],
  /** Adding an address to the list by hand. */
  unsubscribeByStaff: ['overlord', 'admin'],
  bounces: ['overlord'],
  /** Files: admins manage their olympiad's attachments; funding may read them to attach to a mailing. */
  filesRead: ['overlord', 'admin', 'funding'],
  filesWrite: ['overlord', 'admin'],
  uploads: ['overlord', 'admin'],
  /** Mass mailers: admin and funding (docs/spec.md §2), and the overlord's Mass Mails. */
  massMail: ['overlord', 'admin', 'funding'],
  /** Useful contacts (interested and affected parties): admin and funding (docs/spec.md §2, §6), and the overlord. */
  usefulContacts: ['overlord', 'admin', 'funding'],
  templates: ['overlord', 'admin'],
  public: 'public',
} as const satisfies Record<string, 'public' | readonly Role[]>;

type GrantedRoles = ReadonlyArray<'admin' | 'accountant' | 'funding'>;

/** Which rows a list may show: all of them (overlord, no olympiad asked) or one olympiad's. */
export type Scope = { kind: 'all' } | { kind: 'olympiad'; olympiadId: number };

export const mailPolicy = {
  /** A record of an olympiad (or site-wide when null: the overlord's only). */
  canSee(actor: Actor, olympiadId: number | null, roles: GrantedRoles): boolean {
    if (actor.role === 'overlord') return true;
    return olympiadId != null && holdsOlympiad(actor, olympiadId, roles);
  },

  /** Useful contacts are read and kept by the olympiad's admins and funding staff (docs/spec.md §6). */
  canSeeContact: (actor: Actor, contact: { olympiadId: number }) =>
    holdsOlympiad(actor, contact.olympiadId, ['admin', 'funding']),
  canEditContact: (actor: Actor, contact: { olympiadId: number }) =>
    holdsOlympiad(actor, contact.olympiadId, ['admin', 'funding']),

  /**
   * The scope of a list call. The overlord may leave the olympiad out (everything); everyone else names an
   * olympiad they hold, and another olympiad answers 404 like one that does not exist.
   */
  scope(actor: Actor, olympiadId: number | undefined | null, roles: GrantedRoles): Scope {
    if (olympiadId == null || olympiadId === 0) {
      if (actor.role === 'overlord') return { kind: 'all' };
      throw badRequest('Say which olympiad (olympiadId)');
    }
    if (!mailPolicy.canSee(actor, olympiadId, roles)) throw notFound('This olympiad');
    return { kind: 'olympiad', olympiadId };
  },
};
