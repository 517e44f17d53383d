import type { Actor } from '../../http/actor.js';
import { definePolicy, passes } from '../../http/policy.js';
import { reachFor } from '../../http/reach.js';
import { managesTeacherAccounts, type SchoolEntry } from '../../platform/teacher-accounts.js';

export type { SchoolEntry };

/** The roles that see an olympiad's schools, entries and expressions of interest (docs/spec.md §6). */
const staff = ['overlord', 'admin', 'accountant', 'funding'] as const;

// ── Schools ──────────────────────────────────────────────────────────────────────────────────────

export interface SchoolRecord {
  id: number;
  /** The olympiads the school is entered in. */
  olympiadIds: readonly number[];
  /** How each entry was made (for the rules on the school's teacher accounts). */
  entries?: readonly SchoolEntry[];
}

/** A teacher's want of a school, as a record: no olympiad, no entries (only the overlord manages them). */
export const noSchool: SchoolRecord = { id: 0, olympiadIds: [], entries: [] };

/**
 * Schools (docs/spec.md §6): the overlord keeps the register (adds, edits, merges, removes); staff see the
 * schools entered in their olympiads; a teacher sees their own school and edits its contact details only.
 */
export const schoolsPolicy = definePolicy({
  capabilities: {
    list: staff,
    see: [...staff, 'teacher'],
    create: ['overlord'],
    /** Edit a school: the overlord every field, its teacher the contact details (`editAll` says which). */
    update: ['overlord', 'teacher'],
    editAll: ['overlord'],
    delete: ['overlord'],
    merge: ['overlord'],
    /** Link an expression of interest to a school: any existing school, for those who process expressions. */
    link: ['overlord', 'admin'],
    /** A teacher's portal: their school and its olympiads. */
    portal: ['teacher'],
    /**
     * Manage the school's teacher accounts (an expression of interest links or adds its teacher): the shared
     * rule of platform/teacher-accounts.ts.
     */
    manageTeachers: ['overlord', 'admin'],
  },
  rule(actor, action, school: SchoolRecord, holds, can) {
    switch (action) {
      case 'list':
      case 'link':
      case 'create':
      case 'editAll':
      case 'delete':
      case 'merge':
        return true;
      case 'see':
        return (
          actor.role === 'overlord' || holds.school(school.id) || school.olympiadIds.some((o) => holds.olympiad(o))
        );
      case 'update':
      case 'portal':
        return actor.role === 'overlord' || holds.school(school.id);
      case 'manageTeachers':
        return (
          can('see') &&
          managesTeacherAccounts(actor, school.id ? { id: school.id, entries: [...(school.entries ?? [])] } : null)
        );
    }
  },
});

/** What of a school the actor may write: every field (the overlord) or its contact details (its teacher). */
export const editableSchoolFields = (actor: Actor, school: SchoolRecord): 'all' | 'contact' =>
  schoolsPolicy.can(actor, 'editAll', school) ? 'all' : 'contact';

// ── Entries (participating schools) ──────────────────────────────────────────────────────────────

/** A school's entry in an olympiad (or one about to be made), with the olympiad's kind when known. */
export interface EntryRecord {
  olympiadId: number;
  schoolId: number | null;
  kind?: 'school' | 'country';
}

/**
 * Entries: staff see their olympiads' entries, a teacher their own school's; the olympiad's admins (and the
 * overlord) enter any existing school and change or remove entries. A teacher enters their own school in a
 * school olympiad themselves (`selfEnter`; whether it still takes entries is the route's 409). Entering does not
 * by itself give power over the school's teacher accounts (platform/teacher-accounts.ts).
 */
export const entriesPolicy = definePolicy({
  capabilities: {
    list: [...staff, 'teacher'],
    see: [...staff, 'teacher'],
    learners: [...staff, 'teacher'],
    enter: ['overlord', 'admin'],
    update: ['overlord', 'admin'],
    delete: ['overlord', 'admin'],
    selfEnter: ['teacher'],
  },
  rule(_actor, action, entry: EntryRecord, holds, can) {
    switch (action) {
      case 'list':
        return true;
      case 'see':
        return holds.olympiadOrSchool(entry);
      case 'learners':
        return can('see');
      case 'enter':
      case 'update':
      case 'delete':
        return holds.olympiad(entry.olympiadId);
      case 'selfEnter':
        return entry.kind === 'school' && holds.school(entry.schoolId, entry.olympiadId);
    }
  },
});

/** May the actor enter schools in this olympiad (any of theirs, when none is named)? For the list's flag. */
export const mayEnterSchools = (actor: Actor, olympiadId?: number | null): boolean =>
  passes(entriesPolicy.access.enter, actor) && reachFor(actor, entriesPolicy.access.enter, olympiadId) != null;

// ── Expressions of interest ──────────────────────────────────────────────────────────────────────

export interface EoiRecord {
  olympiadId: number | null;
}

/**
 * Expressions of interest: anyone submits one; staff of its olympiad see and decline it (the overlord every
 * one); processing enters the school, so it is for the olympiad's admins; a new school may be made from one by
 * the overlord or, for that olympiad alone, its admins (it starts in their olympiad only, so it hands them
 * nothing outside it).
 */
export const eoiPolicy = definePolicy({
  capabilities: {
    submit: 'public',
    list: staff,
    see: staff,
    decline: staff,
    /** Who handles expressions at all (process calls); processing itself is `process`. */
    handle: staff,
    process: ['overlord', 'admin'],
    createSchool: ['overlord', 'admin'],
    delete: ['overlord', 'admin'],
  },
  rule(actor, action, eoi: EoiRecord, holds, can) {
    switch (action) {
      case 'submit':
      case 'list':
        return true;
      case 'see':
      case 'delete':
        return actor.role === 'overlord' || holds.olympiad(eoi.olympiadId);
      case 'decline':
      case 'handle':
        return can('see');
      case 'process':
      case 'createSchool':
        return holds.olympiad(eoi.olympiadId);
    }
  },
});
