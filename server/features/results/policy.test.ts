import { describe, expect, it } from 'vitest';
import { actorOf } from '../../test/actors.js';
import { resultsPolicy } from './policy.js';

/**
 * Olympiad 1 is the admin's; olympiad 2 is someone else's. School 10 is the teacher's; school 20 another.
 * Learner 100 writes olympiad 1 for school 10.
 */
const overlord = actorOf('overlord');
const admin = actorOf('admin');
const accountant = actorOf('accountant');
const funding = actorOf('funding');
const teacher = actorOf('teacher', { schoolId: 10 });
const learner = actorOf('learner', { schoolId: 10, olympiadId: 1, userId: 100 });

const published = '2026-01-10T10:00:00.000Z';
const staffActions = ['moderate', 'configure', 'publish', 'read', 'readAll'] as const;

describe('resultsPolicy', () => {
  it('names who holds each action as data', () => {
    expect(resultsPolicy.capabilities).toEqual({
      moderate: ['overlord', 'admin'],
      configure: ['overlord', 'admin'],
      publish: ['overlord', 'admin'],
      read: ['overlord', 'admin', 'teacher'],
      readAll: ['overlord', 'admin'],
      readOwn: ['learner'],
    });
  });

  it('an olympiad’s admins do everything with its results, published or not, and nothing with another’s', () => {
    for (const action of staffActions) {
      expect(resultsPolicy.can(admin, action, { olympiadId: 1, publishedAt: null })).toBe(true);
      expect(resultsPolicy.can(admin, action, { olympiadId: 2, publishedAt: published })).toBe(false);
      expect(resultsPolicy.can(overlord, action, { olympiadId: 2, publishedAt: null })).toBe(true);
    }
    expect(resultsPolicy.can(admin, 'readOwn', { olympiadId: 1, userId: admin.userId })).toBe(false);
  });

  it('other grants hold nothing', () => {
    for (const who of [accountant, funding])
      for (const action of [...staffActions, 'readOwn'] as const)
        expect(resultsPolicy.can(who, action, { olympiadId: 1, schoolId: 10, publishedAt: published })).toBe(false);
  });

  it('a teacher reads their own school’s results once published, and nothing else', () => {
    expect(resultsPolicy.can(teacher, 'read', { olympiadId: 1, schoolId: 10, publishedAt: published })).toBe(true);
    expect(resultsPolicy.can(teacher, 'read', { olympiadId: 1, schoolId: 10, publishedAt: null })).toBe(false);
    expect(resultsPolicy.can(teacher, 'read', { olympiadId: 1, schoolId: 20, publishedAt: published })).toBe(false);
    for (const action of ['moderate', 'configure', 'publish', 'readAll', 'readOwn'] as const)
      expect(resultsPolicy.can(teacher, action, { olympiadId: 1, schoolId: 10, publishedAt: published })).toBe(false);
  });

  it('someone acting as the teacher is held to their scope', () => {
    const acting = actorOf('teacher', { schoolId: 10, impersonatorId: 99, olympiadScope: [1] });
    expect(resultsPolicy.can(acting, 'read', { olympiadId: 1, schoolId: 10, publishedAt: published })).toBe(true);
    expect(resultsPolicy.can(acting, 'read', { olympiadId: 2, schoolId: 10, publishedAt: published })).toBe(false);
  });

  it('a learner reads only their own result in their own olympiad', () => {
    expect(resultsPolicy.can(learner, 'readOwn', { olympiadId: 1, userId: 100 })).toBe(true);
    expect(resultsPolicy.can(learner, 'readOwn', { olympiadId: 1, userId: 101 })).toBe(false);
    expect(resultsPolicy.can(learner, 'readOwn', { olympiadId: 2, userId: 100 })).toBe(false);
    expect(resultsPolicy.can(learner, 'readOwn', { olympiadId: 1 })).toBe(false);
    for (const action of staffActions)
      expect(resultsPolicy.can(learner, action, { olympiadId: 1, schoolId: 10, publishedAt: published })).toBe(false);
  });

  it('someone acting as the learner reads their result only within their scope', () => {
    const inside = { ...learner, impersonatorId: 2, olympiadScope: [1] };
    const outside = { ...learner, impersonatorId: 9, olympiadScope: [2] };
    expect(resultsPolicy.can(inside, 'readOwn', { olympiadId: 1, userId: 100 })).toBe(true);
    expect(resultsPolicy.can(outside, 'readOwn', { olympiadId: 1, userId: 100 })).toBe(false);
  });

  it('an overlord acting within an admin’s scope is held to it', () => {
    const scoped = actorOf('overlord', { impersonatorId: 2, olympiadScope: [1] });
    expect(resultsPolicy.can(scoped, 'publish', { olympiadId: 1 })).toBe(true);
    expect(resultsPolicy.can(scoped, 'publish', { olympiadId: 2 })).toBe(false);
  });
});
