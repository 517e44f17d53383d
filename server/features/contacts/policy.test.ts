import { describe, expect, it } from 'vitest';
import type { GrantRole, Role } from '../../../contract/roles.js';
import { actorOf } from '../../test/actors.js';
import { contactsPolicy } from './policy.js';

const OWN = 1;
const OTHER = 2;

const actor = (
  role: Role,
  grants: Array<[number, GrantRole]> = [],
  extra: { impersonatorId?: number; olympiadScope?: number[] } = {},
) => actorOf(role, { grants, ...extra });

const actions = ['read', 'edit'] as const;

describe('useful contacts policy', () => {
  it('the overlord reads and keeps every olympiad’s contacts', () => {
    for (const action of actions) {
      expect(contactsPolicy.can(actor('overlord'), action, { olympiadId: OWN })).toBe(true);
      expect(contactsPolicy.can(actor('overlord'), action, { olympiadId: OTHER })).toBe(true);
    }
  });

  it('an olympiad’s admins and funding staff read and keep its contacts, not another olympiad’s', () => {
    for (const role of ['admin', 'funding'] as const) {
      const who = actor(role, [[OWN, role]]);
      for (const action of actions) {
        expect(contactsPolicy.can(who, action, { olympiadId: OWN }), `${role} ${action}`).toBe(true);
        expect(contactsPolicy.can(who, action, { olympiadId: OTHER }), `${role} ${action}`).toBe(false);
      }
    }
  });

  it('accountants, teachers and learners have no contacts', () => {
    const people = [actor('accountant', [[OWN, 'accountant']]), actor('teacher'), actor('learner')];
    for (const who of people)
      for (const action of actions) expect(contactsPolicy.can(who, action, { olympiadId: OWN })).toBe(false);
  });

  it('an impersonated session keeps to its scope', () => {
    const scoped = actor(
      'admin',
      [
        [OWN, 'admin'],
        [OTHER, 'admin'],
      ],
      { impersonatorId: 99, olympiadScope: [OWN] },
    );
    expect(contactsPolicy.can(scoped, 'edit', { olympiadId: OWN })).toBe(true);
    expect(contactsPolicy.can(scoped, 'edit', { olympiadId: OTHER })).toBe(false);
    expect(contactsPolicy.flags(scoped, { olympiadId: OTHER }, ['read', 'edit'])).toEqual({ read: false, edit: false });
  });
});
