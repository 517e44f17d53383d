import {
  type GeneralCopy,
  type GeneralCopyKey,
  generalCopyDefaults,
  type Partner,
  plainGeneralCopy,
  type Testimonial,
  type TermsVersion,
  type WebsiteCopy,
  type WebsiteCopySection,
} from '#contract/copy';
import type { Actor } from '../../http/actor.js';
import { iso, isoOrNull } from '../../platform/dates.js';
import { copyPolicy } from './policy.js';
import type { GeneralCopyRow, PartnerRow, ProjectRow, TermsRow, TestimonialRow, WebsiteCopyRow } from './queries.js';

/** The public address of a copy image or a partner's logo (its signature is its capability). */
export const copyImageUrl = (id: number, sha: string) => `/website/api/image/${id}/${sha.slice(0, 32)}`;

export const presentProject = (p: ProjectRow) => ({ id: p.id, projectName: p.projectName, title: p.title });

/** One section of a project's website copy for its editors (`row` null: nothing written yet). */
export function presentWebsiteCopy(
  actor: Actor,
  project: ProjectRow,
  section: WebsiteCopySection,
  row: WebsiteCopyRow | null,
): WebsiteCopy {
  return {
    id: row?.id ?? null,
    projectId: project.id,
    section,
    body: row?.body ?? '',
    updatedAt: isoOrNull(row?.updatedAt),
    can: { update: copyPolicy.can(actor, 'editWebsite', { projectOlympiadIds: project.olympiadIds }) },
  };
}

/** One named text of an olympiad's general copy, with its default and what readers see. */
export function presentGeneralCopy(
  actor: Actor,
  olympiadId: number,
  key: GeneralCopyKey,
  row: GeneralCopyRow | null,
): GeneralCopy {
  const meta = generalCopyDefaults[key];
  return {
    id: row?.id ?? null,
    olympiadId,
    key,
    label: meta.label,
    where: meta.where,
    format: plainGeneralCopy.includes(key) ? 'text' : 'html',
    default: meta.default,
    body: row?.body ?? null,
    value: row?.body ?? meta.default,
    updatedAt: isoOrNull(row?.updatedAt),
    can: { update: copyPolicy.can(actor, 'editGeneral', { olympiadId }) },
  };
}

export const presentPartner = (p: PartnerRow): Partner => ({
  id: p.id,
  name: p.name,
  url: p.url,
  description: p.description,
  logoUrl: p.logoUploadId != null && p.logoSha ? copyImageUrl(p.logoUploadId, p.logoSha) : null,
  position: p.position,
});

export function presentTestimonial(actor: Actor | null, t: TestimonialRow): Testimonial {
  const edit = actor != null && copyPolicy.can(actor, 'editSite', {});
  return {
    id: t.id,
    quote: t.quote,
    name: t.name,
    affiliation: t.affiliation,
    published: t.published,
    position: t.position,
    can: { update: edit, delete: edit },
  };
}

export const presentTerms = (t: TermsRow): TermsVersion => ({
  id: t.id,
  version: Number(t.version),
  body: t.body,
  summary: t.summary,
  publishedAt: iso(t.publishedAt),
});
