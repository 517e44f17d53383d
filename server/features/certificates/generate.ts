import { CertificateConfig } from '#contract/certificates';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { intArray, type Queryable, rows } from '../../db/client.js';
import type { Db } from '../../db/client.js';
import type { ServerLocale } from '../../platform/i18n.js';
import { conflict } from '../../http/errors.js';
import { escapeHtml } from '../../platform/html.js';
import type { JobContext } from '../../platform/jobs.js';
import type { Mailer } from '../../platform/mailer.js';
import type { FileStorage } from '../../platform/storage.js';
import { awardRuleOf, defaultConfig, kindsOf } from './config.js';
import { type PreparedFile, type PreparedFiles, prepareFile } from './pdf.js';
import { renderBatch, renderThreads, type RunFiles, sharedFile } from './render-pool.js';
import type { SharedFile } from './render-worker.js';
import { printOf } from './present.js';
import * as batches from './batch-queries.js';
import * as certificates from './certificate-queries.js';
import * as queries from './queries.js';
import { count } from '#contract/numbers';
import { type OlympiadKind, unitWords } from '#contract/units';

export const GENERATE_JOB = 'certificates.generate';
export const SEND_JOB = 'certificates.send';

export interface CertificateDeps {
  db: Db;
  storage: FileStorage;
  mailer: Mailer;
  publicUrl: string;
}

/** The olympiad's saved config, or the default one. */
export async function configOf(q: Queryable, olympiadId: number): Promise<CertificateConfig> {
  const saved = await queries.findConfig(q, olympiadId);
  const parsed = saved ? CertificateConfig.safeParse(saved.config) : null;
  return parsed?.success ? parsed.data : defaultConfig();
}

/** The files a config draws (its backgrounds and signatures), read from storage once per run. */
export async function runFiles(
  q: Queryable,
  storage: FileStorage,
  olympiadId: number,
  config: CertificateConfig,
): Promise<RunFiles> {
  const ids = fileIdsOf(config);
  const prepared = new Map<number, PreparedFile>();
  const shared: SharedFile[] = [];
  for (const id of ids) {
    const row = await queries.findFile(q, olympiadId, id);
    // A file removed since the config was saved: the template prints without it (a plain, framed page).
    if (!row || !(await storage.exists(row.filename))) continue;
    const bytes = await storage.get(row.filename);
    if (renderThreads > 0) shared.push(sharedFile(id, row.filename, row.contentType, bytes));
    else prepared.set(id, await prepareFile(bytes, row.contentType));
  }
  return { prepared, shared };
}

/** The files a config draws, prepared here (one certificate on demand, the preview). */
export async function prepareFiles(
  q: Queryable,
  storage: FileStorage,
  olympiadId: number,
  config: CertificateConfig,
): Promise<PreparedFiles> {
  const files = new Map<number, PreparedFile>();
  for (const id of fileIdsOf(config)) {
    const row = await queries.findFile(q, olympiadId, id);
    if (!row || !(await storage.exists(row.filename))) continue;
    files.set(id, await prepareFile(await storage.get(row.filename), row.contentType));
  }
  return files;
}

/** Every file a config names (backgrounds and signatures), once each. */
export const fileIdsOf = (c: CertificateConfig) => [
  ...new Set(
    [c.default, ...Object.values(c.templates)].flatMap((t) =>
      [t.backgroundFileId, t.signatureFileId].filter((id): id is number => id != null),
    ),
  ),
];

/** Results must be published before certificates are written. */
export function requirePublished(olympiad: { publishedAt: Date | null }): void {
  if (olympiad.publishedAt == null)
    throw conflict('The results are not published yet: publish them under Results, then generate the certificates');
}

const LanguageRow = z.object({ attemptId: z.number(), language: z.enum(['en', 'af']) });

/**
 * The language each certificate is worded in (decision 095): the one its learner wrote in, the attempt's, else the
 * olympiad's default. A certificate of no attempt (none today) stays English.
 */
export async function certificateLanguages(
  q: Queryable,
  attemptIds: ReadonlyArray<number | null>,
): Promise<Map<number, ServerLocale>> {
  const ids = attemptIds.filter((id): id is number => id != null);
  if (!ids.length) return new Map();
  const found = await rows(
    q,
    LanguageRow,
    sql`select t.id as attempt_id, coalesce(t.language, o.default_language) as language
        from attempts t join olympiads o on o.id = t.olympiad_id where t.id = any(${intArray(ids)})`,
  );
  return new Map(found.map((r) => [r.attemptId, r.language]));
}

/** Draws one school's standing certificates as one PDF and stores it; answers its key, size and count. */
async function renderSchool(
  q: Queryable,
  deps: Pick<CertificateDeps, 'storage' | 'publicUrl'>,
  config: CertificateConfig,
  files: RunFiles,
  schoolParticipantId: number,
) {
  const list = await certificates.certificatesOfSchool(q, schoolParticipantId);
  if (!list.length) return null;
  const first = list[0]!;
  const languages = await certificateLanguages(
    q,
    list.map((c) => c.attemptId),
  );
  const bytes = Buffer.from(
    await renderBatch(
      config,
      files,
      `Certificates: ${first.schoolName}, ${first.olympiadTitle}`,
      list.map((c) => ({
        ...printOf(c, deps.publicUrl),
        language: (c.attemptId != null && languages.get(c.attemptId)) || 'en',
      })),
    ),
  );
  const stored = await deps.storage.put(`certificates-${schoolParticipantId}.pdf`, bytes);
  return { key: stored.key, size: stored.size, count: list.length };
}

/** Removes files replaced by a committed change (a file that cannot be removed is only wasted space). */
async function removeFiles(storage: FileStorage, keys: (string | null)[]) {
  for (const key of keys) if (key) await storage.delete(key).catch(() => undefined);
}

/**
 * The `certificates.generate` job: the certificate rows of every published result (codes kept), then one print-ready
 * PDF per school (each embeds its fonts, background and signature once), reporting certificates done of the total.
 */
export async function runGeneration(deps: CertificateDeps, { job, progress }: JobContext) {
  const olympiadId = Number((job.payload as { olympiadId: number }).olympiadId);
  const olympiad = await queries.findOlympiad(deps.db, olympiadId);
  if (!olympiad) throw conflict('The olympiad no longer exists');
  requirePublished(olympiad);
  await progress(0, { phase: 'certificates', force: true });
  const kinds = kindsOf(awardRuleOf(olympiad.awardRule), olympiad.kind);
  const written = await deps.db.transaction((tx) => certificates.writeCertificates(tx, olympiadId, kinds));
  const schools = await certificates.schoolsWithCertificates(deps.db, olympiadId);
  const total = schools.reduce((sum, s) => sum + s.n, 0);
  await progress(0, { total, phase: 'pdf', force: true });
  const config = await configOf(deps.db, olympiadId);
  const files = await runFiles(deps.db, deps.storage, olympiadId, config);
  let done = 0;
  let next = 0;
  // A few schools at once: while one school's PDF is drawn (on a thread), the next one's rows are read.
  const worker = async () => {
    while (next < schools.length) {
      const school = schools[next++]!;
      const made = await renderSchool(deps.db, deps, config, files, school.schoolParticipantId);
      const old = await deps.db.transaction((tx) =>
        batches.saveBatch(tx, {
          schoolParticipantId: school.schoolParticipantId,
          olympiadId,
          fileKey: made?.key ?? null,
          certificates: made?.count ?? 0,
          bytes: made?.size ?? 0,
        }),
      );
      if (old !== made?.key) await removeFiles(deps.storage, [old]);
      done += school.n;
      await progress(done);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, renderThreads) + 1 }, worker));
  const stale = await deps.db.transaction((tx) =>
    batches.emptyStaleBatches(
      tx,
      olympiadId,
      schools.map((s) => s.schoolParticipantId),
    ),
  );
  await removeFiles(deps.storage, stale);
  const w = unitWords(olympiad.kind);
  return {
    certificates: written,
    schools: schools.length,
    message: `${count(written, 'certificate')} generated for ${count(schools.length, w.unit, w.units)}`,
  };
}

/** Queues the mail that tells a school's teacher their certificates are ready; answers the mail, or why not. */
async function queueSchoolMail(
  q: Queryable,
  deps: Pick<CertificateDeps, 'mailer' | 'publicUrl'>,
  olympiad: { id: number; title: string; varName: string; kind: OlympiadKind },
  schoolParticipantId: number,
): Promise<{ mailId: number | null; error: string | null }> {
  const teacher = await batches.teacherOf(q, schoolParticipantId);
  const participant = await queries.findParticipant(q, schoolParticipantId);
  if (!teacher || !participant) {
    const error = `The ${unitWords(olympiad.kind).unit} has no ${unitWords(olympiad.kind).manager} with an email address`;
    await batches.setBatchMail(q, schoolParticipantId, null, error);
    return { mailId: null, error };
  }
  const name = [teacher.firstName, teacher.lastName].filter(Boolean).join(' ') || 'there';
  const link = `${deps.publicUrl}/portal/${olympiad.varName}/certificates`;
  const school = participant.schoolName;
  const { unit } = unitWords(olympiad.kind);
  const text =
    `Hello ${name},\n\nThe certificates of ${school}'s learners for the ${olympiad.title} are ready. ` +
    `Sign in and download them, one print-ready PDF for the whole ${unit}, here:\n\n${link}\n`;
  // Inside the caller's transaction the mail is only queued: the background sender delivers it after commit.
  const sent = await deps.mailer.send(q, {
    kind: 'certificates',
    to: teacher.email,
    userId: teacher.id,
    olympiadId: olympiad.id,
    template: { kind: 'certificates', vars: { name, schoolName: school, olympiadTitle: olympiad.title, link } },
    subject: `Certificates of ${school}: ${olympiad.title}`,
    text,
    html:
      `<p>Hello ${escapeHtml(name)},</p><p>The certificates of ${escapeHtml(school)}’s learners for the ` +
      `${escapeHtml(olympiad.title)} are ready: <a href="${link}">download them</a> (one print-ready PDF for the whole ${unit}).</p>`,
  });
  await batches.setBatchMail(q, schoolParticipantId, sent.id, null);
  return { mailId: sent.id, error: null };
}

/** The `certificates.send` job: one mail per school batch not yet queued, each taken once (never twice). */
export async function runSending(deps: CertificateDeps, { job, progress }: JobContext) {
  const olympiadId = Number((job.payload as { olympiadId: number }).olympiadId);
  const olympiad = await queries.findOlympiad(deps.db, olympiadId);
  if (!olympiad) throw conflict('The olympiad no longer exists');
  const ids = await batches.batchesToSend(deps.db, olympiadId);
  await progress(0, { total: ids.length, phase: 'sending', force: true });
  let queued = 0;
  let failed = 0;
  let done = 0;
  for (const id of ids) {
    const outcome = await deps.db.transaction(async (tx) => {
      if (!(await batches.claimBatch(tx, id))) return null;
      return queueSchoolMail(tx, deps, olympiad, id);
    });
    if (outcome?.mailId) queued++;
    else if (outcome) failed++;
    await progress(++done);
  }
  const w = unitWords(olympiad.kind);
  const mailed = `${count(queued, w.unit, w.units)} mailed a link to ${queued === 1 ? 'its' : 'their'} certificates`;
  return {
    queued,
    failed,
    message: failed ? `${mailed}; ${count(failed, w.unit, w.units)} could not be mailed (see the list)` : mailed,
  };
}

/**
 * One school after a fix (a name, a late result): its certificate rows from the current names (codes kept), its PDF
 * drawn again, and its teacher mailed again on purpose. Runs in the caller's transaction; answers the count.
 */
export async function regenerateSchool(
  tx: Queryable,
  deps: Pick<CertificateDeps, 'storage' | 'mailer' | 'publicUrl'>,
  olympiad: queries.OlympiadRow,
  schoolParticipantId: number,
) {
  requirePublished(olympiad);
  const kinds = kindsOf(awardRuleOf(olympiad.awardRule), olympiad.kind);
  await certificates.writeCertificates(tx, olympiad.id, kinds, schoolParticipantId);
  const config = await configOf(tx, olympiad.id);
  const files = await runFiles(tx, deps.storage, olympiad.id, config);
  const made = await renderSchool(tx, deps, config, files, schoolParticipantId);
  if (!made) throw conflict('This school has no certificates: none of its learners has a published result');
  const old = await batches.saveBatch(tx, {
    schoolParticipantId,
    olympiadId: olympiad.id,
    fileKey: made.key,
    certificates: made.count,
    bytes: made.size,
  });
  await batches.claimBatch(tx, schoolParticipantId, true);
  const mail = await queueSchoolMail(tx, deps, olympiad, schoolParticipantId);
  return { count: made.count, key: made.key, oldKey: old, mail };
}

export { removeFiles };
