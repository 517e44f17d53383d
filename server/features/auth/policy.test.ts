import { describe, expect, it } from 'vitest';
import type { Actor } from '../../http/actor.js';
import { actorOf } from '../../test/actors.js';
import { type ImpersonationTarget, authPolicy } from './policy.js';

const base = actorOf({ role: 'overlord' });
const overlord: Actor = { ...base };
const admin: Actor = { ...base, userId: 2, role: 'admin', grants: [{ olympiadId: 10, role: 'admin' }] };
const accountant: Actor = { ...base, userId: 3, role: 'admin', grants: [{ olympiadId: 10, role: 'accountant' }] };
const teacher: Actor = { ...base, userId: 4, role: 'teacher', schoolId: 7 };

const target = (t: Partial<ImpersonationTarget>): ImpersonationTarget => ({
  id: 50,
  role: 'learner',
  olympiadId: 10,
  school: null,
  inOlympiad: 10,
  ...t,
});
const ownAccord = { id: 7, entries: [{ olympiadId: 10, byStaff: false }] };
const enteredByStaffElsewhere = {
  id: 8,
  entries: [
    { olympiadId: 10, byStaff: true },
    { olympiadId: 20, byStaff: false },
  ],
};

describe('authPolicy', () => {
  it('everyone may sign in, ask for a reset link and use one; signed-in users manage their own session', () => {
    for (const a of ['signin', 'forgotPassword', 'verifyEmail'] as const) expect(authPolicy.access[a]).toBe('public');
    for (const a of ['me', 'logout', 'setPassword', 'stopImpersonating'] as const) {
      expect(authPolicy.access[a]).toBe('signedIn');
      expect(authPolicy.can(teacher, a, null)).toBe(true);
    }
  });

  it('the overlord acts as anyone but another overlord or themselves', () => {
    expect(authPolicy.can(overlord, 'impersonate', target({ inOlympiad: null }))).toBe(true);
    expect(authPolicy.can(overlord, 'impersonate', target({ role: 'admin', olympiadId: null }))).toBe(true);
    expect(authPolicy.can(overlord, 'impersonate', target({ role: 'overlord', olympiadId: null }))).toBe(false);
    expect(authPolicy.can(overlord, 'impersonate', target({ id: overlord.userId }))).toBe(false);
  });

  it('an admin acts as their olympiad’s learners and the teachers they manage there, within it only', () => {
    expect(authPolicy.can(admin, 'impersonate', target({}))).toBe(true);
    expect(authPolicy.can(admin, 'impersonate', target({ olympiadId: 20 }))).toBe(false);
    expect(authPolicy.can(admin, 'impersonate', target({ inOlympiad: 20, olympiadId: 20 }))).toBe(false);
    expect(authPolicy.can(admin, 'impersonate', target({ inOlympiad: null }))).toBe(false);
    const teacherOf = (school: ImpersonationTarget['school']) => target({ role: 'teacher', olympiadId: null, school });
    expect(authPolicy.can(admin, 'impersonate', teacherOf(ownAccord))).toBe(true);
    expect(authPolicy.can(admin, 'impersonate', teacherOf(enteredByStaffElsewhere))).toBe(false);
    expect(authPolicy.can(admin, 'impersonate', target({ role: 'admin', olympiadId: null }))).toBe(false);
  });

  it('other roles, other grants and impersonated sessions act as nobody', () => {
    expect(authPolicy.can(accountant, 'impersonate', target({}))).toBe(false);
    expect(authPolicy.can(teacher, 'impersonate', target({}))).toBe(false);
    expect(authPolicy.can({ ...admin, impersonatorId: 1 }, 'impersonate', target({}))).toBe(false);
    expect(authPolicy.can({ ...overlord, impersonatorId: 1 }, 'impersonate', target({}))).toBe(false);
  });
});
