import { and, eq, inArray, sql } from 'drizzle-orm';
import { intArray } from '../../db/client.js';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParams, IdText } from '../../../contract/ids.js';
import {
  QuestionInput,
  QuestionListQuery,
  QuestionRecord,
  QuestionSingleQuery,
  QuestionUpdate,
  ReorderBody,
  RetireQuery,
} from '../../../contract/authoring.js';
import { Ok, pageOf } from '../../../contract/errors.js';
import { questions } from '../../db/schema/index.js';
import { conflict, forbidden, invalid } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { audit } from '../../platform/audit.js';
import { sanitizeRichText } from '../../platform/rich-text.js';
import { questionsAccess, questionsPolicy } from './policy.js';
import { presentQuestion } from './present.js';
import * as queries from './queries.js';
import { moduleFor, questionFor } from './scope.js';

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
    options: choice ? f.options.map((o) => ({ id: o.id, text: o.text.trim(), imageUrl: o.imageUrl })) : [],
    answerKey: f.answerKey,
    marks: f.marks,
    difficulty: f.difficulty,
  };
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** question/v-rest/: the questions of a module. */
export async function questionRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['questions'];
  const access = questionsAccess.author;
  const fresh = async (id: number) => ({
    success: true as const,
    question: presentQuestion((await queries.findQuestion(app.db, id))!),
  });

  route(app, {
    method: 'GET',
    url: '/question/v-rest/',
    summary: 'The questions of a module, paged, searchable, sortable',
    tags,
    access,
    query: QuestionListQuery,
    response: pageOf(QuestionRecord),
    handler: async ({ actor, query }) => {
      await moduleFor(app.db, actor, query.questionModuleId);
      const page = await queries.listQuestions(app.db, { ...query, includeRetired: query.includeRetired === 'true' });
      return {
        success: true as const,
        items: page.items.map(presentQuestion),
        total: page.total,
        page: query.page,
        pageSize: query.pageSize,
      };
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
    handler: async ({ actor, query }) => fresh((await questionFor(app.db, actor, query.questionId)).id),
  });

  route(app, {
    method: 'POST',
    url: '/question/v-rest/',
    summary: 'Add a question at the end of a module',
    tags,
    access,
    body: QuestionInput,
    response: QuestionBody,
    handler: async ({ actor, body, req }) => {
      const mod = await moduleFor(app.db, actor, body.questionModuleId);
      const id = await app.db.transaction(async (tx) => {
        const position = await queries.nextPosition(tx, 'questions', mod.id);
        const [row] = await tx
          .insert(questions)
          .values({ moduleId: mod.id, position, ...stored(body), lastEditedBy: actor.userId })
          .returning({ id: questions.id });
        await audit(tx, actor, {
          action: 'create',
          entity: 'question',
          entityId: row!.id,
          olympiadId: mod.olympiadId,
          data: { moduleId: mod.id, type: body.type },
          ip: req.ip,
        });
        return row!.id;
      });
      return fresh(id);
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
    handler: async ({ actor, params, body, req }) => {
      const before = await questionFor(app.db, actor, params.id);
      const { confirmKeyChange, ...fields } = body;
      const next = stored(fields);
      const keyChanged = !sameJson(before.answerKey, next.answerKey) || before.type !== next.type;
      if (before.answerCount > 0 && before.type !== next.type) {
        throw conflict('Learners have answered this question; its type cannot change (retire it and add a new one)');
      }
      if (before.answerCount > 0 && keyChanged && !confirmKeyChange) {
        throw conflict(
          `Changing the correct answer affects ${before.answerCount} answer${before.answerCount === 1 ? '' : 's'}; confirm, then re-mark`,
          [{ path: 'body.answerKey', message: `${before.answerCount} answers are affected` }],
        );
      }
      await app.db.transaction(async (tx) => {
        await tx
          .update(questions)
          .set({ ...next, verifiedAt: null, verifiedBy: null, lastEditedBy: actor.userId, updatedAt: new Date() })
          .where(eq(questions.id, before.id));
        await audit(tx, actor, {
          action: keyChanged && before.answerCount > 0 ? 'key_fix' : 'update',
          entity: 'question',
          entityId: before.id,
          olympiadId: before.olympiadId,
          data: keyChanged
            ? { keyBefore: before.answerKey, keyAfter: next.answerKey, answersAffected: before.answerCount }
            : {},
          ip: req.ip,
        });
      });
      return fresh(before.id);
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
    handler: async ({ actor, params, req }) => {
      const q = await questionFor(app.db, actor, params.id);
      if (q.answerCount > 0) throw conflict('Learners have answered this question; retire it instead of deleting it');
      await app.db.transaction(async (tx) => {
        await tx.delete(questions).where(eq(questions.id, q.id));
        await audit(tx, actor, {
          action: 'delete',
          entity: 'question',
          entityId: q.id,
          olympiadId: q.olympiadId,
          data: { prompt: q.prompt.slice(0, 200) },
          ip: req.ip,
        });
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
    handler: async ({ actor, params, query, req }) => {
      const q = await questionFor(app.db, actor, params.id);
      const retired = query.retired === 'true';
      await app.db.transaction(async (tx) => {
        await tx
          .update(questions)
          .set({ retiredAt: retired ? new Date() : null, updatedAt: new Date() })
          .where(eq(questions.id, q.id));
        await audit(tx, actor, {
          action: retired ? 'retire' : 'unretire',
          entity: 'question',
          entityId: q.id,
          olympiadId: q.olympiadId,
          ip: req.ip,
        });
      });
      return fresh(q.id);
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
    handler: async ({ actor, params, req }) => {
      const q = await questionFor(app.db, actor, params.id);
      const id = await app.db.transaction(async (tx) => {
        const position = await queries.nextPosition(tx, 'questions', q.moduleId);
        const [row] = await tx
          .insert(questions)
          .values({
            moduleId: q.moduleId,
            position,
            type: q.type,
            prompt: q.prompt,
            imageUrl: q.imageUrl,
            imageAlt: q.imageAlt,
            options: q.options,
            answerKey: q.answerKey,
            marks: q.marks,
            difficulty: q.difficulty,
            lastEditedBy: actor.userId,
          })
          .returning({ id: questions.id });
        await audit(tx, actor, {
          action: 'duplicate',
          entity: 'question',
          entityId: row!.id,
          olympiadId: q.olympiadId,
          data: { from: q.id },
          ip: req.ip,
        });
        return row!.id;
      });
      return fresh(id);
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
    handler: async ({ actor, query, body, req }) => {
      const mod = await moduleFor(app.db, actor, query.questionModuleId);
      await app.db.transaction(async (tx) => {
        const current = await tx
          .select({ id: questions.id })
          .from(questions)
          .where(eq(questions.moduleId, mod.id))
          .for('update');
        const ids = new Set(current.map((r) => r.id));
        if (
          body.ids.length !== ids.size ||
          !body.ids.every((id) => ids.has(id)) ||
          new Set(body.ids).size !== body.ids.length
        ) {
          throw invalid([{ path: 'body.ids', message: 'Give every question of the module exactly once' }]);
        }
        await tx
          .update(questions)
          .set({
            position: sql`array_position(${intArray(body.ids)}, ${questions.id}) - 1`,
          })
          .where(and(eq(questions.moduleId, mod.id), inArray(questions.id, body.ids)));
        await audit(tx, actor, {
          action: 'reorder',
          entity: 'question',
          olympiadId: mod.olympiadId,
          data: { moduleId: mod.id, ids: body.ids },
          ip: req.ip,
        });
      });
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
    handler: async ({ actor, params, query, req }) => {
      const q = await questionFor(app.db, actor, params.id);
      const verified = query.verified === 'true';
      if (verified && !questionsPolicy.canVerify(actor, { lastEditedBy: q.lastEditedById })) {
        throw forbidden('You edited this question last; a second admin must verify it');
      }
      if (verified && !q.answerKey) throw conflict('This question has no correct answer yet');
      await app.db.transaction(async (tx) => {
        await tx
          .update(questions)
          .set(verified ? { verifiedAt: new Date(), verifiedBy: actor.userId } : { verifiedAt: null, verifiedBy: null })
          .where(eq(questions.id, q.id));
        await audit(tx, actor, {
          action: verified ? 'verify' : 'unverify',
          entity: 'question',
          entityId: q.id,
          olympiadId: q.olympiadId,
          ip: req.ip,
        });
      });
      return fresh(q.id);
    },
  });
}
