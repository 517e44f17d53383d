import { describe, expect, it } from 'vitest';
import { actorOf } from '../../test/actors.js';
import { editableSchoolFields, entriesPolicy, eoiPolicy, mayEnterSchools, noSchool, schoolsPolicy } from './policy.js';

/** Olympiad 1 is the admin's; olympiad 2 is someone else's. School 10 is the teacher's; school 20 another. */
const overlord = actorOf('overlord');
const admin = actorOf('admin');
const accountant = actorOf('accountant');
const funding = actorOf('funding');
const teacher = actorOf('teacher', { schoolId: 10 });
const learner = actorOf('learner', { schoolId: 10, olympiadId: 1 });
/** An admin of olympiad 1 acting as the teacher of school 10: only olympiad 1 is within reach. */
const actingTeacher = actorOf('teacher', { schoolId: 10, impersonatorId: 99, olympiadScope: [1] });

const ownSchool = { id: 10, olympiadIds: [1], entries: [{ olympiadId: 1, byStaff: false }] };
const otherSchool = { id: 20, olympiadIds: [2], entries: [{ olympiadId: 2, byStaff: false }] };
/** Entered in the admin's olympiad by staff and in another one: its teacher accounts are not the admin's. */
const sharedSchool = {
  id: 30,
  olympiadIds: [1, 2],
  entries: [
    { olympiadId: 1, byStaff: true },
    { olympiadId: 2, byStaff: false },
  ],
};

describe('schools policy', () => {
  it('staff see the schools of their olympiads, a teacher their own; the overlord every one', () => {
    for (const who of [overlord, admin, accountant, funding])
      expect(schoolsPolicy.can(who, 'see', ownSchool)).toBe(true);
    for (const who of [admin, accountant, funding]) expect(schoolsPolicy.can(who, 'see', otherSchool)).toBe(false);
    expect(schoolsPolicy.can(overlord, 'see', otherSchool)).toBe(true);
    expect(schoolsPolicy.can(teacher, 'see', ownSchool)).toBe(true);
    expect(schoolsPolicy.can(teacher, 'see', otherSchool)).toBe(false);
    expect(schoolsPolicy.can(learner, 'see', ownSchool)).toBe(false);
    expect(schoolsPolicy.can(teacher, 'list', ownSchool)).toBe(false);
  });

  it('the overlord keeps the register; a teacher edits only their own school’s contact details', () => {
    expect(schoolsPolicy.flags(overlord, otherSchool, ['update', 'delete', 'merge'])).toEqual({
      update: true,
      delete: true,
      merge: true,
    });
    expect(schoolsPolicy.flags(teacher, ownSchool, ['update', 'delete', 'merge'])).toEqual({
      update: true,
      delete: false,
      merge: false,
    });
    expect(schoolsPolicy.can(teacher, 'update', otherSchool)).toBe(false);
    for (const who of [admin, accountant, funding, learner]) {
      expect(schoolsPolicy.can(who, 'update', ownSchool)).toBe(false);
      expect(schoolsPolicy.can(who, 'create', ownSchool)).toBe(false);
    }
    expect(editableSchoolFields(overlord, ownSchool)).toBe('all');
    expect(editableSchoolFields(teacher, ownSchool)).toBe('contact');
  });

  it('teacher accounts of a school: the overlord; an admin only where the shared rule allows', () => {
    expect(schoolsPolicy.can(overlord, 'manageTeachers', sharedSchool)).toBe(true);
    expect(schoolsPolicy.can(overlord, 'manageTeachers', noSchool)).toBe(true);
    expect(schoolsPolicy.can(admin, 'manageTeachers', ownSchool)).toBe(true);
    expect(schoolsPolicy.can(admin, 'manageTeachers', sharedSchool)).toBe(false);
    expect(schoolsPolicy.can(admin, 'manageTeachers', otherSchool)).toBe(false);
    expect(schoolsPolicy.can(admin, 'manageTeachers', noSchool)).toBe(false);
    expect(schoolsPolicy.can(accountant, 'manageTeachers', ownSchool)).toBe(false);
  });

  it('the portal is the teacher’s own school', () => {
    expect(schoolsPolicy.can(teacher, 'portal', ownSchool)).toBe(true);
    expect(schoolsPolicy.can(admin, 'portal', ownSchool)).toBe(false);
  });
});

describe('entries policy', () => {
  const own = { olympiadId: 1, schoolId: 10 };
  const otherSchoolsEntry = { olympiadId: 1, schoolId: 20 };
  const otherOlympiads = { olympiadId: 2, schoolId: 10 };

  it('staff see their olympiads’ entries, a teacher their school’s; only admins change them', () => {
    for (const who of [overlord, admin, accountant, funding]) expect(entriesPolicy.can(who, 'see', own)).toBe(true);
    for (const who of [admin, accountant, funding]) expect(entriesPolicy.can(who, 'see', otherOlympiads)).toBe(false);
    expect(entriesPolicy.can(teacher, 'see', own)).toBe(true);
    expect(entriesPolicy.can(teacher, 'learners', own)).toBe(true);
    expect(entriesPolicy.can(teacher, 'see', otherSchoolsEntry)).toBe(false);
    expect(entriesPolicy.can(learner, 'see', own)).toBe(false);
    expect(entriesPolicy.flags(admin, own, ['update', 'delete'])).toEqual({ update: true, delete: true });
    expect(entriesPolicy.flags(accountant, own, ['update', 'delete'])).toEqual({ update: false, delete: false });
    expect(entriesPolicy.can(teacher, 'update', own)).toBe(false);
    expect(entriesPolicy.can(admin, 'update', otherOlympiads)).toBe(false);
    expect(entriesPolicy.can(admin, 'enter', otherSchoolsEntry)).toBe(true);
    expect(entriesPolicy.can(admin, 'enter', otherOlympiads)).toBe(false);
    expect(entriesPolicy.can(overlord, 'enter', otherOlympiads)).toBe(true);
  });

  it('a teacher enters only their own school, only in a school olympiad, only within the session’s scope', () => {
    expect(entriesPolicy.can(teacher, 'selfEnter', { ...own, kind: 'school' })).toBe(true);
    expect(entriesPolicy.can(teacher, 'selfEnter', { ...own, kind: 'country' })).toBe(false);
    expect(entriesPolicy.can(teacher, 'selfEnter', { ...otherSchoolsEntry, kind: 'school' })).toBe(false);
    expect(entriesPolicy.can(admin, 'selfEnter', { ...own, kind: 'school' })).toBe(false);
    expect(entriesPolicy.can(actingTeacher, 'selfEnter', { ...own, kind: 'school' })).toBe(true);
    expect(entriesPolicy.can(actingTeacher, 'selfEnter', { ...otherOlympiads, kind: 'school' })).toBe(false);
    expect(entriesPolicy.can(actingTeacher, 'see', otherOlympiads)).toBe(false);
  });

  it('the list’s flag: who may enter schools in the olympiad named', () => {
    expect(mayEnterSchools(overlord, 2)).toBe(true);
    expect(mayEnterSchools(admin, 1)).toBe(true);
    expect(mayEnterSchools(admin, 2)).toBe(false);
    expect(mayEnterSchools(accountant, 1)).toBe(false);
    expect(mayEnterSchools(teacher, 1)).toBe(false);
  });
});

describe('expressions of interest policy', () => {
  const mine = { olympiadId: 1 };
  const theirs = { olympiadId: 2 };
  const none = { olympiadId: null };
  const actions = ['see', 'decline', 'process', 'createSchool', 'delete'] as const;

  it('anyone submits; staff of the olympiad see and decline; its admins process, add its school and delete', () => {
    expect(eoiPolicy.can(learner, 'submit', mine)).toBe(true);
    expect(eoiPolicy.flags(admin, mine, actions)).toEqual({
      see: true,
      decline: true,
      process: true,
      createSchool: true,
      delete: true,
    });
    for (const who of [accountant, funding]) {
      expect(eoiPolicy.flags(who, mine, actions)).toEqual({
        see: true,
        decline: true,
        process: false,
        createSchool: false,
        delete: false,
      });
    }
    for (const who of [admin, accountant, funding, teacher]) {
      expect(eoiPolicy.flags(who, theirs, actions)).toEqual({
        see: false,
        decline: false,
        process: false,
        createSchool: false,
        delete: false,
      });
    }
    expect(eoiPolicy.can(teacher, 'see', mine)).toBe(false);
  });

  it('the overlord sees and deletes every expression, also one naming no olympiad', () => {
    expect(eoiPolicy.flags(overlord, theirs, actions)).toEqual({
      see: true,
      decline: true,
      process: true,
      createSchool: true,
      delete: true,
    });
    expect(eoiPolicy.can(overlord, 'see', none)).toBe(true);
    expect(eoiPolicy.can(overlord, 'delete', none)).toBe(true);
    expect(eoiPolicy.can(overlord, 'process', none)).toBe(false);
    expect(eoiPolicy.can(admin, 'see', none)).toBe(false);
  });
});
