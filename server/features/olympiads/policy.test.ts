import { describe, expect, it } from 'vitest';
import { actorOf } from '../../test/actors.js';
import { olympiadFlags, olympiadsPolicy, projectsPolicy, refusedFields } from './policy.js';

const actor = actorOf;

const mine = { id: 10 };
const other = { id: 20 };
const overlord = actor({ role: 'overlord' });
const admin = actor({ grants: [{ olympiadId: 10, role: 'admin' }] });
const accountant = actor({ role: 'accountant', grants: [{ olympiadId: 10, role: 'accountant' }] });
const funding = actor({ role: 'funding', grants: [{ olympiadId: 10, role: 'funding' }] });
const teacher = actor({ role: 'teacher', schoolId: 5 });
const learner = actor({ role: 'learner', olympiadId: 10, schoolId: 5 });

describe('olympiadsPolicy', () => {
  it('the overlord may do everything with every olympiad', () => {
    for (const action of Object.keys(olympiadsPolicy.capabilities) as Array<
      keyof typeof olympiadsPolicy.capabilities
    >) {
      expect(olympiadsPolicy.can(overlord, action, other)).toBe(true);
    }
  });

  it('an admin sees, edits the settings of, opens, pins and verifies their own olympiad only', () => {
    expect(olympiadsPolicy.flags(admin, mine, olympiadFlags)).toEqual({
      edit: true,
      editAll: false,
      open: true,
      pin: true,
      grant: false,
    });
    expect(olympiadsPolicy.can(admin, 'see', mine)).toBe(true);
    expect(olympiadsPolicy.can(admin, 'verify', mine)).toBe(true);
    expect(olympiadsPolicy.can(admin, 'delete', mine)).toBe(false);
    expect(olympiadsPolicy.can(admin, 'create', mine)).toBe(false);
    for (const action of ['see', 'edit', 'open', 'pin', 'verify'] as const) {
      expect(olympiadsPolicy.can(admin, action, other)).toBe(false);
    }
  });

  it('accountants and funding staff only see the olympiads they were granted', () => {
    for (const who of [accountant, funding]) {
      expect(olympiadsPolicy.can(who, 'see', mine)).toBe(true);
      expect(olympiadsPolicy.can(who, 'see', other)).toBe(false);
      expect(olympiadsPolicy.flags(who, mine, olympiadFlags)).toEqual({
        edit: false,
        editAll: false,
        open: false,
        pin: false,
        grant: false,
      });
    }
  });

  it('teachers and learners hold no olympiad action', () => {
    for (const who of [teacher, learner]) {
      for (const action of ['see', 'edit', 'open', 'create', 'grant'] as const) {
        expect(olympiadsPolicy.can(who, action, mine)).toBe(false);
      }
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
    expect(olympiadsPolicy.can(scoped, 'edit', mine)).toBe(true);
    expect(olympiadsPolicy.can(scoped, 'see', other)).toBe(false);
    const overlordActing = actor({ role: 'overlord', olympiadScope: [10] });
    expect(olympiadsPolicy.can(overlordActing, 'editAll', other)).toBe(false);
  });
});

describe('refusedFields: the admin/overlord settings split', () => {
  it('the overlord may change every field', () => {
    expect(refusedFields(overlord, mine, ['title', 'feeCents', 'startsAt'])).toEqual([]);
  });

  it('an admin may change only the settings', () => {
    expect(refusedFields(admin, mine, ['startsAt', 'instructions', 'showScore'])).toEqual([]);
    expect(refusedFields(admin, mine, ['title', 'durationMinutes', 'feeCents'])).toEqual(['title', 'feeCents']);
  });
});

describe('projectsPolicy', () => {
  it('projects are the overlord’s alone', () => {
    expect(projectsPolicy.can(overlord, 'manage', { id: 1 })).toBe(true);
    for (const who of [admin, accountant, funding, teacher, learner]) {
      expect(projectsPolicy.can(who, 'manage', { id: 1 })).toBe(false);
    }
  });
});
