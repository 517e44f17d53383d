import { describe, expect, it } from 'vitest';
import type { Actor } from '../../http/actor.js';
import { reportsPolicy } from './policy.js';

const actor = (over: Partial<Actor>): Actor => ({
  userId: 1,
  sessionId: 1,
  role: 'admin',
  username: 'a',
  olympiadId: null,
  schoolId: null,
  grants: [],
  impersonatorId: null,
  olympiadScope: null,
  ...over,
});

describe('reportsPolicy', () => {
  const admin = actor({ grants: [{ olympiadId: 7, role: 'admin' }] });
  const accountant = actor({ role: 'accountant', grants: [{ olympiadId: 7, role: 'accountant' }] });
  const overlord = actor({ role: 'overlord' });

  it('an admin reads their own olympiad’s reports only', () => {
    expect(reportsPolicy.can(admin, 'read', { olympiadId: 7 })).toBe(true);
    expect(reportsPolicy.can(admin, 'read', { olympiadId: 8 })).toBe(false);
    expect(reportsPolicy.can(accountant, 'read', { olympiadId: 7 })).toBe(false);
  });

  it('the overlord reads every olympiad’s and the overview across all of them', () => {
    expect(reportsPolicy.can(overlord, 'read', { olympiadId: 8 })).toBe(true);
    expect(reportsPolicy.can(overlord, 'readAll', { olympiadId: null })).toBe(true);
    expect(reportsPolicy.can(admin, 'readAll', { olympiadId: null })).toBe(false);
  });

  it('the dashboard: staff, for an olympiad they hold', () => {
    expect(reportsPolicy.can(accountant, 'dashboard', { olympiadId: 7 })).toBe(true);
    expect(reportsPolicy.can(accountant, 'dashboard', { olympiadId: 8 })).toBe(false);
    expect(reportsPolicy.can(accountant, 'dashboard', { olympiadId: null })).toBe(true);
    expect(reportsPolicy.can(actor({ role: 'teacher' }), 'dashboard', { olympiadId: null })).toBe(false);
  });
});
