import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParams, IdText } from '#contract/ids';
import {
  QuestionInput,
  QuestionListQuery,
  questionProblems,
  QuestionRecord,
  QuestionSingleQuery,
  QuestionUpdate,
  ReorderBody,
  RetireQuery,
  VerifyLanguageQuery,
} from '#contract/authoring';
import { Ok, pageOf } from '#contract/errors';
import { isGapTextType, isPairType, isPictureType, type QuestionType } from '#contract/questions';
import type { Queryable } from '../../db/client.js';
import { questions } from '../../db/schema/index.js';
import type { Actor } from '../../http/actor.js';
import { conflict, forbidden, invalid } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { findOlympiad } from '../../platform/olympiad-lookup.js';
import { pageResult } from '../../platform/paging.js';
import { reorderByIds } from '../../platform/reorder.js';
import { sanitizeRichText } from '../../platform/rich-text.js';
import type { FileStorage } from '../../platform/storage.js';
import { questionPictureSize } from './images-routes.js';
import { moduleLoader, questionLoader } from './load.js';
import { questionsPolicy } from './policy.js';
import { presentQuestion } from './present.js';
import * as queries from './queries.js';
import { count } from '#contract/numbers';
import {
  checkTranslationLanguages,
  languageName,
  nextQuestionTranslations,
  otherLanguagesOf,
  withVerification,
} from './translations.js';

const QuestionBody = z.object({ success: z.literal(true), question: QuestionRecord });
const ModuleQuery = z.strictObject({ questionModuleId: IdText });

type Fields = Omit<z.infer<typeof QuestionInput>, 'questionModuleId'>;

/** The olympiad a question belongs to, for the languages it offers. */
async function olympiadOf(q: Queryable, olympiadId: number) {
  const o = await findOlympiad(q, olympiadId);
  return o ?? { languages: ['en'], defaultLanguage: 'en' };
}

/** The types whose options may be shuffled, so whose options may be `fixed` (an order question's never are). */
const fixableTypes: ReadonlySet<QuestionType> = new Set([
  'single',
  'multiple',
  'inline_choice',
  'gap_match',
  'graphic_gap_match',
  'match',
]);
/** The types without options: a true or false, a number, a short text, a point on the picture. */
const optionlessTypes: ReadonlySet<QuestionType> = new Set(['true_false', 'numeric', 'short_text', 'select_point']);

/**
 * What is stored: rich text sanitised, each type's options and targets with only what the type uses (a hotspot's
 * areas, a place's area, how many pairs an item may be in, which options keep their place), text trimmed; the text
 * with gaps only for the types that have one, how many areas may be chosen only for a hotspot.
 */
function stored(f: Omit<Fields, 'translations'>) {
  const pairing = isPairType(f.type);
  return {
    type: f.type,
    prompt: sanitizeRichText(f.prompt),
    imageUrl: f.imageUrl,
    imageAlt: f.imageAlt,
    imageWidth: f.imageUrl ? f.imageWidth : null,
    imageHeight: f.imageUrl ? f.imageHeight : null,
    options: optionlessTypes.has(f.type)
      ? []
      : f.options.map((o) => ({
          id: o.id,
          text: o.text.trim(),
          imageUrl: f.type === 'hotspot' ? null : o.imageUrl,
          ...(o.fixed && fixableTypes.has(f.type) ? { fixed: true } : {}),
          ...(f.type === 'hotspot' && o.area ? { area: o.area } : {}),
          ...(pairing && o.matchMax != null && o.matchMax !== 1 ? { matchMax: o.matchMax } : {}),
        })),
    targets: pairing
      ? f.targets.map((t) => ({
          id: t.id,
          text: f.type === 'gap_match' ? '' : t.text.trim(),
          imageUrl: f.type === 'match' ? t.imageUrl : null,
          ...(f.type === 'graphic_gap_match' && t.area ? { area: t.area } : {}),
          ...(t.matchMax != null && t.matchMax !== 1 ? { matchMax: t.matchMax } : {}),
          ...(f.type === 'match' && t.fixed ? { fixed: true } : {}),
        }))
      : [],
    gapText: isGapTextType(f.type) ? f.gapText : '',
    maxChoices: f.type === 'hotspot' ? f.maxChoices : 1,
    shuffle: f.shuffle,
    answerKey: f.answerKey,
    marks: f.marks,
    difficulty: f.difficulty,
  };
}

/**
 * The question with its picture's size read from the picture itself (decision 084): the browser's figures are not
 * trusted, the areas are checked again against the real size, and a picture type whose picture cannot be measured
 * (not one of Olympus's uploads, or a file that cannot be read) is a 400. Another type keeps no size it cannot read.
 */
async function measured<F extends Fields>(q: Queryable, storage: FileStorage, f: F): Promise<F> {
  if (!f.imageUrl) return { ...f, imageWidth: null, imageHeight: null };
  const size = await questionPictureSize(q, storage, f.imageUrl);
  if (!size) {
    if (isPictureType(f.type))
      throw invalid([
        {
          path: 'body.imageUrl',
          message: 'The size of this picture could not be read: upload the picture here again',
        },
      ]);
    return { ...f, imageWidth: null, imageHeight: null };
  }
  const next = { ...f, imageWidth: size.width, imageHeight: size.height };
  const problems = questionProblems(next);
  if (problems.length) throw invalid(problems.map((p) => ({ ...p, path: `body.${p.path}` })));
  return next;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const tags = ['questions'];
const access = questionsPolicy.access.edit;

/** The question read again after a change. */
async function fresh(q: Queryable, actor: Actor, id: number) {
  const question = (await queries.findQuestion(q, id))!;
  return { success: true as const, question: presentQuestion(actor, question.olympiadId, question) };
}

/** question/v-rest/: the questions of a module. */
export async function questionRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/question/v-rest/',
    summary: 'The questions of a module, paged, searchable, sortable',
    tags,
    access,
    query: QuestionListQuery,
    response: pageOf(QuestionRecord),
    load: ({ db, actor, query }) => moduleLoader.load(db, actor, query.questionModuleId, 'edit'),
    handler: async ({ db, actor, query, record: mod }) => {
      const page = await queries.listQuestions(db, { ...query, includeRetired: query.includeRetired === 'true' });
      return pageResult(
        page.items.map((q) => presentQuestion(actor, mod.olympiadId, q)),
        page.total,
        query,
      );
    },
  });

  route(app, {
    method: 'GET',
    url: '/question/v-rest/single',
    summary: 'One question with its key',
    tags,
    access,
    query: QuestionSingleQuery,
    response: QuestionBody,
    load: ({ db, actor, query }) => questionLoader.load(db, actor, query.questionId, 'edit'),
    handler: async ({ actor, record }) => ({
      success: true as const,
      question: presentQuestion(actor, record.olympiadId, record),
    }),
  });

  route(app, {
    method: 'POST',
    url: '/question/v-rest/',
    summary: 'Add a question at the end of a module',
    tags,
    access,
    body: QuestionInput,
    response: QuestionBody,
    transaction: true,
    load: ({ db, actor, body }) => moduleLoader.load(db, actor, body.questionModuleId, 'edit'),
    handler: async ({ db, actor, body, record: mod, audit }) => {
      checkTranslationLanguages(body.translations, await olympiadOf(db, mod.olympiadId));
      const position = await queries.nextPosition(db, 'questions', mod.id);
      const { translations: given, ...fields } = await measured(db, app.storage, body);
      const next = stored(fields);
      const [row] = await db
        .insert(questions)
        .values({
          moduleId: mod.id,
          position,
          ...next,
          translations: nextQuestionTranslations({}, given, next),
          lastEditedBy: actor.userId,
        })
        .returning({ id: questions.id });
      await audit('question.create', {
        entityId: row!.id,
        olympiadId: mod.olympiadId,
        data: { moduleId: mod.id, type: body.type },
      });
      return fresh(db, actor, row!.id);
    },
  });

  route(app, {
    method: 'PUT',
    url: '/question/v-rest/:id',
    summary:
      'Edit a question; clears its verification. Changing the key after learners answered needs confirmKeyChange (then re-mark)',
    tags,
    access,
    params: IdParams,
    body: QuestionUpdate,
    response: QuestionBody,
    transaction: true,
    load: ({ db, actor, params }) => questionLoader.load(db, actor, params.id, 'edit'),
    handler: async ({ db, actor, body, record: before, audit }) => {
      const { confirmKeyChange, translations: given, ...fields } = body;
      checkTranslationLanguages(given, await olympiadOf(db, before.olympiadId));
      const next = stored(await measured(db, app.storage, fields));
      const translations = nextQuestionTranslations(before.translations, given, next);
      // Editing one language's words clears that language's verification only: the default's when its fields (or
      // the key, which every language shares) change, another's when its words do (nextQuestionTranslations).
      const defaultChanged = (Object.keys(next) as Array<keyof typeof next>).some(
        (k) => !sameJson(next[k] ?? null, (before as Record<string, unknown>)[k] ?? null),
      );
      const keyChanged = !sameJson(before.answerKey, next.answerKey) || before.type !== next.type;
      if (before.answerCount > 0 && before.type !== next.type) {
        throw conflict('Learners have answered this question; its type cannot change (retire it and add a new one)');
      }
      if (before.answerCount > 0 && keyChanged && !confirmKeyChange) {
        throw conflict(
          `Changing the correct answer affects ${count(before.answerCount, 'answer')}; confirm, then re-mark`,
          [{ path: 'body.answerKey', message: `${before.answerCount} answers are affected` }],
        );
      }
      await db
        .update(questions)
        .set({
          ...next,
          translations,
          ...(defaultChanged ? { verifiedAt: null, verifiedBy: null } : {}),
          lastEditedBy: actor.userId,
          updatedAt: new Date(),
        })
        .where(eq(questions.id, before.id));
      await audit(keyChanged && before.answerCount > 0 ? 'question.key-fix' : 'question.update', {
        entityId: before.id,
        olympiadId: before.olympiadId,
        data: keyChanged
          ? { keyBefore: before.answerKey, keyAfter: next.answerKey, answersAffected: before.answerCount }
          : {},
      });
      return fresh(db, actor, before.id);
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/question/v-rest/:id',
    summary: 'Delete a question nobody answered (otherwise retire it)',
    tags,
    access,
    params: IdParams,
    response: Ok,
    transaction: true,
    load: ({ db, actor, params }) => questionLoader.load(db, actor, params.id, 'edit'),
    handler: async ({ db, record: q, audit }) => {
      if (q.answerCount > 0) throw conflict('Learners have answered this question; retire it instead of deleting it');
      await db.delete(questions).where(eq(questions.id, q.id));
      await audit('question.delete', {
        entityId: q.id,
        olympiadId: q.olympiadId,
        data: { prompt: q.prompt.slice(0, 200) },
      });
      return { success: true as const, message: 'The question was deleted' };
    },
  });

  route(app, {
    method: 'POST',
    url: '/question/v-rest/:id/retire',
    summary: 'Retire (retired=true) or bring back a question; retired ones are not shown nor marked',
    tags,
    access,
    params: IdParams,
    query: RetireQuery,
    response: QuestionBody,
    transaction: true,
    load: ({ db, actor, params }) => questionLoader.load(db, actor, params.id, 'edit'),
    handler: async ({ db, actor, query, record: q, audit }) => {
      const retired = query.retired === 'true';
      await db
        .update(questions)
        .set({ retiredAt: retired ? new Date() : null, updatedAt: new Date() })
        .where(eq(questions.id, q.id));
      await audit(retired ? 'question.retire' : 'question.unretire', { entityId: q.id, olympiadId: q.olympiadId });
      return fresh(db, actor, q.id);
    },
  });

  route(app, {
    method: 'POST',
    url: '/question/v-rest/:id/duplicate',
    summary: 'Copy a question to the end of its module (unverified)',
    tags,
    access,
    params: IdParams,
    response: QuestionBody,
    transaction: true,
    load: ({ db, actor, params }) => questionLoader.load(db, actor, params.id, 'edit'),
    handler: async ({ db, actor, record: q, audit }) => {
      const position = await queries.nextPosition(db, 'questions', q.moduleId);
      const [row] = await db
        .insert(questions)
        .values({
          moduleId: q.moduleId,
          position,
          type: q.type,
          prompt: q.prompt,
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
          translations: Object.fromEntries(
            Object.entries(q.translations).map(([l, t]) => [l, { ...t, verifiedBy: null, verifiedAt: null }]),
          ),
          lastEditedBy: actor.userId,
        })
        .returning({ id: questions.id });
      await audit('question.duplicate', { entityId: row!.id, olympiadId: q.olympiadId, data: { from: q.id } });
      return fresh(db, actor, row!.id);
    },
  });

  route(app, {
    method: 'POST',
    url: '/question/v-rest/reorder',
    summary: 'Put a module’s questions in the given order (all of their ids)',
    tags,
    access,
    query: ModuleQuery,
    body: ReorderBody,
    response: Ok,
    transaction: true,
    load: ({ db, actor, query }) => moduleLoader.load(db, actor, query.questionModuleId, 'edit'),
    handler: async ({ db, body, record: mod, audit }) => {
      await reorderByIds(db, {
        table: 'questions',
        where: sql`module_id = ${mod.id}`,
        ids: body.ids,
        what: 'question',
      });
      await audit('question.reorder', { olympiadId: mod.olympiadId, data: { moduleId: mod.id, ids: body.ids } });
      return { success: true as const, message: 'The order was saved' };
    },
  });

  route(app, {
    method: 'POST',
    url: '/question/v-rest/:id/verify',
    summary: 'Mark a question verified: a second admin, not its last editor (verified=false: clear)',
    tags,
    access,
    params: IdParams,
    query: VerifyLanguageQuery,
    response: QuestionBody,
    transaction: true,
    load: ({ db, actor, params }) => questionLoader.load(db, actor, params.id, 'edit'),
    handler: async ({ db, actor, query, record: q, audit }) => {
      const verified = query.verified === 'true';
      if (verified && !questionsPolicy.can(actor, 'verify', q)) {
        throw forbidden('You edited this question last; a second admin must verify it');
      }
      if (verified && !q.answerKey) throw conflict('This question has no correct answer yet');
      const olympiad = await olympiadOf(db, q.olympiadId);
      const lang = query.language;
      if (lang && lang !== olympiad.defaultLanguage) {
        // Another language's version: verified on its own, in the question's translations.
        if (!otherLanguagesOf(olympiad).includes(lang))
          throw invalid([{ path: 'query.language', message: `This olympiad is not offered in ${languageName(lang)}` }]);
        if (verified && !q.translations[lang]) throw conflict(`This question has no ${languageName(lang)} version yet`);
        await db
          .update(questions)
          .set({ translations: withVerification(q.translations, lang, verified ? actor.userId : null) })
          .where(eq(questions.id, q.id));
        await audit(verified ? 'question.verify' : 'question.unverify', {
          entityId: q.id,
          olympiadId: q.olympiadId,
          data: { language: lang },
        });
        return fresh(db, actor, q.id);
      }
      await db
        .update(questions)
        .set(verified ? { verifiedAt: new Date(), verifiedBy: actor.userId } : { verifiedAt: null, verifiedBy: null })
        .where(eq(questions.id, q.id));
      await audit(verified ? 'question.verify' : 'question.unverify', { entityId: q.id, olympiadId: q.olympiadId });
      return fresh(db, actor, q.id);
    },
  });
}
