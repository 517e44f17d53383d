import type { Actor } from '../../http/actor.js';
import { definePolicy } from '../../http/policy.js';
import { type Reach, reachFor } from '../../http/reach.js';

/**
 * A learner (or where learners go: a school in an olympiad, or an import of them). `role` is given for a user
 * row: only learners are managed here.
 */
export interface LearnerRecord {
  role?: string;
  olympiadId: number | null;
  schoolId: number | null;
}

const capabilities = {
  /** List, read, add, correct, remove learners and print their slips. */
  manage: ['overlord', 'admin', 'teacher'],
  /** Load learners from a spreadsheet, and see or start such an import. */
  import: ['overlord', 'admin', 'teacher'],
  /** Set a learner's password (the one learner-password rule). */
  setPassword: ['overlord', 'admin', 'teacher'],
} as const;

/**
 * Learners (docs/spec.md §5) are managed by their school's teacher and by the admins of their olympiad (and
 * the overlord); the same people set a learner's password.
 */
export const learnersPolicy = definePolicy({
  capabilities,
  rule(_actor, action, learner: LearnerRecord, holds, can) {
    if (learner.olympiadId == null || (learner.role != null && learner.role !== 'learner')) return false;
    switch (action) {
      case 'manage':
        return holds.olympiad(learner.olympiadId) || holds.school(learner.schoolId, learner.olympiadId);
      case 'import':
        return learner.schoolId != null && can('manage');
      case 'setPassword':
        return can('manage');
    }
  },
});

/**
 * Whose learners the actor works on in an olympiad: a teacher always their own school's (naming another school
 * is outside their reach); an admin the school they name, or every school. Null: outside, answered as 404.
 */
export function learnersReach(actor: Actor, olympiadId: number, schoolId: number | undefined): Reach | null {
  const reach = reachFor(actor, learnersPolicy.access.manage, olympiadId);
  if (!reach || schoolId == null) return reach;
  if (reach.schoolId != null && reach.schoolId !== schoolId) return null;
  return { ...reach, schoolId };
}
