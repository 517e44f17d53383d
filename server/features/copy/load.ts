import type { Queryable } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { notFound, olympiadNotFound, projectNotFound } from '../../http/errors.js';
import { defineLoader } from '../../http/load.js';
import { findOlympiad } from '../../platform/olympiad-lookup.js';
import { copyPolicy } from './policy.js';
import * as queries from './queries.js';

/**
 * The project whose website copy an editor works on: named by one of its olympiads (an admin's) or by its id
 * (the overlord). An olympiad or project out of the actor's reach answers 404, like a missing one.
 */
export async function editableProject(
  q: Queryable,
  actor: Actor,
  by: { olympiadId?: number | undefined; projectId?: number | undefined },
) {
  if (by.olympiadId != null) {
    const olympiad = await findOlympiad(q, by.olympiadId);
    // An admin names the olympiad they administer: holding it is what lets them edit its project's site.
    if (!olympiad || !copyPolicy.can(actor, 'editGeneral', { olympiadId: olympiad.id })) throw olympiadNotFound();
    const project = await queries.projectOfOlympiad(q, olympiad.id);
    if (!project) throw olympiadNotFound();
    return project;
  }
  const project = await queries.findProject(q, by.projectId!);
  if (!project || !copyPolicy.can(actor, 'editWebsite', { projectOlympiadIds: project.olympiadIds }))
    throw projectNotFound();
  return project;
}

/** One written section of website copy, with its project (404 outside the actor's reach). */
export const websiteCopyLoader = defineLoader({
  what: 'This website copy',
  policy: copyPolicy,
  find: async (q, id: number) => {
    const row = await queries.findWebsiteCopy(q, id);
    const project = row && (await queries.findProject(q, row.projectId));
    return row && project ? { ...row, project, projectOlympiadIds: project.olympiadIds } : null;
  },
});

/** The olympiad whose general copy an editor works on (404 outside reach). */
export async function editableOlympiad(q: Queryable, actor: Actor, olympiadId: number) {
  const olympiad = await findOlympiad(q, olympiadId);
  if (!olympiad || !copyPolicy.can(actor, 'editGeneral', { olympiadId: olympiad.id })) throw olympiadNotFound();
  return olympiad;
}

/** One written text of an olympiad's general copy (404 outside reach). */
export const generalCopyLoader = defineLoader({
  what: 'This copy',
  policy: copyPolicy,
  find: (q, id: number) => queries.findGeneralCopy(q, id),
});

export async function loadPartner(q: Queryable, id: number) {
  const partner = await queries.findPartner(q, id);
  if (!partner) throw notFound('This partner');
  return partner;
}

export async function loadTestimonial(q: Queryable, id: number) {
  const testimonial = await queries.findTestimonial(q, id);
  if (!testimonial) throw notFound('This testimonial');
  return testimonial;
}
