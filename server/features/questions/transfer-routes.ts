import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdText } from '#contract/ids';
import type { FieldError } from '#contract/errors';
import { questions } from '../../db/schema/index.js';
import { HttpError, badRequest, invalid } from '../../http/errors.js';
import { readUpload } from '../../platform/upload.js';
import { fileAnswer, route } from '../../http/route.js';
import { sanitizeRichText } from '../../platform/rich-text.js';
import { audit } from '../../platform/audit.js';
import { moduleLoader } from './load.js';
import { questionsPolicy } from './policy.js';
import * as queries from './queries.js';
import { questionPictureSize, readQuestionImage, storeQuestionImage } from './images-routes.js';
import { type QtiImport, isRefusal, prepareImport } from './qti-read.js';
import { type QtiQuestion, packageOf, qtiTypes } from './qti-write.js';
import {
  type ParsedQuestion,
  fromRow,
  picturesToMeasure,
  readQuestionRows,
  templateRows,
  toRow,
  writeCsv,
  writeXlsx,
} from './transfer.js';
import { count } from '#contract/numbers';
import { findOlympiad } from '../../platform/olympiad-lookup.js';

const Format = z.enum(['csv', 'xlsx']).default('xlsx');
const MAX_FILE_BYTES = 10 * 1024 * 1024;
const contentTypes = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * Import and export a module's questions as xlsx or csv, with a template; imports are all or nothing. An
 * import reads and checks its file before its transaction opens (a slow upload or a large file's parsing
 * must not hold a database connection), so it writes its rows and its audit row in a transaction of its own.
 */
export async function transferRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['questions'];
  const access = questionsPolicy.access.edit;

  const send = async (
    reply: import('fastify').FastifyReply,
    rows: Array<Record<string, string>>,
    format: 'csv' | 'xlsx',
    name: string,
  ) =>
    reply
      .type(contentTypes[format])
      .header('content-disposition', `attachment; filename="${name}.${format}"`)
      .header('x-content-type-options', 'nosniff')
      .send(format === 'csv' ? writeCsv(rows) : await writeXlsx(rows));

  route(app, {
    method: 'GET',
    url: '/question/v-rest/template',
    summary: 'The import template (xlsx or csv) with one example of every type',
    tags,
    access,
    response: fileAnswer('text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    query: z.strictObject({ format: Format }),
    handler: ({ query, reply }) => send(reply, templateRows.map(toRow), query.format, 'questions-template'),
  });

  route(app, {
    method: 'GET',
    url: '/question/v-rest/export',
    summary: 'A module’s questions as xlsx or csv (retired ones left out)',
    tags,
    access,
    response: fileAnswer('text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    query: z.strictObject({ questionModuleId: IdText, format: Format }),
    heavy: true,
    load: ({ db, actor, query }) => moduleLoader.load(db, actor, query.questionModuleId, 'edit'),
    handler: async ({ db, query, reply, record: mod }) => {
      const rows = (await queries.questionsOfModules(db, [mod.id])).filter((q) => !q.retiredAt);
      return send(
        reply,
        rows.map((q) => toRow(q)),
        query.format,
        `module-${mod.id}-questions`,
      );
    },
  });

  route(app, {
    method: 'POST',
    url: '/question/v-rest/import',
    summary: 'Add questions to a module from xlsx or csv (multipart, field "file"); every row checked, all or nothing',
    tags,
    access,
    upload: 'file',
    query: z.strictObject({ questionModuleId: IdText }),
    response: z.object({ success: z.literal(true), imported: z.number().int(), message: z.string() }),
    load: ({ db, actor, query }) => moduleLoader.load(db, actor, query.questionModuleId, 'edit'),
    handler: async ({ db, actor, req, record: mod }) => {
      const { bytes, fileName } = await readUpload(req, { maxBytes: MAX_FILE_BYTES });
      const raw = await readQuestionRows(bytes);
      if (raw.length === 0) throw badRequest('The file has no question rows');
      if (!('type' in raw[0]!.cells) || !('prompt' in raw[0]!.cells))
        throw badRequest('The first row must be the template’s header (type, prompt, option_a, …)');

      // The pictures' own sizes, read before any row is checked: their areas are measured in them.
      const sizes = new Map(
        await Promise.all(
          picturesToMeasure(raw).map(async (url) => [url, await questionPictureSize(db, app.storage, url)] as const),
        ),
      );
      const parsed: ParsedQuestion[] = [];
      const errors: FieldError[] = [];
      for (const { row, cells } of raw) {
        const result = fromRow(cells, row, sizes);
        if (result.question) parsed.push(result.question);
        errors.push(...result.errors);
      }
      if (errors.length) {
        const rowsWithErrors = new Set(errors.map((e) => e.path.split(':')[0])).size;
        throw invalid(
          errors.slice(0, 500),
          `${rowsWithErrors} of ${raw.length} rows need attention; nothing was imported`,
        );
      }
      await db.transaction(async (tx) => {
        let position = await queries.nextPosition(tx, 'questions', mod.id);
        for (let i = 0; i < parsed.length; i += 500) {
          await tx.insert(questions).values(
            parsed.slice(i, i + 500).map((q) => ({
              moduleId: mod.id,
              position: position++,
              type: q.type,
              prompt: sanitizeRichText(q.prompt),
              imageUrl: q.imageUrl,
              imageAlt: q.imageAlt,
              options: q.options,
              imageWidth: q.imageWidth,
              imageHeight: q.imageHeight,
              targets: q.targets,
              gapText: q.gapText,
              maxChoices: q.maxChoices,
              shuffle: q.shuffle,
              answerKey: q.answerKey,
              marks: q.marks,
              difficulty: q.difficulty,
              lastEditedBy: actor.userId,
            })),
          );
        }
        await audit(tx, actor, 'question.import', {
          olympiadId: mod.olympiadId,
          data: { moduleId: mod.id, rows: parsed.length, file: fileName },
          ip: req.ip,
        });
      });
      return {
        success: true as const,
        imported: parsed.length,
        message: `${count(parsed.length, 'question was', 'questions were')} imported`,
      };
    },
  });

  route(app, {
    method: 'GET',
    url: '/question/v-rest/export-qti',
    summary:
      'A module’s questions as a self-contained QTI 3.0 package (zip): every type, each picture a file in the package; questions without a correct answer are left out',
    tags,
    access,
    response: fileAnswer('application/zip'),
    query: z.strictObject({ questionModuleId: IdText }),
    heavy: true,
    load: ({ db, actor, query }) => moduleLoader.load(db, actor, query.questionModuleId, 'edit'),
    handler: async ({ db, reply, record: mod }) => {
      // A draft has no correct response to write; the header counts the questions left out for it.
      const all = (await queries.questionsOfModules(db, [mod.id])).filter((q) => !q.retiredAt);
      const items: QtiQuestion[] = all.filter((q) => q.answerKey && qtiTypes.includes(q.type));
      // Each item in the olympiad's default language, each translation an item of its own (decision 099).
      const olympiad = (await findOlympiad(db, mod.olympiadId)) ?? undefined;
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="module-${mod.id}-qti3.zip"`)
        .header('x-olympus-left-out', String(all.length - items.length))
        .send(await packageOf(items, (url) => readQuestionImage(db, app.storage, url), olympiad));
    },
  });

  route(app, {
    method: 'POST',
    url: '/question/v-rest/import-qti',
    summary:
      'Add questions from a QTI 2.1, 2.2 or 3.0 package (zip) or item (xml): choice, text-entry and number items, item by item (each refused item named in the notes with its reason); items without a correct response become drafts',
    tags,
    access,
    upload: 'file',
    query: z.strictObject({ questionModuleId: IdText }),
    response: z.object({
      success: z.literal(true),
      imported: z.number().int(),
      /** Items without a correct response, imported without a key: the olympiad check lists them. */
      drafts: z.number().int(),
      /** Items that could not be imported; each is named in `notes` with its reason. */
      refused: z.number().int(),
      /** Each refused item and its reason first, then what was kept in a simpler form, per item. */
      notes: z.array(z.object({ path: z.string(), message: z.string() })),
      message: z.string(),
    }),
    load: ({ db, actor, query }) => moduleLoader.load(db, actor, query.questionModuleId, 'edit'),
    handler: async ({ db, actor, req, record: mod }) => {
      const { bytes, fileName } = await readUpload(req, { maxBytes: MAX_FILE_BYTES });
      let upload: QtiImport;
      try {
        upload = await prepareImport(bytes, (await findOlympiad(db, mod.olympiadId)) ?? undefined);
      } catch (err) {
        if (err instanceof HttpError) throw err;
        throw badRequest(isRefusal(err) ? err.message : 'This QTI package could not be read');
      }
      if (upload.total === 0) throw badRequest('The package has no items');
      // Item by item: one refused item does not hold back the others; only a package with none to import is a 400.
      if (upload.items.length === 0)
        throw invalid(
          upload.errors.slice(0, 500),
          `${upload.errors.length} of ${upload.total} items cannot be imported; nothing was imported`,
        );
      const refused = upload.errors.length;
      const drafts = upload.items.filter((i) => i.keyless).length;
      await db.transaction(async (tx) => {
        let position = await queries.nextPosition(tx, 'questions', mod.id);
        const urls = new Map<string, string>();
        for (const [path, image] of upload.images) {
          const stored = await storeQuestionImage(tx, app.storage, {
            name: path.split('/').pop() ?? 'image',
            ...image,
            olympiadId: mod.olympiadId,
            uploadedBy: actor.userId,
          });
          urls.set(path, stored.url);
        }
        for (const item of upload.items) {
          const q = item.build((path) => urls.get(path)!);
          await tx.insert(questions).values({
            moduleId: mod.id,
            position: position++,
            type: q.type,
            prompt: sanitizeRichText(q.prompt),
            imageUrl: q.imageUrl,
            imageAlt: q.imageAlt,
            options: q.options,
            imageWidth: q.imageWidth ?? null,
            imageHeight: q.imageHeight ?? null,
            targets: q.targets ?? [],
            gapText: q.gapText ?? '',
            maxChoices: q.maxChoices ?? 1,
            shuffle: q.shuffle,
            answerKey: q.answerKey,
            marks: q.marks,
            translations: q.translations ?? {},
            lastEditedBy: actor.userId,
          });
        }
        await audit(tx, actor, 'question.import-qti', {
          olympiadId: mod.olympiadId,
          data: {
            moduleId: mod.id,
            items: upload.items.length,
            drafts,
            refused,
            images: upload.images.size,
            file: fileName,
          },
          ip: req.ip,
        });
      });
      const imported = upload.items.length;
      return {
        success: true as const,
        imported,
        drafts,
        refused,
        notes: [
          ...upload.errors.map((e) => ({ path: e.path, message: `Not imported: ${e.message}` })),
          ...upload.notes,
        ].slice(0, 500),
        message:
          `${count(imported, 'question was', 'questions were')} imported` +
          (drafts ? `; ${drafts} have no correct answer yet and need one before the olympiad can open` : '') +
          (refused ? `; ${count(refused, 'item was', 'items were')} not imported (see the notes)` : ''),
      };
    },
  });
}
