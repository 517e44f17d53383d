import { describe, expect, it } from 'vitest';
import type { Actor } from '../../http/actor.js';
import { actorOf } from '../../test/actors.js';
import { learnersPolicy, learnersReach } from './policy.js';

const base = actorOf({ role: 'overlord' });
const overlord: Actor = { ...base };
const admin: Actor = { ...base, userId: 2, role: 'admin', grants: [{ olympiadId: 10, role: 'admin' }] };
const funding: Actor = { ...base, userId: 3, role: 'admin', grants: [{ olympiadId: 10, role: 'funding' }] };
const teacher: Actor = { ...base, userId: 4, role: 'teacher', schoolId: 7 };
const learner: Actor = { ...base, userId: 5, role: 'learner', olympiadId: 10, schoolId: 7 };

const mine = { role: 'learner', olympiadId: 10, schoolId: 7 };
const otherSchool = { role: 'learner', olympiadId: 10, schoolId: 8 };
const otherOlympiad = { role: 'learner', olympiadId: 20, schoolId: 7 };
const actions = ['manage', 'import', 'setPassword'] as const;

describe('learnersPolicy', () => {
  it('the overlord manages every learner', () => {
    for (const a of actions) expect(learnersPolicy.can(overlord, a, otherOlympiad)).toBe(true);
  });

  it('an admin manages their olympiad’s learners of any school, not another olympiad’s', () => {
    for (const a of actions) {
      expect(learnersPolicy.can(admin, a, mine)).toBe(true);
      expect(learnersPolicy.can(admin, a, otherSchool)).toBe(true);
      expect(learnersPolicy.can(admin, a, otherOlympiad)).toBe(false);
      expect(learnersPolicy.can(funding, a, mine)).toBe(false);
    }
  });

  it('a teacher manages their own school’s learners in every olympiad, no other school’s', () => {
    for (const a of actions) {
      expect(learnersPolicy.can(teacher, a, mine)).toBe(true);
      expect(learnersPolicy.can(teacher, a, otherOlympiad)).toBe(true);
      expect(learnersPolicy.can(teacher, a, otherSchool)).toBe(false);
    }
  });

  it('a learner manages nobody, and only learners are managed', () => {
    for (const a of actions) expect(learnersPolicy.can(learner, a, mine)).toBe(false);
    expect(learnersPolicy.can(overlord, 'setPassword', { ...mine, role: 'teacher' })).toBe(false);
    expect(learnersPolicy.can(overlord, 'manage', { ...mine, olympiadId: null })).toBe(false);
  });

  it('an import needs its school', () => {
    expect(learnersPolicy.can(admin, 'import', { olympiadId: 10, schoolId: null })).toBe(false);
    expect(learnersPolicy.can(admin, 'import', { olympiadId: 10, schoolId: 8 })).toBe(true);
  });

  it('an impersonated session stays within its olympiads', () => {
    const actingAsTeacher: Actor = { ...teacher, impersonatorId: 2, olympiadScope: [10] };
    expect(learnersPolicy.can(actingAsTeacher, 'manage', mine)).toBe(true);
    expect(learnersPolicy.can(actingAsTeacher, 'manage', otherOlympiad)).toBe(false);
    expect(learnersReach(actingAsTeacher, 20, undefined)).toBeNull();
  });

  it('reach: a teacher their own school only; an admin the school named or every school', () => {
    expect(learnersReach(teacher, 10, undefined)).toEqual({ olympiads: [10], schoolId: 7 });
    expect(learnersReach(teacher, 10, 7)).toEqual({ olympiads: [10], schoolId: 7 });
    expect(learnersReach(teacher, 10, 8)).toBeNull();
    expect(learnersReach(admin, 10, undefined)).toEqual({ olympiads: [10], schoolId: null });
    expect(learnersReach(admin, 10, 8)).toEqual({ olympiads: [10], schoolId: 8 });
    expect(learnersReach(admin, 20, undefined)).toBeNull();
    expect(learnersReach(learner, 10, undefined)).toBeNull();
  });
});
