import { sql } from 'drizzle-orm';
import type { GeneralCopyKey, SitePage, WebsiteCopySection } from '#contract/copy';
import { type Queryable, untypedRows } from '../../db/client.js';

/* ---- projects ---- */

export interface ProjectRow {
  id: number;
  projectName: string;
  title: string;
  /** The project's olympiads (an admin of any of them edits its website copy). */
  olympiadIds: number[];
}

const projectSelect = sql`select p.id, p.project_name as "projectName", p.title,
    coalesce((select array_agg(o.id order by o.id) from olympiads o where o.project_id = p.id), '{}') as "olympiadIds"
  from projects p`;

/** A project by id or projectName. */
export async function findProject(q: Queryable, idOrName: string | number): Promise<ProjectRow | null> {
  const id = typeof idOrName === 'number' ? idOrName : /^\d+$/.test(idOrName) ? Number(idOrName) : -1;
  const name = typeof idOrName === 'string' ? idOrName.toLowerCase() : '';
  const [row] = await untypedRows<ProjectRow>(q, sql`${projectSelect} where p.id = ${id} or p.project_name = ${name}`);
  return row ? { ...row, olympiadIds: row.olympiadIds.map(Number) } : null;
}

/** The project of an olympiad. */
export async function projectOfOlympiad(q: Queryable, olympiadId: number): Promise<ProjectRow | null> {
  const [row] = await untypedRows<{ projectId: number }>(
    q,
    sql`select project_id as "projectId" from olympiads where id = ${olympiadId}`,
  );
  return row ? findProject(q, Number(row.projectId)) : null;
}

/* ---- website copy ---- */

export interface WebsiteCopyRow {
  id: number;
  projectId: number;
  section: WebsiteCopySection;
  body: string;
  updatedAt: Date | string;
}

const websiteSelect = sql`select id, project_id as "projectId", section, body, updated_at as "updatedAt" from website_copy`;

export const websiteCopyOf = (q: Queryable, projectId: number) =>
  untypedRows<WebsiteCopyRow>(q, sql`${websiteSelect} where project_id = ${projectId} order by id`);

export async function findWebsiteCopy(q: Queryable, id: number): Promise<WebsiteCopyRow | null> {
  const [row] = await untypedRows<WebsiteCopyRow>(q, sql`${websiteSelect} where id = ${id}`);
  return row ?? null;
}

/** Writes a section (replacing what was there); answers its id. */
export async function upsertWebsiteCopy(
  q: Queryable,
  v: { projectId: number; section: WebsiteCopySection; body: string },
  userId: number,
) {
  const [row] = await untypedRows<{ id: number }>(
    q,
    sql`insert into website_copy (project_id, section, body, updated_by) values (${v.projectId}, ${v.section}, ${v.body}, ${userId})
        on conflict (project_id, section) do update set body = excluded.body, updated_by = excluded.updated_by, updated_at = now()
        returning id`,
  );
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

export interface GeneralCopyRow {
  id: number;
  olympiadId: number;
  key: GeneralCopyKey;
  body: string;
  updatedAt: Date | string;
}

const generalSelect = sql`select id, olympiad_id as "olympiadId", key, body, updated_at as "updatedAt" from general_copy`;

export const generalCopyOf = (q: Queryable, olympiadId: number) =>
  untypedRows<GeneralCopyRow>(q, sql`${generalSelect} where olympiad_id = ${olympiadId} order by id`);

export async function findGeneralCopy(q: Queryable, id: number): Promise<GeneralCopyRow | null> {
  const [row] = await untypedRows<GeneralCopyRow>(q, sql`${generalSelect} where id = ${id}`);
  return row ?? null;
}

export async function upsertGeneralCopy(
  q: Queryable,
  v: { olympiadId: number; key: GeneralCopyKey; body: string },
  userId: number,
) {
  const [row] = await untypedRows<{ id: number }>(
    q,
    sql`insert into general_copy (olympiad_id, key, body, updated_by) values (${v.olympiadId}, ${v.key}, ${v.body}, ${userId})
        on conflict (olympiad_id, key) do update set body = excluded.body, updated_by = excluded.updated_by, updated_at = now()
        returning id`,
  );
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
  untypedRows<{ page: SitePage; body: string; updatedAt: Date | string }>(
    q,
    sql`select page, body, updated_at as "updatedAt" from site_copy`,
  );

export async function upsertSiteCopy(q: Queryable, page: SitePage, body: string, userId: number) {
  await q.execute(
    sql`insert into site_copy (page, body, updated_by) values (${page}, ${body}, ${userId})
        on conflict (page) do update set body = excluded.body, updated_by = excluded.updated_by, updated_at = now()`,
  );
}

export interface PartnerRow {
  id: number;
  name: string;
  url: string;
  description: string;
  position: number;
  logoUploadId: number | null;
  logoSha: string | null;
}

const partnerSelect = sql`select pa.id, pa.name, pa.url, pa.description, pa.position, pa.logo_upload_id as "logoUploadId",
    u.sha256 as "logoSha"
  from partners pa left join uploads u on u.id = pa.logo_upload_id`;

export const listPartners = (q: Queryable) => untypedRows<PartnerRow>(q, sql`${partnerSelect} order by pa.position, pa.id`);

export async function findPartner(q: Queryable, id: number): Promise<PartnerRow | null> {
  const [row] = await untypedRows<PartnerRow>(q, sql`${partnerSelect} where pa.id = ${id}`);
  return row ?? null;
}

export async function insertPartner(q: Queryable, v: { name: string; url: string; description: string }) {
  const [row] = await untypedRows<{ id: number }>(
    q,
    sql`insert into partners (name, url, description, position)
        values (${v.name}, ${v.url}, ${v.description}, (select coalesce(max(position) + 1, 0) from partners))
        returning id`,
  );
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

export interface TestimonialRow {
  id: number;
  quote: string;
  name: string;
  affiliation: string;
  published: boolean;
  position: number;
}

const testimonialSelect = sql`select id, quote, name, affiliation, published, position from testimonials`;

export const listTestimonials = (q: Queryable, publishedOnly: boolean) =>
  untypedRows<TestimonialRow>(
    q,
    sql`${testimonialSelect} ${publishedOnly ? sql`where published` : sql``} order by position, id`,
  );

export async function findTestimonial(q: Queryable, id: number): Promise<TestimonialRow | null> {
  const [row] = await untypedRows<TestimonialRow>(q, sql`${testimonialSelect} where id = ${id}`);
  return row ?? null;
}

interface TestimonialValues {
  quote: string;
  name: string;
  affiliation: string;
  published: boolean;
}

export async function insertTestimonial(q: Queryable, v: TestimonialValues, userId: number) {
  const [row] = await untypedRows<{ id: number }>(
    q,
    sql`insert into testimonials (quote, name, affiliation, published, position, updated_by)
        values (${v.quote}, ${v.name}, ${v.affiliation}, ${v.published},
                (select coalesce(max(position) + 1, 0) from testimonials), ${userId})
        returning id`,
  );
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

export interface TermsRow {
  id: number;
  version: number;
  body: string;
  summary: string;
  publishedAt: Date | string;
}

export const listTermsVersions = (q: Queryable) =>
  untypedRows<TermsRow & { acceptances: number }>(
    q,
    sql`select t.id, t.version, t.body, t.summary, t.published_at as "publishedAt",
          (select count(*)::int from terms_acceptances a where a.terms_version_id = t.id) as acceptances
        from terms_versions t order by t.version desc`,
  );

/** Publishes the next version (versions are numbered 1, 2, …; the table is locked so two publishes queue). */
export async function insertTermsVersion(q: Queryable, v: { body: string; summary: string }, userId: number) {
  await q.execute(sql`lock table terms_versions in exclusive mode`);
  const [row] = await untypedRows<TermsRow>(
    q,
    sql`insert into terms_versions (version, body, summary, published_by)
        values ((select coalesce(max(version), 0) + 1 from terms_versions), ${v.body}, ${v.summary}, ${userId})
        returning id, version, body, summary, published_at as "publishedAt"`,
  );
  return row!;
}

export async function acceptTerms(q: Queryable, userId: number, termsId: number, ip: string | null) {
  await q.execute(
    sql`insert into terms_acceptances (user_id, terms_version_id, ip) values (${userId}, ${termsId}, ${ip})
        on conflict do nothing`,
  );
}
