import { describe, expect, it } from 'vitest';
import type { GrantRole, Role } from '../../../contract/roles.js';
import { actorOf } from '../../test/actors.js';
import { financePolicy } from './policy.js';

const OWN = 1;
const OTHER = 2;

const actor = (
  role: Role,
  grants: Array<[number, GrantRole]> = [],
  extra: { impersonatorId?: number; olympiadScope?: number[] } = {},
) => actorOf(role, { grants, ...extra });

const live = { olympiadId: OWN, deletedAt: null };
const removed = { olympiadId: OWN, deletedAt: new Date() };
const elsewhere = { olympiadId: OTHER, deletedAt: null };
const all = ['read', 'setStatus', 'delete'] as const;

describe('purchase orders policy', () => {
  it('the overlord, an admin and an accountant read and change their olympiad’s orders', () => {
    for (const who of [
      actor('overlord'),
      actor('admin', [[OWN, 'admin']]),
      actor('accountant', [[OWN, 'accountant']]),
    ]) {
      expect(financePolicy.flags(who, live, all), who.role).toEqual({ read: true, setStatus: true, delete: true });
    }
  });

  it('a removed order may be restored by a status change, not removed again', () => {
    const accountant = actor('accountant', [[OWN, 'accountant']]);
    expect(financePolicy.flags(accountant, removed, all)).toEqual({ read: true, setStatus: true, delete: false });
  });

  it('funding staff only read their olympiad’s orders', () => {
    const funding = actor('funding', [[OWN, 'funding']]);
    expect(financePolicy.flags(funding, live, all)).toEqual({ read: true, setStatus: false, delete: false });
  });

  it('another olympiad’s orders are out of reach of its non-holders', () => {
    for (const role of ['admin', 'accountant', 'funding'] as const) {
      expect(financePolicy.flags(actor(role, [[OWN, role]]), elsewhere, all)).toEqual({
        read: false,
        setStatus: false,
        delete: false,
      });
    }
    expect(financePolicy.can(actor('overlord'), 'read', elsewhere)).toBe(true);
  });

  it('teachers and learners have no orders; an impersonated session keeps to its scope', () => {
    expect(financePolicy.flags(actor('teacher'), live, all)).toEqual({ read: false, setStatus: false, delete: false });
    expect(financePolicy.flags(actor('learner'), live, all)).toEqual({ read: false, setStatus: false, delete: false });
    const scoped = actor(
      'accountant',
      [
        [OWN, 'accountant'],
        [OTHER, 'accountant'],
      ],
      { impersonatorId: 99, olympiadScope: [OWN] },
    );
    expect(financePolicy.can(scoped, 'setStatus', live)).toBe(true);
    expect(financePolicy.can(scoped, 'setStatus', elsewhere)).toBe(false);
  });
});
