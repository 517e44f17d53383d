import { describe, expect, it } from 'vitest';
import type { Actor } from '../../http/actor.js';
import { actorOf } from '../../test/actors.js';
import { countsReach } from './load.js';
import { sittingPolicy } from './policy.js';

const base = actorOf({ role: 'overlord' });
const overlord: Actor = { ...base, role: 'overlord' };
const admin: Actor = { ...base, userId: 2, role: 'admin', grants: [{ olympiadId: 10, role: 'admin' }] };
const accountant: Actor = { ...base, userId: 3, role: 'admin', grants: [{ olympiadId: 10, role: 'accountant' }] };
const teacher: Actor = { ...base, userId: 4, role: 'teacher', schoolId: 7 };
const learner: Actor = { ...base, userId: 5, role: 'learner', olympiadId: 10, schoolId: 7 };
/** An admin of olympiad 10 acting as its learner: scope limited to olympiad 10. */
const actingAsLearner: Actor = { ...learner, impersonatorId: 2, olympiadScope: [10] };
/** An admin of olympiad 20 acting as a learner of olympiad 10: outside the scope. */
const actingOutside: Actor = { ...learner, impersonatorId: 9, olympiadScope: [20] };

const olympiad10 = { olympiadId: 10 };
const olympiad20 = { olympiadId: 20 };

describe('sittingPolicy', () => {
  it('a learner sits and views only their own olympiad', () => {
    expect(sittingPolicy.can(learner, 'sit', olympiad10)).toBe(true);
    expect(sittingPolicy.can(learner, 'view', olympiad10)).toBe(true);
    expect(sittingPolicy.can(learner, 'sit', olympiad20)).toBe(false);
    expect(sittingPolicy.can(learner, 'view', olympiad20)).toBe(false);
  });

  it('someone acting as the learner views within their scope but never writes', () => {
    expect(sittingPolicy.can(actingAsLearner, 'view', olympiad10)).toBe(true);
    expect(sittingPolicy.can(actingAsLearner, 'sit', olympiad10)).toBe(false);
    expect(sittingPolicy.can(actingOutside, 'view', olympiad10)).toBe(false);
  });

  it('staff never sit, and a learner administers nothing', () => {
    for (const actor of [overlord, admin, teacher]) {
      expect(sittingPolicy.can(actor, 'sit', olympiad10)).toBe(false);
      expect(sittingPolicy.can(actor, 'view', olympiad10)).toBe(false);
    }
    expect(sittingPolicy.can(learner, 'administer', olympiad10)).toBe(false);
    expect(sittingPolicy.can(learner, 'counts', olympiad10)).toBe(false);
  });

  it('the overlord and the olympiad’s admins administer it; other grants and olympiads do not', () => {
    expect(sittingPolicy.can(overlord, 'administer', olympiad20)).toBe(true);
    expect(sittingPolicy.can(admin, 'administer', olympiad10)).toBe(true);
    expect(sittingPolicy.can(admin, 'administer', olympiad20)).toBe(false);
    expect(sittingPolicy.can(accountant, 'administer', olympiad10)).toBe(false);
    expect(sittingPolicy.can(teacher, 'administer', olympiad10)).toBe(false);
  });

  it('an overlord acting within an admin’s scope is held to it', () => {
    const scoped: Actor = { ...overlord, impersonatorId: 2, olympiadScope: [10] };
    expect(sittingPolicy.can(scoped, 'administer', olympiad10)).toBe(true);
    expect(sittingPolicy.can(scoped, 'administer', olympiad20)).toBe(false);
  });

  it('counts: admins the whole olympiad, a teacher only when their school is entered', () => {
    expect(sittingPolicy.can(admin, 'counts', olympiad10)).toBe(true);
    expect(sittingPolicy.can(admin, 'counts', olympiad20)).toBe(false);
    expect(sittingPolicy.can(teacher, 'counts', { olympiadId: 10, enteredSchoolIds: [7] })).toBe(true);
    expect(sittingPolicy.can(teacher, 'counts', { olympiadId: 10, enteredSchoolIds: [] })).toBe(false);
    expect(sittingPolicy.can(teacher, 'counts', { olympiadId: 10, enteredSchoolIds: [8] })).toBe(false);
    expect(countsReach(admin, olympiad10)).toEqual({ olympiads: [10], schoolId: null });
    expect(countsReach(teacher, { olympiadId: 10, enteredSchoolIds: [7] })).toEqual({ olympiads: [10], schoolId: 7 });
  });

  it('anyone may try the recovery PIN', () => {
    expect(sittingPolicy.access.recover).toBe('public');
  });
});
