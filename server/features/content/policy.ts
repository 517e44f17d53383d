import type { FaqAudience } from '#contract/content';
import { definePolicy, passes } from '../../http/policy.js';

/** An FAQ, or the group one would go in. */
export interface FaqRecord {
  audience: FaqAudience;
  olympiadId: number | null;
  projectId: number | null;
  published?: boolean;
  /** For a teacher reading: the olympiads their portal shows (their school's entries, those taking entries). */
  readerOlympiadIds?: readonly number[];
}
export type FaqGroup = Pick<FaqRecord, 'audience' | 'olympiadId' | 'projectId'>;

const capabilities = {
  /** Editors read what they edit; teachers read what is published for them. */
  read: ['overlord', 'admin', 'teacher'],
  /** An olympiad's FAQs for its teachers: its admins (and the overlord). */
  edit: ['overlord', 'admin'],
  /** The FAQs for every teacher and for the public sites. */
  editShared: ['overlord'],
  readPublic: 'public',
} as const;

/**
 * FAQs (docs/spec.md §3): the overlord edits every FAQ; an olympiad's admins the FAQs of that olympiad for
 * its teachers. Teachers read the published FAQs for all teachers and those of the olympiads in their portal.
 */
export const faqPolicy = definePolicy({
  capabilities,
  rule(actor, action, faq: FaqRecord, holds, can) {
    switch (action) {
      case 'edit':
        return faq.audience === 'olympiad' ? holds.olympiad(faq.olympiadId) : passes(capabilities.editShared, actor);
      case 'editShared':
        return true;
      case 'read':
        if (can('edit')) return true;
        // A reader: a teacher, of published FAQs only.
        if (actor.role !== 'teacher' || !faq.published) return false;
        if (faq.audience === 'portal') return true;
        return (
          faq.audience === 'olympiad' && faq.olympiadId != null && !!faq.readerOlympiadIds?.includes(faq.olympiadId)
        );
      case 'readPublic':
        return faq.audience === 'project' && !!faq.published;
    }
  },
});
