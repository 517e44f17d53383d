import { describe, expect, it } from 'vitest';
import { actorOf } from '../../test/actors.js';
import { mayAddTeachers, teachersPolicy } from './policy.js';

/** Olympiad 1 is the admin's; olympiad 2 is someone else's. */
const overlord = actorOf('overlord');
const admin = actorOf('admin');
const accountant = actorOf('accountant');
const funding = actorOf('funding');
const teacher = actorOf('teacher', { schoolId: 10 });
const learner = actorOf('learner', { schoolId: 10, olympiadId: 1 });
/** An admin of olympiads 1 and 2 in a session scoped to olympiad 1 (as when acting as someone). */
const scopedAdmin = actorOf('admin', {
  grants: [
    [1, 'admin'],
    [2, 'admin'],
  ],
  impersonatorId: 99,
  olympiadScope: [1],
});

/** A teacher of a school that entered the admin's olympiad itself. */
const ownAccord = { schoolId: 10, olympiadIds: [1], entries: [{ olympiadId: 1, byStaff: false }] };
/** A teacher of a school the admin entered, that is also in another olympiad. */
const enteredByStaff = {
  schoolId: 30,
  olympiadIds: [1, 2],
  entries: [
    { olympiadId: 1, byStaff: true },
    { olympiadId: 2, byStaff: false },
  ],
};
/** A teacher of another olympiad's school. */
const elsewhere = { schoolId: 20, olympiadIds: [2], entries: [{ olympiadId: 2, byStaff: false }] };
/** A teacher without a school. */
const noSchool = { schoolId: null, olympiadIds: [], entries: [] };

const manage = ['update', 'disable', 'mail'] as const;

describe('teachers policy', () => {
  it('staff see the teachers of their olympiads’ schools; the overlord every teacher', () => {
    for (const who of [overlord, admin, accountant, funding]) {
      expect(teachersPolicy.can(who, 'see', ownAccord)).toBe(true);
      expect(teachersPolicy.can(who, 'see', enteredByStaff)).toBe(true);
    }
    for (const who of [admin, accountant, funding]) {
      expect(teachersPolicy.can(who, 'see', elsewhere)).toBe(false);
      expect(teachersPolicy.can(who, 'see', noSchool)).toBe(false);
    }
    expect(teachersPolicy.can(overlord, 'see', noSchool)).toBe(true);
    for (const who of [teacher, learner]) {
      expect(teachersPolicy.can(who, 'see', ownAccord)).toBe(false);
      expect(teachersPolicy.can(who, 'list', ownAccord)).toBe(false);
    }
  });

  it('the overlord manages every account; an admin only those the shared rule gives them', () => {
    for (const record of [ownAccord, enteredByStaff, elsewhere, noSchool]) {
      expect(teachersPolicy.flags(overlord, record, manage)).toEqual({ update: true, disable: true, mail: true });
      expect(teachersPolicy.can(overlord, 'create', record)).toBe(true);
    }
    expect(teachersPolicy.flags(admin, ownAccord, manage)).toEqual({ update: true, disable: true, mail: true });
    expect(teachersPolicy.can(admin, 'create', ownAccord)).toBe(true);
    for (const record of [enteredByStaff, elsewhere, noSchool]) {
      expect(teachersPolicy.flags(admin, record, manage)).toEqual({ update: false, disable: false, mail: false });
      expect(teachersPolicy.can(admin, 'create', record)).toBe(false);
    }
    for (const who of [accountant, funding, teacher, learner]) {
      expect(teachersPolicy.flags(who, ownAccord, manage)).toEqual({ update: false, disable: false, mail: false });
    }
  });

  it('an impersonated session reaches only the olympiads of its scope', () => {
    const inOlympiad2 = { schoolId: 40, olympiadIds: [2], entries: [{ olympiadId: 2, byStaff: false }] };
    expect(teachersPolicy.can(scopedAdmin, 'see', ownAccord)).toBe(true);
    expect(teachersPolicy.can(scopedAdmin, 'see', inOlympiad2)).toBe(false);
    expect(teachersPolicy.can(scopedAdmin, 'update', inOlympiad2)).toBe(false);
    expect(mayAddTeachers(scopedAdmin, 2)).toBe(false);
    expect(mayAddTeachers(scopedAdmin, 1)).toBe(true);
  });

  it('the profile is a teacher’s own; the list’s flag says who may add teachers in the olympiad named', () => {
    expect(teachersPolicy.can(teacher, 'profile', ownAccord)).toBe(true);
    expect(teachersPolicy.can(admin, 'profile', ownAccord)).toBe(false);
    expect(mayAddTeachers(overlord, 2)).toBe(true);
    expect(mayAddTeachers(admin, 1)).toBe(true);
    expect(mayAddTeachers(admin, 2)).toBe(false);
    expect(mayAddTeachers(accountant, 1)).toBe(false);
    expect(mayAddTeachers(teacher)).toBe(false);
  });
});
