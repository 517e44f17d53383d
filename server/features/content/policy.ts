import type { FaqAudience } from '../../../contract/content.js';
import type { Role } from '../../../contract/roles.js';
import { type Actor, holdsOlympiad } from '../../http/actor.js';
import { forbidden, notFound } from '../../http/errors.js';

/** Who may call each FAQ operation at all (plain data); the record rules are below. */
export const contentAccess = {
  readFaqs: ['overlord', 'admin', 'teacher'],
  editFaqs: ['overlord', 'admin'],
  publicFaqs: 'public',
} as const satisfies Record<string, 'public' | readonly Role[]>;

/** An FAQ, or the group one would go in. */
export interface FaqRecord {
  audience: FaqAudience;
  olympiadId: number | null;
  projectId: number | null;
  published: boolean;
}
export type FaqGroup = Omit<FaqRecord, 'published'>;

/**
 * Which FAQs a list may show the actor, as data for the query:
 *  - `all`: the overlord;
 *  - `olympiads`: FAQs of these olympiads (an admin's);
 *  - `reader`: a teacher: published ones, portal-wide or of the olympiads in their portal.
 */
export type FaqScope =
  { kind: 'all' } | { kind: 'olympiads'; olympiadIds: number[] } | { kind: 'reader'; olympiadIds: number[] };

const adminOlympiads = (actor: Actor) => actor.grants.filter((g) => g.role === 'admin').map((g) => g.olympiadId);

export const faqPolicy = {
  /** The overlord edits every FAQ; an olympiad's admins the FAQs of that olympiad for its teachers. */
  canEdit(actor: Actor, faq: FaqGroup): boolean {
    if (actor.role === 'overlord') return true;
    return faq.audience === 'olympiad' && faq.olympiadId != null && holdsOlympiad(actor, faq.olympiadId, ['admin']);
  },
  canDelete(actor: Actor, faq: FaqGroup): boolean {
    return faqPolicy.canEdit(actor, faq);
  },

  /**
   * Teachers read published FAQs for all teachers and those of the olympiads their portal shows them (their
   * school's entries and the olympiads still taking entries: `portalOlympiadIds`). Editors read what they edit.
   */
  canRead(actor: Actor, faq: FaqRecord, portalOlympiadIds: readonly number[]): boolean {
    if (faqPolicy.canEdit(actor, faq)) return true;
    if (actor.role !== 'teacher' || !faq.published) return false;
    if (faq.audience === 'portal') return true;
    return faq.audience === 'olympiad' && faq.olympiadId != null && portalOlympiadIds.includes(faq.olympiadId);
  },

  /** The list's scope; naming an olympiad outside it answers 404 (other olympiads look like nothing). */
  listScope(actor: Actor, olympiadId: number | undefined, portalOlympiadIds: readonly number[]): FaqScope {
    if (actor.role === 'overlord') return { kind: 'all' };
    if (actor.role === 'teacher') {
      if (olympiadId != null && !portalOlympiadIds.includes(olympiadId)) throw notFound('This olympiad');
      return { kind: 'reader', olympiadIds: [...portalOlympiadIds] };
    }
    if (olympiadId != null && !holdsOlympiad(actor, olympiadId, ['admin'])) throw notFound('This olympiad');
    return { kind: 'olympiads', olympiadIds: adminOlympiads(actor) };
  },

  /**
   * Before writing into a group: one of another olympiad answers 404 like a missing one; the FAQs for all
   * teachers and the public sites are the overlord's (403 for an admin).
   */
  assertCanWrite(actor: Actor, group: FaqGroup): void {
    if (faqPolicy.canEdit(actor, group)) return;
    if (group.audience === 'olympiad') throw notFound('This olympiad');
    throw forbidden('Only the platform owner edits these FAQs');
  },
};
