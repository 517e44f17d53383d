import { describe, expect, it } from 'vitest';
import type { Actor } from '../../http/actor.js';
import type { GrantRole, Role } from '../../../contract/roles.js';
import { actorOf } from '../../test/actors.js';
import { type MailAction, mailPolicy } from './policy.js';

const OWN = 1;
const OTHER = 2;

const actor = (
  role: Role,
  grants: Array<[number, GrantRole]> = [],
  extra: { impersonatorId?: number; olympiadScope?: number[] } = {},
) => actorOf(role, { grants, ...extra });

const overlord = actor('overlord');
const admin = actor('admin', [[OWN, 'admin']]);
const funding = actor('funding', [[OWN, 'funding']]);
const accountant = actor('accountant', [[OWN, 'accountant']]);
const teacher = actor('teacher');
const learner = actor('learner');

const own = { olympiadId: OWN };
const other = { olympiadId: OTHER };
const siteWide = { olympiadId: null };

const can = (a: Actor, action: MailAction, r: { olympiadId: number | null }) => mailPolicy.can(a, action, r);

describe('mail policy', () => {
  it('the overlord holds every olympiad’s mail and the site-wide records', () => {
    for (const action of Object.keys(mailPolicy.capabilities) as MailAction[]) {
      expect(can(overlord, action, own), action).toBe(true);
      expect(can(overlord, action, other), action).toBe(true);
      expect(can(overlord, action, siteWide), action).toBe(true);
    }
  });

  it('an admin holds their olympiad’s queue, logs, files, mass mail, copy and unsubscribes; not release or bounces', () => {
    const held: MailAction[] = [
      'queue',
      'logs',
      'unsubscribes',
      'addUnsubscribe',
      'readFiles',
      'manageFiles',
      'massMail',
      'templates',
    ];
    for (const action of held) {
      expect(can(admin, action, own), action).toBe(true);
      expect(can(admin, action, other), action).toBe(false);
    }
    for (const action of ['release', 'bounces'] as const) expect(can(admin, action, own), action).toBe(false);
    // Site-wide records are the overlord's, but a site-wide attachment is read by every reader.
    expect(can(admin, 'manageFiles', siteWide)).toBe(false);
    expect(can(admin, 'massMail', siteWide)).toBe(false);
    expect(can(admin, 'templates', siteWide)).toBe(false);
    expect(can(admin, 'readFiles', siteWide)).toBe(true);
  });

  it('funding staff send mass mail, read unsubscribes and attachments of their olympiad; nothing else', () => {
    for (const action of ['massMail', 'unsubscribes', 'readFiles'] as const) {
      expect(can(funding, action, own), action).toBe(true);
      expect(can(funding, action, other), action).toBe(false);
    }
    for (const action of ['queue', 'logs', 'addUnsubscribe', 'manageFiles', 'templates', 'release', 'bounces'] as const)
      expect(can(funding, action, own), action).toBe(false);
    expect(can(funding, 'readFiles', siteWide)).toBe(true);
  });

  it('accountants, teachers and learners hold no mail; everyone passes the public action', () => {
    for (const who of [accountant, teacher, learner]) {
      for (const action of Object.keys(mailPolicy.capabilities) as MailAction[]) {
        expect(can(who, action, own), `${who.role} ${action}`).toBe(action === 'public');
      }
    }
    expect(mailPolicy.access.public).toBe('public');
  });

  it('an impersonated session keeps to its scope: records of other olympiads are out of reach', () => {
    const scoped = actor(
      'admin',
      [
        [OWN, 'admin'],
        [OTHER, 'admin'],
      ],
      { impersonatorId: 99, olympiadScope: [OWN] },
    );
    expect(can(scoped, 'massMail', own)).toBe(true);
    expect(can(scoped, 'massMail', other)).toBe(false);
    expect(can(scoped, 'queue', other)).toBe(false);
  });

  it('flags answer each asked action', () => {
    expect(mailPolicy.flags(admin, own, ['addUnsubscribe'])).toEqual({ addUnsubscribe: true });
    expect(mailPolicy.flags(funding, own, ['addUnsubscribe'])).toEqual({ addUnsubscribe: false });
    expect(mailPolicy.flags(overlord, siteWide, ['addUnsubscribe'])).toEqual({ addUnsubscribe: true });
  });
});
