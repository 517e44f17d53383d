import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParams } from '../../../contract/ids.js';
import {
  CreatedLearner,
  ImportJobResult,
  ImportReport,
  Learner,
  LearnerInput,
  LearnerListQuery,
  LearnerScopeQuery,
  NewLearnerBody,
  TemplateQuery,
} from '../../../contract/learners.js';
import { Ok, pageOf } from '../../../contract/errors.js';
import type { Actor } from '../../http/actor.js';
import { conflict, errorBody, notFound } from '../../http/errors.js';
import { readUpload } from '../../platform/upload.js';
import { route } from '../../http/route.js';
import { audit } from '../../platform/audit.js';
import { findJob, insertJob, releaseJob } from '../../platform/jobs.js';
import { pageResult } from '../../platform/paging.js';
import { openSlipPassword } from './credentials.js';
import { learnersAccess, learnersPolicy } from './policy.js';
import { presentImportJob } from './present.js';
import * as queries from './queries.js';
import { addOne, importLearners, preview, resolveScope, type Scope, scopeOf } from './service.js';
import { slipsCsv, slipsPdf, templateCsv, templateXlsx } from './slips.js';
import { type CheckedRow, learnerKey, readSheet, type ReadSheet } from './spreadsheet.js';

const IMPORT_JOB = 'learners.import';
type Checked = Awaited<ReturnType<typeof preview>>;

/** What an import job carries: the checked rows (compact), the scope, and whom the audit row names. */
const ImportPayload = z.object({
  olympiadId: z.number().int(),
  schoolId: z.number().int(),
  actor: z.object({ userId: z.number().int(), impersonatorId: z.number().int().nullable() }),
  ip: z.string().nullable(),
  rows: z.array(z.tuple([z.number().int(), z.string(), z.string(), z.number().int()])),
});

const tags = ['learners'];
const MAX_FILE_BYTES = 15 * 1024 * 1024;
const SlipsQuery = LearnerScopeQuery.extend({
  ids: z
    .string()
    .regex(/^\d+(,\d+)*$/)
    .max(20_000)
    .optional(),
}).strict();

export async function learnersRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  const present = (l: queries.LearnerListRow) => ({
    id: l.id,
    username: l.username,
    firstName: l.firstName,
    lastName: l.lastName,
    grade: l.grade,
    schoolId: l.schoolId,
    schoolName: l.schoolName,
    olympiadId: l.olympiadId,
    hasSlipPassword: openSlipPassword(app.config.appSecret, l.initialPasswordEnc, l.passwordHash) != null,
  });

  route(app, {
    method: 'GET',
    url: '/learner/v-rest/',
    tags,
    access: learnersAccess.manage,
    summary: 'Learners of an olympiad (a teacher: their school’s; an admin: any school, or one with schoolId)',
    query: LearnerListQuery,
    response: pageOf(Learner),
    handler: async ({ actor, query }) => {
      const scope = learnersPolicy.schoolScope(actor, query.olympiadId, query.schoolId);
      if (!scope) throw notFound('This olympiad or school');
      const { items, total } = await queries.listLearners(db, query.olympiadId, scope.schoolId, query);
      return pageResult(items.map(present), total, query);
    },
  });

  route(app, {
    method: 'GET',
    url: '/learner/v-rest/template',
    tags,
    access: learnersAccess.manage,
    summary: 'The spreadsheet template for loading learners (format=xlsx or csv)',
    query: TemplateQuery,
    handler: async ({ reply, query }) => {
      if (query.format === 'csv') {
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="learners-template.csv"')
          .send(templateCsv());
      }
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="learners-template.xlsx"')
        .send(await templateXlsx());
    },
  });

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
      importId,
    };
  }

  /** Keeps the checked rows as an import job (held until the person confirms, or queued at once). */
  async function saveImport(
    actor: Actor,
    ip: string,
    scope: Scope,
    fileName: string,
    rows: CheckedRow[],
    held: boolean,
  ) {
    return insertJob(db, {
      kind: IMPORT_JOB,
      status: held ? 'held' : 'queued',
      label: fileName,
      total: rows.length,
      olympiadId: scope.olympiad.id,
      schoolId: scope.school.id,
      createdBy: actor.userId,
      payload: {
        olympiadId: scope.olympiad.id,
        schoolId: scope.school.id,
        actor: { userId: actor.userId, impersonatorId: actor.impersonatorId },
        ip,
        rows: rows.map((r) => [r.row, r.firstName, r.lastName, r.grade]),
      },
    });
  }

  route(app, {
    method: 'POST',
    url: '/learner/v-rest/import/preview',
    tags,
    access: learnersAccess.manage,
    summary:
      'Check an uploaded xlsx/csv of learners row by row; nothing is saved. When every row is right the checked rows wait as a held import (importId) to be started',
    query: LearnerScopeQuery,
    response: ImportReport,
    handler: async ({ req, actor, query }) => {
      const scope = await resolveScope(app, actor, query.olympiadId, query.schoolId);
      const { bytes, fileName } = await readUpload(req, { maxBytes: MAX_FILE_BYTES });
      const sheet = await readSheet(bytes);
      const checked = await preview(app, scope, sheet);
      const ready = !checked.errors.length && checked.valid.length > 0;
      const job = ready ? await saveImport(actor, req.ip, scope, fileName, checked.valid, true) : null;
      return report(fileName, sheet, checked, job?.id ?? null);
    },
  });

  route(app, {
    method: 'POST',
    url: '/learner/v-rest/import',
    tags,
    access: learnersAccess.manage,
    summary:
      'Upload, check and load at once: all rows or none. A file with any bad row is refused (422) with the report; otherwise the import is queued (202) and polled at GET learner/v-rest/import/{id}',
    query: LearnerScopeQuery,
    response: ImportJobResult,
    handler: async ({ req, reply, actor, query }) => {
      const scope = await resolveScope(app, actor, query.olympiadId, query.schoolId);
      const { bytes, fileName } = await readUpload(req, { maxBytes: MAX_FILE_BYTES });
      const sheet = await readSheet(bytes);
      const checked = await preview(app, scope, sheet);
      if (checked.errors.length || !checked.valid.length) {
        reply.status(checked.errors.length ? 422 : 400);
        const message = checked.errors.length
          ? `Nothing was saved: ${new Set(checked.errors.map((e) => e.row)).size} rows need attention`
          : 'The file has no learners';
        // The one error shape, whose `details` name each problem (row and column) for any client; the full
        // report stays beside it for the page that shows it as a table.
        const details = checked.errors
          .slice(0, 1000)
          .map((e) => ({ path: `rows.${e.row}.${e.field}`, message: e.message }));
        return {
          ...errorBody(checked.errors.length ? 'validation_failed' : 'bad_request', message, details),
          report: { ...report(fileName, sheet, checked, null), sample: [] },
        };
      }
      const job = await saveImport(actor, req.ip, scope, fileName, checked.valid, false);
      app.jobs.kick();
      reply.status(202);
      return {
        success: true as const,
        message: `${checked.valid.length} learners are being loaded`,
        job: presentImportJob(job),
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/learner/v-rest/import/:id/start',
    tags,
    access: learnersAccess.manage,
    summary: 'Start a checked (held) import: its learners are loaded in the background, all or none',
    params: IdParams,
    response: ImportJobResult,
    handler: async ({ reply, actor, params }) => {
      const job = await findJob(db, params.id, IMPORT_JOB);
      if (!job || !learnersPolicy.canSeeImport(actor, job)) throw notFound('This import');
      if (!(await releaseJob(db, job.id))) throw conflict('This import has been started already');
      app.jobs.kick();
      reply.status(202);
      return { success: true as const, job: presentImportJob((await findJob(db, job.id, IMPORT_JOB))!) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/learner/v-rest/import/:id',
    tags,
    access: learnersAccess.manage,
    summary: 'How far an import is: status, learners done of the total, and the outcome',
    params: IdParams,
    response: ImportJobResult,
    handler: async ({ actor, params }) => {
      const job = await findJob(db, params.id, IMPORT_JOB);
      if (!job || !learnersPolicy.canSeeImport(actor, job)) throw notFound('This import');
      return { success: true as const, job: presentImportJob(job) };
    },
  });

  // The import itself runs in the job worker of whichever server process claims it (decision 021).
  app.jobs.register(IMPORT_JOB, async ({ job, progress }) => {
    const payload = ImportPayload.parse(job.payload);
    const scope = await scopeOf(db, payload.olympiadId, payload.schoolId);
    const rows = payload.rows.map(([row, firstName, lastName, grade]) => ({ row, firstName, lastName, grade }));
    const created = await importLearners(
      app,
      payload.actor,
      payload.ip,
      scope,
      rows,
      'learners.import',
      (done, phase) => progress(done, phase ? { phase } : {}),
    );
    return {
      created: created.length,
      message: `${created.length} learners are loaded. Download their sign-in slips next.`,
    };
  });

  route(app, {
    method: 'GET',
    url: '/learner/v-rest/slips.pdf',
    tags,
    access: learnersAccess.manage,
    summary: 'Sign-in slips (PDF, ten to a page, with cut lines) for the school’s learners, or the listed ids',
    query: SlipsQuery,
    handler: async ({ reply, actor, query }) => {
      const scope = await resolveScope(app, actor, query.olympiadId, query.schoolId);
      const { slips, ctx } = await slipData(scope, query.ids);
      const pdf = await slipsPdf(slips, ctx);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="sign-in-slips-${scope.olympiad.varName}.pdf"`)
        .send(Buffer.from(pdf));
    },
  });

  route(app, {
    method: 'GET',
    url: '/learner/v-rest/slips.csv',
    tags,
    access: learnersAccess.manage,
    summary: 'Sign-in slips as CSV (UTF-8 with BOM)',
    query: SlipsQuery,
    handler: async ({ reply, actor, query }) => {
      const scope = await resolveScope(app, actor, query.olympiadId, query.schoolId);
      const { slips, ctx } = await slipData(scope, query.ids);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="sign-in-slips-${scope.olympiad.varName}.csv"`)
        .send(slipsCsv(slips, ctx));
    },
  });

  async function slipData(scope: Awaited<ReturnType<typeof resolveScope>>, ids?: string) {
    const rows = await queries.learnersForSlips(db, scope.olympiad.id, scope.school.id, ids?.split(',').map(Number));
    return {
      slips: rows.map((l) => ({
        firstName: l.firstName,
        lastName: l.lastName,
        grade: l.grade,
        username: l.username,
        password: openSlipPassword(app.config.appSecret, l.initialPasswordEnc, l.passwordHash),
      })),
      ctx: {
        olympiadTitle: scope.olympiad.title,
        schoolName: scope.school.name,
        signInUrl: `${app.config.publicUrl}/${scope.olympiad.varName}/login`,
      },
    };
  }

  route(app, {
    method: 'GET',
    url: '/learner/v-rest/:id',
    tags,
    access: learnersAccess.manage,
    summary: 'One learner',
    params: IdParams,
    response: z.object({ success: z.literal(true), learner: Learner }),
    handler: async ({ actor, params }) => {
      const learner = await queries.findLearnerRow(db, params.id);
      if (!learner || !learnersPolicy.canManageLearner(actor, { role: 'learner', ...learner }))
        throw notFound('This learner');
      return { success: true as const, learner: present(learner) };
    },
  });

  route(app, {
    method: 'POST',
    url: '/learner/v-rest/',
    tags,
    access: learnersAccess.manage,
    summary: 'Add one learner (username and password generated; the password is in this answer and on the slips)',
    body: NewLearnerBody,
    response: z.object({ success: z.literal(true), message: z.string(), learner: CreatedLearner }),
    handler: async ({ req, actor, body }) => {
      const scope = await resolveScope(app, actor, body.olympiadId, body.schoolId);
      const created = await addOne(app, actor, req.ip, scope, body);
      return {
        success: true as const,
        message: `${created.firstName} ${created.lastName} is added: username ${created.username}`,
        learner: {
          id: created.id,
          username: created.username,
          password: created.password,
          firstName: created.firstName,
          lastName: created.lastName,
          grade: created.grade,
        },
      };
    },
  });

  route(app, {
    method: 'PUT',
    url: '/learner/v-rest/:id',
    tags,
    access: learnersAccess.manage,
    summary: 'Correct a learner’s name or grade',
    params: IdParams,
    body: LearnerInput,
    response: z.object({ success: z.literal(true), learner: Learner }),
    handler: async ({ req, actor, params, body }) => {
      const learner = await queries.findLearner(db, params.id);
      if (!learner || !learnersPolicy.canManageLearner(actor, learner)) throw notFound('This learner');
      const others = await queries.existingNames(db, learner.olympiadId!, learner.schoolId ?? -1, learner.id);
      const key = learnerKey(body.firstName, body.lastName, body.grade);
      if (others.some((o) => learnerKey(o.firstName, o.lastName, o.grade) === key)) {
        throw conflict(`${body.firstName} ${body.lastName} (grade ${body.grade}) is loaded already`);
      }
      await db.transaction(async (tx) => {
        await queries.updateLearner(tx, learner.id, body);
        await audit(tx, actor, {
          action: 'learner.update',
          entity: 'user',
          entityId: learner.id,
          olympiadId: learner.olympiadId,
          ip: req.ip,
          data: body,
        });
      });
      return { success: true as const, learner: present((await queries.findLearnerRow(db, learner.id))!) };
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/learner/v-rest/:id',
    tags,
    access: learnersAccess.manage,
    summary: 'Remove a learner (not once they have started writing)',
    params: IdParams,
    response: Ok,
    handler: async ({ req, actor, params }) => {
      const learner = await queries.findLearner(db, params.id);
      if (!learner || !learnersPolicy.canManageLearner(actor, learner)) throw notFound('This learner');
      try {
        await db.transaction(async (tx) => {
          await queries.deleteLearner(tx, learner.id);
          await audit(tx, actor, {
            action: 'learner.delete',
            entity: 'user',
            entityId: learner.id,
            olympiadId: learner.olympiadId,
            ip: req.ip,
            data: { username: learner.username, firstName: learner.firstName, lastName: learner.lastName },
          });
          const left = await queries.learnerCount(tx, learner.olympiadId!, learner.schoolId ?? -1);
          if (left === 0 && learner.schoolId != null) {
            const entry = await queries.findEntry(tx, learner.olympiadId!, learner.schoolId);
            if (entry) await queries.setEntryStatus(tx, entry.id, 'entered');
          }
        });
      } catch (error) {
        // A learner with a sitting (answers, results) is referenced by those rows: keep them.
        if (
          (error as { code?: string; cause?: { code?: string } }).code === '23503' ||
          (error as { cause?: { code?: string } }).cause?.code === '23503'
        ) {
          throw conflict('This learner has started writing; their answers are kept, so the learner cannot be removed');
        }
        throw error;
      }
      return { success: true as const, message: `${learner.firstName} ${learner.lastName} is removed` };
    },
  });
}
