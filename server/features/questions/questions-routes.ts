import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParams, IdText } from '#contract/ids';
import {
  QuestionInput,
  QuestionListQuery,
  QuestionRecord,
  QuestionSingleQuery,
  QuestionUpdate,
  ReorderBody,
  RetireQuery,
} from '#contract/authoring';
import { Ok, pageOf } from '#contract/errors';
import type { Queryable } from '../../db/client.js';
import { questions } from '../../db/schema/index.js';
import type { Actor } from '../../http/actor.js';
import { conflict, forbidden } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { pageResult } from '../../platform/paging.js';
import { reorderByIds } from '../../platform/reorder.js';
import { sanitizeRichText } from '../../platform/rich-text.js';
import { moduleLoader, questionLoader } from './load.js';
import { questionsPolicy } from './policy.js';
import { presentQuestion } from './present.js';
import * as queries from './queries.js';
import { count } from '#contract/numbers';

const QuestionBody = z.object({ success: z.literal(true), question: QuestionRecord });
const ModuleQuery = z.strictObject({ questionModuleId: IdText });

type Fields = Omit<z.infer<typeof QuestionInput>, 'questionModuleId'>;
/** What is stored: rich text sanitised, options only for choice questions, option text trimmed. */
function stored(f: Fields) {
  const choice = f.type === 'single' || f.type === 'multiple';
  return {
    type: f.type,
    prompt: sanitizeRichText(f.prompt),
    imageUrl: f.imageUrl,
    imageAlt: f.imageAlt,
    options: choice
      ? f.options.map((o) => ({
          id: o.id,
          text: o.text.trim(),
          imageUrl: o.imageUrl,
          ...(o.fixed ? { fixed: true } : {}),
        }))
      : [],
    shuffle: f.shuffle,
    answerKey: f.answerKey,
    marks: f.marks,
    difficulty: f.difficulty,
  };
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
      const position = await queries.nextPosition(db, 'questions', mod.id);
      const [row] = await db
        .insert(questions)
        .values({ moduleId: mod.id, position, ...stored(body), lastEditedBy: actor.userId })
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
      const { confirmKeyChange, ...fields } = body;
      const next = stored(fields);
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
        .set({ ...next, verifiedAt: null, verifiedBy: null, lastEditedBy: actor.userId, updatedAt: new Date() })
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
          shuffle: q.shuffle,
          answerKey: q.answerKey,
          marks: q.marks,
          difficulty: q.difficulty,
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
    query: z.strictObject({ verified: z.enum(['true', 'false']).default('true') }),
    response: QuestionBody,
    transaction: true,
    load: ({ db, actor, params }) => questionLoader.load(db, actor, params.id, 'edit'),
    handler: async ({ db, actor, query, record: q, audit }) => {
      const verified = query.verified === 'true';
      if (verified && !questionsPolicy.can(actor, 'verify', q)) {
        throw forbidden('You edited this question last; a second admin must verify it');
      }
      if (verified && !q.answerKey) throw conflict('This question has no correct answer yet');
      await db
        .update(questions)
        .set(verified ? { verifiedAt: new Date(), verifiedBy: actor.userId } : { verifiedAt: null, verifiedBy: null })
        .where(eq(questions.id, q.id));
      await audit(verified ? 'question.verify' : 'question.unverify', { entityId: q.id, olympiadId: q.olympiadId });
      return fresh(db, actor, q.id);
    },
  });
}
