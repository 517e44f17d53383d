import { describe, expect, it } from 'vitest';
import { actorOf } from '../../test/actors.js';
import { copyPolicy } from './policy.js';

/** Olympiad 1 is the admin's; olympiad 2 is someone else's. */
const overlord = actorOf('overlord');
const admin = actorOf('admin');
const accountant = actorOf('accountant');
const funding = actorOf('funding');
const teacher = actorOf('teacher', { schoolId: 10 });
const learner = actorOf('learner', { schoolId: 10, olympiadId: 1 });
/** An overlord acting as an admin of olympiad 1: held to olympiad 1. */
const scopedOverlord = actorOf('overlord', { impersonatorId: 2, olympiadScope: [1] });

const ownProject = { projectOlympiadIds: [1, 3] };
const otherProject = { projectOlympiadIds: [2] };
const emptyProject = { projectOlympiadIds: [] };

describe('copyPolicy', () => {
  it('names who holds each action as data', () => {
    expect(copyPolicy.capabilities).toEqual({
      editWebsite: ['overlord', 'admin'],
      editGeneral: ['overlord', 'admin'],
      editSite: ['overlord'],
      readPublic: 'public',
      acceptTerms: ['teacher'],
    });
  });

  it('the overlord edits every project’s website, every olympiad’s copy and the platform’s own', () => {
    expect(copyPolicy.can(overlord, 'editWebsite', otherProject)).toBe(true);
    expect(copyPolicy.can(overlord, 'editWebsite', emptyProject)).toBe(true);
    expect(copyPolicy.can(overlord, 'editGeneral', { olympiadId: 2 })).toBe(true);
    expect(copyPolicy.can(overlord, 'editSite', {})).toBe(true);
  });

  it('an admin edits the website of a project with one of their olympiads and their olympiads’ copy only', () => {
    expect(copyPolicy.can(admin, 'editWebsite', ownProject)).toBe(true);
    expect(copyPolicy.can(admin, 'editWebsite', otherProject)).toBe(false);
    expect(copyPolicy.can(admin, 'editWebsite', emptyProject)).toBe(false);
    expect(copyPolicy.can(admin, 'editWebsite', {})).toBe(false);
    expect(copyPolicy.can(admin, 'editGeneral', { olympiadId: 1 })).toBe(true);
    expect(copyPolicy.can(admin, 'editGeneral', { olympiadId: 2 })).toBe(false);
    expect(copyPolicy.can(admin, 'editGeneral', { olympiadId: null })).toBe(false);
    expect(copyPolicy.can(admin, 'editSite', {})).toBe(false);
  });

  it('an overlord acting within an admin’s scope edits only what that admin could', () => {
    expect(copyPolicy.can(scopedOverlord, 'editWebsite', ownProject)).toBe(true);
    expect(copyPolicy.can(scopedOverlord, 'editWebsite', otherProject)).toBe(false);
    expect(copyPolicy.can(scopedOverlord, 'editWebsite', emptyProject)).toBe(false);
    expect(copyPolicy.can(scopedOverlord, 'editGeneral', { olympiadId: 2 })).toBe(false);
  });

  it('other grants, teachers and learners edit nothing', () => {
    for (const who of [accountant, funding, teacher, learner]) {
      expect(copyPolicy.can(who, 'editWebsite', ownProject)).toBe(false);
      expect(copyPolicy.can(who, 'editGeneral', { olympiadId: 1 })).toBe(false);
      expect(copyPolicy.can(who, 'editSite', {})).toBe(false);
    }
  });

  it('a teacher accepts the terms in person, never someone acting as them', () => {
    expect(copyPolicy.can(teacher, 'acceptTerms', {})).toBe(true);
    expect(copyPolicy.can({ ...teacher, impersonatorId: 1 }, 'acceptTerms', {})).toBe(false);
    expect(copyPolicy.can(admin, 'acceptTerms', {})).toBe(false);
  });

  it('anyone reads the public copy', () => {
    expect(copyPolicy.access.readPublic).toBe('public');
    expect(copyPolicy.can(learner, 'readPublic', {})).toBe(true);
  });
});
