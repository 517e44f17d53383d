import type { Queryable } from '../../db/client.js';
import { type Actor, scopedOlympiads } from '../../http/actor.js';
import { forbidden, olympiadNotFound, projectNotFound } from '../../http/errors.js';
import { defineLoader } from '../../http/load.js';
import { passes } from '../../http/policy.js';
import { reachFor, type Reach } from '../../http/reach.js';
import { findOlympiad } from '../../platform/olympiad-lookup.js';
import { type FaqGroup, faqPolicy } from './policy.js';
import * as queries from './queries.js';

/** The olympiads a teacher's portal shows (others read none of them); nobody else pays for the query. */
export const readerOlympiads = async (q: Queryable, actor: Actor): Promise<number[]> =>
  actor.schoolId != null && !passes(faqPolicy.access.edit, actor)
    ? scopedOlympiads(actor, await queries.portalOlympiadIds(q, actor.schoolId))
    : [];

/** One FAQ, scoped to the actor (404 for anything they may not read or edit). */
export const faqLoader = defineLoader({
  what: 'This FAQ',
  policy: faqPolicy,
  see: 'read',
  find: async (q, id: number, actor) => {
    const faq = await queries.findFaq(q, id);
    return faq && { ...faq, readerOlympiadIds: await readerOlympiads(q, actor) };
  },
});

/**
 * What a list of FAQs shows the actor: editors every FAQ of their reach, a teacher the published ones of
 * their portal (`reader`). Naming an olympiad outside answers 404 (other olympiads look like nothing).
 */
export async function faqsSeen(q: Queryable, actor: Actor, olympiadId: number | undefined) {
  if (!passes(faqPolicy.access.edit, actor)) {
    const portal = await readerOlympiads(q, actor);
    if (olympiadId != null && !portal.includes(olympiadId)) throw olympiadNotFound();
    return { reach: { olympiads: portal, schoolId: null } satisfies Reach, reader: true };
  }
  const reach = reachFor(actor, faqPolicy.access.edit, olympiadId);
  if (!reach) throw olympiadNotFound();
  return { reach, reader: false };
}

/**
 * Before writing into a group: the group's olympiad or project must exist and be the actor's to edit. One of
 * another olympiad answers 404 like a missing one; the FAQs for all teachers and the public sites are the
 * overlord's (403 for an admin).
 */
export async function writableGroup(q: Queryable, actor: Actor, group: FaqGroup): Promise<FaqGroup> {
  if (!faqPolicy.can(actor, 'edit', group)) {
    if (group.audience === 'olympiad') throw olympiadNotFound();
    throw forbidden('Only the platform owner edits these FAQs');
  }
  if (group.olympiadId != null && !(await findOlympiad(q, group.olympiadId))) throw olympiadNotFound();
  if (group.projectId != null && !(await queries.projectExists(q, group.projectId))) throw projectNotFound();
  return group;
}
