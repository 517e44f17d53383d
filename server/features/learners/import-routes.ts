import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/client.js';
import { IdParams } from '#contract/ids';
import { ImportJobResult, ImportQuery, ImportReport, StartImportBody, TemplateQuery } from '#contract/learners';
import { conflict, errorBody, olympiadNotFound } from '../../http/errors.js';
import { findOlympiad } from '../../platform/olympiad-lookup.js';
import type { Actor } from '../../http/actor.js';
import { fileAnswer, route } from '../../http/route.js';
import { findJob, insertJob, releaseJob } from '../../platform/jobs.js';
import { readUpload } from '../../platform/upload.js';
import { enteredPlace, IMPORT_JOB, importLoader, type Place, placeOf } from './load.js';
import { learnersPolicy } from './policy.js';
import { presentImportJob } from './present.js';
import { importLearners, preview } from './service.js';
import { templateCsv, templateXlsx } from './slips.js';
import { type CheckedRow, readSheet, type ReadSheet } from './spreadsheet.js';
import { count } from '#contract/numbers';
import { say } from '../../http/request-language.js';

/** Marks a held import's rows as confirmed with consent; a job no longer held is left as it is. */
async function confirmHeldConsent(db: Queryable, jobId: number) {
  await db.execute(
    sql`update jobs set payload = jsonb_set(payload, '{consentConfirmed}', 'true'::jsonb)
        where id = ${jobId} and status = 'held'`,
  );
}

type Checked = Awaited<ReturnType<typeof preview>>;

/** What an import job carries: the checked rows (compact), the place, and whom the audit row names. */
const ImportPayload = z.object({
  olympiadId: z.number().int(),
  schoolId: z.number().int(),
  actor: z.object({ userId: z.number().int(), impersonatorId: z.number().int().nullable() }),
  ip: z.string().nullable(),
  /** The person confirmed the school holds consent for every learner in the file (decision 109). */
  consentConfirmed: z.boolean().optional(),
  /** [row, first name, surname, grade] and, when the file had one, the date of birth (YYYY-MM-DD). */
  rows: z.array(z.tuple([z.number().int(), z.string(), z.string(), z.number().int()]).rest(z.string().nullable())),
});

const tags = ['learners'];
const { access } = learnersPolicy;
const MAX_FILE_BYTES = 15 * 1024 * 1024;

/** The per-row report of a checked sheet (the first 1,000 problems; the first 20 rows as they will be saved). */
function report(fileName: string, sheet: ReadSheet, checked: Checked, importId: number | null) {
  return {
    success: true as const,
    fileName,
    total: checked.total,
    valid: checked.valid.length,
    invalid: new Set(checked.errors.map((e) => e.row)).size,
    errors: checked.errors.slice(0, 1000),
    sample: checked.valid.slice(0, 20),
    encoding: sheet.encoding,
    headerRow: checked.headerRow,
    importId,
  };
}

/** Loading learners from a spreadsheet: the template, the check, the import as a background job, its progress. */
export async function importRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  /** Keeps the checked rows as an import job (held until the person confirms, or queued at once). */
  async function saveImport(
    actor: Actor,
    ip: string,
    place: Place,
    fileName: string,
    rows: CheckedRow[],
    held: boolean,
    consentConfirmed: boolean,
  ) {
    return insertJob(db, {
      kind: IMPORT_JOB,
      status: held ? 'held' : 'queued',
      label: fileName,
      total: rows.length,
      olympiadId: place.olympiad.id,
      schoolId: place.school.id,
      createdBy: actor.userId,
      payload: {
        olympiadId: place.olympiad.id,
        schoolId: place.school.id,
        actor: { userId: actor.userId, impersonatorId: actor.impersonatorId },
        ip,
        consentConfirmed,
        rows: rows.map((r) =>
          r.dateOfBirth == null
            ? [r.row, r.firstName, r.lastName, r.grade]
            : [r.row, r.firstName, r.lastName, r.grade, r.dateOfBirth],
        ),
      },
    });
  }

  route(app, {
    method: 'GET',
    url: '/learner/v-rest/template',
    tags,
    access: access.import,
    response: fileAnswer('text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    summary:
      'The spreadsheet template for loading learners (format=xlsx or csv); a country olympiad’s (olympiadId) has a ' +
      'date-of-birth column too',
    query: TemplateQuery,
    handler: async ({ reply, query }) => {
      const olympiad = query.olympiadId == null ? null : await findOlympiad(db, query.olympiadId);
      if (query.olympiadId != null && !olympiad) throw olympiadNotFound();
      const team = olympiad?.kind === 'country';
      const name = team ? 'team-template' : 'learners-template';
      if (query.format === 'csv') {
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}.csv"`)
          .send(templateCsv(team));
      }
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${name}.xlsx"`)
        .send(await templateXlsx(team));
    },
  });

  route(app, {
    method: 'POST',
    url: '/learner/v-rest/import/preview',
    tags,
    access: access.import,
    upload: 'file',
    summary:
      'Check an uploaded xlsx/csv of learners row by row; nothing is saved. When every row is right the checked rows wait as a held import (importId) to be started',
    query: ImportQuery,
    response: ImportReport,
    handler: async ({ req, actor, query }) => {
      const place = await enteredPlace(db, actor, query.olympiadId, query.schoolId, 'import');
      const { bytes, fileName } = await readUpload(req, { maxBytes: MAX_FILE_BYTES });
      const sheet = await readSheet(bytes);
      const checked = await preview(db, place, sheet);
      const ready = !checked.errors.length && checked.valid.length > 0;
      const job = ready
        ? await saveImport(actor, req.ip, place, fileName, checked.valid, true, query.consentConfirmed === 'true')
        : null;
      return report(fileName, sheet, checked, job?.id ?? null);
    },
  });

  route(app, {
    method: 'POST',
    url: '/learner/v-rest/import',
    tags,
    access: access.import,
    upload: 'file',
    summary:
      'Upload, check and load at once: all rows or none. A file with any bad row is refused (422) with the report; otherwise the import is queued (202) and polled at GET learner/v-rest/import/{id}',
    query: ImportQuery,
    response: ImportJobResult,
    handler: async ({ req, reply, actor, query }) => {
      const place = await enteredPlace(db, actor, query.olympiadId, query.schoolId, 'import');
      const { bytes, fileName } = await readUpload(req, { maxBytes: MAX_FILE_BYTES });
      const sheet = await readSheet(bytes);
      const checked = await preview(db, place, sheet);
      if (checked.errors.length || !checked.valid.length) {
        const message = checked.errors.length
          ? `Nothing was saved: ${new Set(checked.errors.map((e) => e.row)).size} rows need attention`
          : 'The file has no learners';
        // The one error shape, whose `details` name each problem (row and column) for any client; the full
        // report stays beside it for the page that shows it as a table.
        const details = checked.errors
          .slice(0, 1000)
          .map((e) => ({ path: `rows.${e.row}.${e.field}`, message: e.message }));
        return reply.status(checked.errors.length ? 422 : 400).send({
          ...errorBody(checked.errors.length ? 'validation_failed' : 'bad_request', message, details),
          report: { ...report(fileName, sheet, checked, null), sample: [] },
        });
      }
      const job = await saveImport(
        actor,
        req.ip,
        place,
        fileName,
        checked.valid,
        false,
        query.consentConfirmed === 'true',
      );
      app.jobs.kick();
      reply.status(202);
      return {
        success: true as const,
        message: `${count(checked.valid.length, 'learner is', 'learners are')} being loaded`,
        job: presentImportJob(job),
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/learner/v-rest/import/:id/start',
    tags,
    access: access.import,
    summary:
      'Start a checked (held) import: its learners are loaded in the background, all or none. consentConfirmed: the school holds consent for each',
    params: IdParams,
    body: StartImportBody,
    response: ImportJobResult,
    load: ({ db, actor, params }) => importLoader.load(db, actor, params.id, 'import'),
    handler: async ({ reply, body, record: job }) => {
      // The confirmation given at the start joins the held rows before the job is released (only a held job).
      if (body?.consentConfirmed) await confirmHeldConsent(db, job.id);
      if (!(await releaseJob(db, job.id))) throw conflict(say('api-portal.import.started'));
      app.jobs.kick();
      reply.status(202);
      return { success: true as const, job: presentImportJob((await findJob(db, job.id, IMPORT_JOB))!) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/learner/v-rest/import/:id',
    tags,
    access: access.import,
    summary: 'How far an import is: status, learners done of the total, and the outcome',
    params: IdParams,
    response: ImportJobResult,
    load: ({ db, actor, params }) => importLoader.load(db, actor, params.id, 'import'),
    handler: async ({ record: job }) => ({ success: true as const, job: presentImportJob(job) }),
  });

  // The import itself runs in the job worker of whichever server process claims it (decision 021).
  app.jobs.register(IMPORT_JOB, async ({ job, progress }) => {
    const payload = ImportPayload.parse(job.payload);
    const place = await placeOf(db, payload.olympiadId, payload.schoolId);
    const rows = payload.rows.map(([row, firstName, lastName, grade, dateOfBirth]) => ({
      row,
      firstName,
      lastName,
      grade,
      dateOfBirth: dateOfBirth ?? null,
    }));
    const created = await importLearners(
      { db, secret: app.config.appSecret },
      payload.actor,
      payload.ip,
      place,
      rows,
      'learner.import',
      (done, phase) => progress(done, phase ? { phase } : {}),
      payload.consentConfirmed ? 'import' : undefined,
    );
    return {
      created: created.length,
      message: `${count(created.length, 'learner is', 'learners are')} loaded. Download their sign-in slips next.`,
    };
  });
}
