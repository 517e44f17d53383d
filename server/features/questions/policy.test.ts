import { describe, expect, it } from 'vitest';
import { actorOf } from '../../test/actors.js';
import { questionFlags, questionsPolicy } from './policy.js';

const actor = actorOf;

const overlord = actor({ role: 'overlord', userId: 2 });
const admin = actor({ userId: 3, grants: [{ olympiadId: 10, role: 'admin' }] });
const accountant = actor({ role: 'accountant', grants: [{ olympiadId: 10, role: 'accountant' }] });
const teacher = actor({ role: 'teacher', schoolId: 5 });
const learner = actor({ role: 'learner', olympiadId: 10, schoolId: 5 });
const question = (olympiadId: number, lastEditedById: number | null) => ({ olympiadId, lastEditedById });

describe('questionsPolicy', () => {
  it('the overlord edits and verifies every olympiad’s paper', () => {
    expect(questionsPolicy.flags(overlord, question(99, 3), questionFlags)).toEqual({ edit: true, verify: true });
  });

  it('an admin edits their own olympiad’s paper only', () => {
    expect(questionsPolicy.can(admin, 'edit', { olympiadId: 10 })).toBe(true);
    expect(questionsPolicy.flags(admin, question(20, null), questionFlags)).toEqual({ edit: false, verify: false });
  });

  it('whoever edited a question last may not verify it', () => {
    expect(questionsPolicy.flags(admin, question(10, 3), questionFlags)).toEqual({ edit: true, verify: false });
    expect(questionsPolicy.can(admin, 'verify', question(10, 4))).toBe(true);
    expect(questionsPolicy.can(admin, 'verify', question(10, null))).toBe(true);
    expect(questionsPolicy.can(overlord, 'verify', question(10, 2))).toBe(false);
  });

  it('accountants, teachers and learners hold no authoring action', () => {
    for (const who of [accountant, teacher, learner]) {
      expect(questionsPolicy.flags(who, question(10, null), questionFlags)).toEqual({ edit: false, verify: false });
    }
  });

  it('a session acting as someone stays within its olympiad scope', () => {
    const scoped = actor({
      grants: [
        { olympiadId: 10, role: 'admin' },
        { olympiadId: 20, role: 'admin' },
      ],
      olympiadScope: [10],
    });
    expect(questionsPolicy.can(scoped, 'edit', { olympiadId: 10 })).toBe(true);
    expect(questionsPolicy.can(scoped, 'edit', { olympiadId: 20 })).toBe(false);
    expect(questionsPolicy.can(actor({ role: 'overlord', olympiadScope: [10] }), 'edit', { olympiadId: 20 })).toBe(
      false,
    );
  });
});
