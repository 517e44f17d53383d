import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParams } from '#contract/ids';
import {
  DifficultyQuery,
  DifficultyReport,
  ModuleInput,
  ModuleListQuery,
  ModuleUpdate,
  PaperResult,
  QuestionModuleRecord,
  ReorderBody,
  VerifyLanguageQuery,
} from '#contract/authoring';
import { Ok } from '#contract/errors';
import type { Queryable } from '../../db/client.js';
import { questionModules } from '../../db/schema/index.js';
import type { Actor } from '../../http/actor.js';
import { checkGrade, conflict, forbidden, invalid } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { readOne } from '../../http/single.js';
import { findOlympiad } from '../../platform/olympiad-lookup.js';
import { reorderByIds } from '../../platform/reorder.js';
import { sanitizeRichText } from '../../platform/rich-text.js';
import { sendDownload } from '../../platform/xlsx.js';
import { difficultyReport } from './difficulty.js';
import { difficultySheets } from './difficulty-export.js';
import { moduleLoader, paperLoader } from './load.js';
import { questionsPolicy } from './policy.js';
import { presentModule, presentQuestion } from './present.js';
import { lastTranslator } from '../../platform/audit.js';
import * as queries from './queries.js';
import {
  changedLanguages,
  checkTranslationLanguages,
  languageName,
  nextModuleTranslations,
  otherLanguagesOf,
  withVerification,
} from './translations.js';

const ModuleBody = z.object({ success: z.literal(true), module: QuestionModuleRecord });
const tags = ['question modules'];
const access = questionsPolicy.access.edit;

/** The module read again after a change. */
const moduleAnswer = async (q: Queryable, actor: Actor, id: number) => ({
  success: true as const,
  module: presentModule(actor, (await queries.findModule(q, id))!),
});

/** question-module/v-rest/ and POST /olympiad/modules/{id}. */
export async function moduleRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/question-module/v-rest/',
    summary: 'The modules of an olympiad, in order',
    tags,
    access,
    query: ModuleListQuery,
    response: z.object({
      success: z.literal(true),
      items: z.array(QuestionModuleRecord),
      total: z.number().int(),
      page: z.number().int(),
      pageSize: z.number().int(),
    }),
    load: ({ db, actor, query }) => paperLoader.load(db, actor, query.olympiadId, 'edit'),
    handler: async ({ db, actor, record: paper }) => {
      const items = (await queries.listModules(db, paper.olympiadId)).map((m) => presentModule(actor, m));
      return { success: true as const, items, total: items.length, page: 1, pageSize: Math.max(items.length, 1) };
    },
  });

  route(app, {
    method: 'POST',
    url: '/olympiad/modules/:id',
    summary: 'The olympiad’s whole paper: modules with their questions and keys (admins)',
    tags,
    access,
    params: IdParams,
    response: PaperResult,
    load: ({ db, actor, params }) => paperLoader.load(db, actor, params.id, 'edit'),
    handler: async ({ db, actor, record: paper }) => {
      const modules = await queries.listModules(db, paper.olympiadId);
      const all = await queries.questionsOfModules(
        db,
        modules.map((m) => m.id),
      );
      return {
        success: true as const,
        olympiadId: paper.olympiadId,
        modules: modules.map((m) => ({
          ...presentModule(actor, m),
          questions: all.filter((q) => q.moduleId === m.id).map((q) => presentQuestion(actor, paper.olympiadId, q)),
        })),
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/question-module/v-rest/',
    summary: 'Add a module at the end',
    tags,
    access,
    body: ModuleInput,
    response: ModuleBody,
    transaction: true,
    load: ({ db, actor, body }) => paperLoader.load(db, actor, body.olympiadId, 'edit'),
    handler: async ({ db, actor, body, audit }) => {
      checkTranslationLanguages(body.translations, (await findOlympiad(db, body.olympiadId))!);
      const position = await queries.nextPosition(db, 'modules', body.olympiadId);
      const translations = nextModuleTranslations({}, body.translations);
      const [row] = await db
        .insert(questionModules)
        .values({
          olympiadId: body.olympiadId,
          title: body.title,
          intro: sanitizeRichText(body.intro),
          translations,
          position,
        })
        .returning({ id: questionModules.id });
      await audit('question-module.create', {
        entityId: row!.id,
        olympiadId: body.olympiadId,
        data: { title: body.title, translationsChanged: Object.keys(translations) },
      });
      return moduleAnswer(db, actor, row!.id);
    },
  });

  readOne(
    app,
    '/question-module/v-rest/',
    'questionModuleId',
    {
      summary: 'One module',
      tags,
      access,
      response: ModuleBody,
      load: ({ db, actor, params }) => moduleLoader.load(db, actor, params.id, 'edit'),
      handler: async ({ actor, record }) => ({ success: true as const, module: presentModule(actor, record) }),
    },
    { byId: false },
  );

  route(app, {
    method: 'PUT',
    url: '/question-module/v-rest/:id',
    summary: 'Edit a module’s title and intro',
    tags,
    access,
    params: IdParams,
    body: ModuleUpdate,
    response: ModuleBody,
    transaction: true,
    load: ({ db, actor, params }) => moduleLoader.load(db, actor, params.id, 'edit'),
    handler: async ({ db, actor, body, record: mod, audit }) => {
      const { translations: given, ...fields } = body;
      checkTranslationLanguages(given, (await findOlympiad(db, mod.olympiadId))!);
      const translations = given === undefined ? mod.translations : nextModuleTranslations(mod.translations, given);
      await db
        .update(questionModules)
        .set({
          ...fields,
          ...(fields.intro === undefined ? {} : { intro: sanitizeRichText(fields.intro) }),
          ...(given === undefined ? {} : { translations }),
          updatedAt: new Date(),
        })
        .where(eq(questionModules.id, mod.id));
      await audit('question-module.update', {
        entityId: mod.id,
        olympiadId: mod.olympiadId,
        data: {
          title: body.title,
          ...(given
            ? { languages: Object.keys(given), translationsChanged: changedLanguages(mod.translations, translations) }
            : {}),
        },
      });
      return moduleAnswer(db, actor, mod.id);
    },
  });

  route(app, {
    method: 'POST',
    url: '/question-module/v-rest/:id/verify',
    summary: 'Mark one language’s version of a module’s title and intro verified (verified=false: clear)',
    tags,
    access,
    params: IdParams,
    query: VerifyLanguageQuery,
    response: ModuleBody,
    transaction: true,
    load: ({ db, actor, params }) => moduleLoader.load(db, actor, params.id, 'edit'),
    handler: async ({ db, actor, query, record: mod, audit }) => {
      const olympiad = (await findOlympiad(db, mod.olympiadId))!;
      const lang = query.language ?? otherLanguagesOf(olympiad)[0];
      if (!lang || !otherLanguagesOf(olympiad).includes(lang))
        throw invalid([
          {
            path: 'query.language',
            message:
              !lang || lang === olympiad.defaultLanguage
                ? 'A section’s own title and intro need no verifying: choose another language the olympiad offers'
                : `This olympiad is not offered in ${languageName(lang)}`,
          },
        ]);
      const verified = query.verified === 'true';
      if (verified && !mod.translations[lang]) throw conflict(`This section has no ${languageName(lang)} version yet`);
      const lastEditedById = verified
        ? await lastTranslator(db, {
            actions: ['question-module.create', 'question-module.update'],
            entityId: mod.id,
            language: lang,
          })
        : null;
      if (verified && !questionsPolicy.can(actor, 'verify', { olympiadId: mod.olympiadId, lastEditedById }))
        throw forbidden(`You wrote this section’s ${languageName(lang)} version last; a second admin must verify it`);
      await db
        .update(questionModules)
        .set({ translations: withVerification(mod.translations, lang, verified ? actor.userId : null) })
        .where(eq(questionModules.id, mod.id));
      await audit('question-module.update', {
        entityId: mod.id,
        olympiadId: mod.olympiadId,
        data: { language: lang, verified },
      });
      return moduleAnswer(db, actor, mod.id);
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/question-module/v-rest/:id',
    summary: 'Delete a module and its questions (not once learners answered them)',
    tags,
    access,
    params: IdParams,
    response: Ok,
    transaction: true,
    load: ({ db, actor, params }) => moduleLoader.load(db, actor, params.id, 'edit'),
    handler: async ({ db, record: mod, audit }) => {
      if ((await queries.answersInModule(db, mod.id)) > 0) {
        throw conflict('Learners have answered questions of this module; retire its questions instead');
      }
      await db.delete(questionModules).where(eq(questionModules.id, mod.id));
      await audit('question-module.delete', {
        entityId: mod.id,
        olympiadId: mod.olympiadId,
        data: { title: mod.title },
      });
      return { success: true as const, message: 'The module was deleted' };
    },
  });

  route(app, {
    method: 'POST',
    url: '/question-module/v-rest/reorder',
    summary: 'Put an olympiad’s modules in the given order (all of their ids)',
    tags,
    access,
    query: ModuleListQuery,
    body: ReorderBody,
    response: Ok,
    transaction: true,
    load: ({ db, actor, query }) => paperLoader.load(db, actor, query.olympiadId, 'edit'),
    handler: async ({ db, body, record: paper, audit }) => {
      await reorderByIds(db, {
        table: 'question_modules',
        where: sql`olympiad_id = ${paper.olympiadId}`,
        ids: body.ids,
        what: 'module',
      });
      await audit('question-module.reorder', { olympiadId: paper.olympiadId, data: { ids: body.ids } });
      return { success: true as const, message: 'The order was saved' };
    },
  });

  route(app, {
    method: 'POST',
    url: '/olympiad/reports/questions-by-difficulty/:id',
    summary:
      'Item analysis of every grade or one: per question facility, SD, discrimination index (item-rest correlation) and ' +
      'the top-vs-bottom 27 % index, per option who chose it, and the paper’s reliability; JSON, csv or xlsx',
    tags: ['reports'],
    access,
    params: IdParams,
    query: DifficultyQuery,
    heavy: ({ query }) => query.format !== 'json',
    response: DifficultyReport,
    load: ({ db, actor, params }) => paperLoader.load(db, actor, params.id, 'edit'),
    handler: async ({ db, query, reply, record: paper }) => {
      const olympiad = (await findOlympiad(db, paper.olympiadId))!;
      checkGrade(olympiad, query.grade, 'query.grade');
      const report = await difficultyReport(db, paper.olympiadId, query.grade ?? null);
      if (query.format === 'json') return report;
      const name = `questions-by-difficulty-${olympiad.varName}${query.grade == null ? '' : `-grade-${query.grade}`}`;
      return sendDownload(
        reply,
        query.format,
        query.format === 'csv' && query.table === 'options' ? `${name}-options` : name,
        difficultySheets(report, query.format === 'csv' ? query.table : 'questions'),
      );
    },
  });
}
