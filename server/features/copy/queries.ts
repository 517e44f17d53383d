import { asc, eq, sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { GeneralCopyKey, type SitePage, WebsiteCopySection } from '#contract/copy';
import { type Queryable, rows } from '../../db/client.js';
import {
  generalCopy,
  olympiads,
  partners,
  projects,
  siteCopy,
  termsVersions,
  testimonials,
  uploads,
  websiteCopy,
} from '../../db/schema/index.js';

/* ---- projects ---- */

/** A project with its olympiads (an admin of any of them edits its website copy). */
const ProjectRow = createSelectSchema(projects)
  .pick({ id: true, projectName: true, title: true })
  .extend({ olympiadIds: z.array(createSelectSchema(olympiads).shape.id) });
export type ProjectRow = z.infer<typeof ProjectRow>;

const projectSelect = sql`select p.id, p.project_name as "projectName", p.title,
    coalesce((select array_agg(o.id order by o.id) from olympiads o where o.project_id = p.id), '{}') as "olympiadIds"
  from projects p`;

/** A project by id or projectName. */
export async function findProject(q: Queryable, idOrName: string | number): Promise<ProjectRow | null> {
  const id = typeof idOrName === 'number' ? idOrName : /^\d+$/.test(idOrName) ? Number(idOrName) : -1;
  const name = typeof idOrName === 'string' ? idOrName.toLowerCase() : '';
  const [row] = await rows(q, ProjectRow, sql`${projectSelect} where p.id = ${id} or p.project_name = ${name}`);
  return row ?? null;
}

/** The project of an olympiad. */
export async function projectOfOlympiad(q: Queryable, olympiadId: number): Promise<ProjectRow | null> {
  const [row] = await q.select({ projectId: olympiads.projectId }).from(olympiads).where(eq(olympiads.id, olympiadId));
  return row ? findProject(q, row.projectId) : null;
}

/* ---- website copy ---- */

/** A written section; the section names are the contract's (the table checks them too). */
const WebsiteCopyRow = createSelectSchema(websiteCopy)
  .pick({ id: true, projectId: true, body: true, updatedAt: true })
  .extend({ section: WebsiteCopySection });
export type WebsiteCopyRow = z.infer<typeof WebsiteCopyRow>;

const websiteSelect = sql`select id, project_id as "projectId", section, body, updated_at as "updatedAt" from website_copy`;

export const websiteCopyOf = (q: Queryable, projectId: number) =>
  rows(q, WebsiteCopyRow, sql`${websiteSelect} where project_id = ${projectId} order by id`);

export async function findWebsiteCopy(q: Queryable, id: number): Promise<WebsiteCopyRow | null> {
  const [row] = await rows(q, WebsiteCopyRow, sql`${websiteSelect} where id = ${id}`);
  return row ?? null;
}

/** Writes a section (replacing what was there); answers its id. */
export async function upsertWebsiteCopy(
  q: Queryable,
  v: { projectId: number; section: WebsiteCopySection; body: string },
  userId: number,
) {
  const [row] = await q
    .insert(websiteCopy)
    .values({ projectId: v.projectId, section: v.section, body: v.body, updatedBy: userId })
    .onConflictDoUpdate({
      target: [websiteCopy.projectId, websiteCopy.section],
      set: { body: sql`excluded.body`, updatedBy: sql`excluded.updated_by`, updatedAt: sql`now()` },
    })
    .returning({ id: websiteCopy.id });
  return row!.id;
}

export async function setWebsiteCopyBody(q: Queryable, id: number, body: string, userId: number) {
  await q.execute(
    sql`update website_copy set body = ${body}, updated_by = ${userId}, updated_at = now() where id = ${id}`,
  );
}

export async function deleteWebsiteCopy(q: Queryable, id: number) {
  await q.execute(sql`delete from website_copy where id = ${id}`);
}

/* ---- general copy ---- */

/** A written text of an olympiad; its key is one of the contract's (only those are ever written). */
const GeneralCopyRow = createSelectSchema(generalCopy)
  .pick({ id: true, olympiadId: true, body: true, updatedAt: true })
  .extend({ key: GeneralCopyKey });
export type GeneralCopyRow = z.infer<typeof GeneralCopyRow>;

const generalSelect = sql`select id, olympiad_id as "olympiadId", key, body, updated_at as "updatedAt" from general_copy`;

export const generalCopyOf = (q: Queryable, olympiadId: number) =>
  rows(q, GeneralCopyRow, sql`${generalSelect} where olympiad_id = ${olympiadId} order by id`);

export async function findGeneralCopy(q: Queryable, id: number): Promise<GeneralCopyRow | null> {
  const [row] = await rows(q, GeneralCopyRow, sql`${generalSelect} where id = ${id}`);
  return row ?? null;
}

export async function upsertGeneralCopy(
  q: Queryable,
  v: { olympiadId: number; key: GeneralCopyKey; body: string },
  userId: number,
) {
  const [row] = await q
    .insert(generalCopy)
    .values({ olympiadId: v.olympiadId, key: v.key, body: v.body, updatedBy: userId })
    .onConflictDoUpdate({
      target: [generalCopy.olympiadId, generalCopy.key],
      set: { body: sql`excluded.body`, updatedBy: sql`excluded.updated_by`, updatedAt: sql`now()` },
    })
    .returning({ id: generalCopy.id });
  return row!.id;
}

export async function setGeneralCopyBody(q: Queryable, id: number, body: string, userId: number) {
  await q.execute(
    sql`update general_copy set body = ${body}, updated_by = ${userId}, updated_at = now() where id = ${id}`,
  );
}

export async function deleteGeneralCopy(q: Queryable, id: number) {
  await q.execute(sql`delete from general_copy where id = ${id}`);
}

/* ---- site copy and partners ---- */

export const siteCopyRows = (q: Queryable) =>
  q.select({ page: siteCopy.page, body: siteCopy.body, updatedAt: siteCopy.updatedAt }).from(siteCopy);

export async function upsertSiteCopy(q: Queryable, page: SitePage, body: string, userId: number) {
  await q.execute(
    sql`insert into site_copy (page, body, updated_by) values (${page}, ${body}, ${userId})
        on conflict (page) do update set body = excluded.body, updated_by = excluded.updated_by, updated_at = now()`,
  );
}

const partnerSelect = (q: Queryable) =>
  q
    .select({
      id: partners.id,
      name: partners.name,
      url: partners.url,
      description: partners.description,
      position: partners.position,
      logoUploadId: partners.logoUploadId,
      logoSha: uploads.sha256,
    })
    .from(partners)
    .leftJoin(uploads, eq(uploads.id, partners.logoUploadId));

export const listPartners = (q: Queryable) => partnerSelect(q).orderBy(asc(partners.position), asc(partners.id));

export async function findPartner(q: Queryable, id: number) {
  const [row] = await partnerSelect(q).where(eq(partners.id, id));
  return row ?? null;
}

/** A partner with the checksum of its logo (its image's address). */
export type PartnerRow = NonNullable<Awaited<ReturnType<typeof findPartner>>>;

export async function insertPartner(q: Queryable, v: { name: string; url: string; description: string }) {
  const [row] = await q
    .insert(partners)
    .values({
      name: v.name,
      url: v.url,
      description: v.description,
      position: sql`(select coalesce(max(position) + 1, 0) from partners)`,
    })
    .returning({ id: partners.id });
  return row!.id;
}

export async function updatePartner(q: Queryable, id: number, v: { name: string; url: string; description: string }) {
  await q.execute(
    sql`update partners set name = ${v.name}, url = ${v.url}, description = ${v.description}, updated_at = now() where id = ${id}`,
  );
}

export async function setPartnerLogo(q: Queryable, id: number, uploadId: number) {
  await q.execute(sql`update partners set logo_upload_id = ${uploadId}, updated_at = now() where id = ${id}`);
}

export async function deletePartner(q: Queryable, id: number) {
  await q.execute(sql`delete from partners where id = ${id}`);
}

/* ---- testimonials ---- */

const testimonialColumns = {
  id: testimonials.id,
  quote: testimonials.quote,
  name: testimonials.name,
  affiliation: testimonials.affiliation,
  published: testimonials.published,
  position: testimonials.position,
};

export const listTestimonials = (q: Queryable, publishedOnly: boolean) =>
  q
    .select(testimonialColumns)
    .from(testimonials)
    .where(publishedOnly ? eq(testimonials.published, true) : undefined)
    .orderBy(asc(testimonials.position), asc(testimonials.id));

export async function findTestimonial(q: Queryable, id: number) {
  const [row] = await q.select(testimonialColumns).from(testimonials).where(eq(testimonials.id, id));
  return row ?? null;
}

export type TestimonialRow = NonNullable<Awaited<ReturnType<typeof findTestimonial>>>;

interface TestimonialValues {
  quote: string;
  name: string;
  affiliation: string;
  published: boolean;
}

export async function insertTestimonial(q: Queryable, v: TestimonialValues, userId: number) {
  const [row] = await q
    .insert(testimonials)
    .values({
      quote: v.quote,
      name: v.name,
      affiliation: v.affiliation,
      published: v.published,
      position: sql`(select coalesce(max(position) + 1, 0) from testimonials)`,
      updatedBy: userId,
    })
    .returning({ id: testimonials.id });
  return row!.id;
}

export async function updateTestimonial(q: Queryable, id: number, v: TestimonialValues, userId: number) {
  await q.execute(
    sql`update testimonials set quote = ${v.quote}, name = ${v.name}, affiliation = ${v.affiliation},
          published = ${v.published}, updated_by = ${userId}, updated_at = now()
        where id = ${id}`,
  );
}

export async function deleteTestimonial(q: Queryable, id: number) {
  await q.execute(sql`delete from testimonials where id = ${id}`);
}

/* ---- terms ---- */

const TermsRow = createSelectSchema(termsVersions).pick({
  id: true,
  version: true,
  body: true,
  summary: true,
  publishedAt: true,
});
export type TermsRow = z.infer<typeof TermsRow>;

/** Each version with how many teachers accepted it. */
const TermsWithAcceptances = TermsRow.extend({ acceptances: z.number() });

export const listTermsVersions = (q: Queryable) =>
  rows(
    q,
    TermsWithAcceptances,
    sql`select t.id, t.version, t.body, t.summary, t.published_at as "publishedAt",
          (select count(*)::int from terms_acceptances a where a.terms_version_id = t.id) as acceptances
        from terms_versions t order by t.version desc`,
  );

/** Publishes the next version (versions are numbered 1, 2, …; the table is locked so two publishes queue). */
export async function insertTermsVersion(
  q: Queryable,
  v: { body: string; summary: string },
  userId: number,
): Promise<TermsRow> {
  await q.execute(sql`lock table terms_versions in exclusive mode`);
  const [row] = await q
    .insert(termsVersions)
    .values({
      version: sql`(select coalesce(max(version), 0) + 1 from terms_versions)`,
      body: v.body,
      summary: v.summary,
      publishedBy: userId,
    })
    .returning({
      id: termsVersions.id,
      version: termsVersions.version,
      body: termsVersions.body,
      summary: termsVersions.summary,
      publishedAt: termsVersions.publishedAt,
    });
  return row!;
}

export async function acceptTerms(q: Queryable, userId: number, termsId: number, ip: string | null) {
  await q.execute(
    sql`insert into terms_acceptances (user_id, terms_version_id, ip) values (${userId}, ${termsId}, ${ip})
        on conflict do nothing`,
  );
}
