import { definePolicy } from '../../http/policy.js';

/**
 * A piece of copy, or the place one would go: a project's website copy (`projectOlympiadIds`: the olympiads of
 * that project), an olympiad's general copy (`olympiadId`), or the platform's own (neither).
 */
export interface CopyRecord {
  olympiadId?: number | null;
  projectOlympiadIds?: readonly number[];
}

const capabilities = {
  /** A project's website copy: the overlord, and the admins of the project's olympiads (they run its site). */
  editWebsite: ['overlord', 'admin'],
  /** An olympiad's general copy: its admins, and the overlord. */
  editGeneral: ['overlord', 'admin'],
  /** The platform's own pages, partners, testimonials, and the terms and conditions. */
  editSite: ['overlord'],
  /** What visitors read. */
  readPublic: 'public',
  /** The terms: a teacher accepts them for themself. */
  acceptTerms: ['teacher'],
} as const;

/**
 * Copy as data: who edits what visitors, teachers and learners read. The overlord edits everything;
 * an admin the general copy of the olympiads they administer and the website copy of those olympiads' projects.
 */
export const copyPolicy = definePolicy({
  capabilities,
  rule(actor, action, copy: CopyRecord, holds) {
    switch (action) {
      case 'editWebsite':
        return (
          (actor.role === 'overlord' && actor.olympiadScope == null) ||
          (copy.projectOlympiadIds ?? []).some((id) => holds.olympiad(id))
        );
      case 'editGeneral':
        return holds.olympiad(copy.olympiadId);
      case 'acceptTerms':
        // Terms are accepted by the teacher in person, never by someone acting as them.
        return actor.impersonatorId == null;
      case 'editSite':
      case 'readPublic':
        return true;
    }
  },
});
