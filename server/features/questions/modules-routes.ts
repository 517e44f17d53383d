import { and, eq, inArray, sql } from 'drizzle-orm';
import { intArray } from '../../db/client.js';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParams } from '../../../contract/ids.js';
import {
  DifficultyReport,
  ModuleInput,
  ModuleListQuery,
  ModuleUpdate,
  PaperResult,
  QuestionModuleRecord,
  ReorderBody,
} from '../../../contract/authoring.js';
import { Ok } from '../../../contract/errors.js';
import { questionModules } from '../../db/schema/index.js';
import { conflict, invalid } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { audit } from '../../platform/audit.js';
import { sanitizeRichText } from '../../platform/rich-text.js';
import { difficultyReport } from './difficulty.js';
import { questionsAccess } from './policy.js';
import { presentModule, presentQuestion } from './present.js';
import * as queries from './queries.js';
import { moduleFor, olympiadFor } from './scope.js';

const ModuleBody = z.object({ success: z.literal(true), module: QuestionModuleRecord });

/** question-module/v-rest/ and POST /olympiad/modules/{id}. */
export async function moduleRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['question modules'];
  const access = questionsAccess.author;

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
    handler: async ({ actor, query }) => {
      await olympiadFor(app.db, actor, query.olympiadId);
      const items = (await queries.listModules(app.db, query.olympiadId)).map(presentModule);
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
    handler: async ({ actor, params }) => {
      await olympiadFor(app.db, actor, params.id);
      const modules = await queries.listModules(app.db, params.id);
      const all = await queries.questionsOfModules(
        app.db,
        modules.map((m) => m.id),
      );
      return {
        success: true as const,
        olympiadId: params.id,
        modules: modules.map((m) => ({
          ...presentModule(m),
          questions: all.filter((q) => q.moduleId === m.id).map(presentQuestion),
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
    handler: async ({ actor, body, req }) => {
      await olympiadFor(app.db, actor, body.olympiadId);
      const id = await app.db.transaction(async (tx) => {
        const position = await queries.nextPosition(tx, 'modules', body.olympiadId);
        const [row] = await tx
          .insert(questionModules)
          .values({ olympiadId: body.olympiadId, title: body.title, intro: sanitizeRichText(body.intro), position })
          .returning({ id: questionModules.id });
        await audit(tx, actor, {
          action: 'create',
          entity: 'question_module',
          entityId: row!.id,
          olympiadId: body.olympiadId,
          data: { title: body.title },
          ip: req.ip,
        });
        return row!.id;
      });
      return { success: true as const, module: presentModule((await queries.findModule(app.db, id))!) };
    },
  });

  route(app, {
    method: 'PUT',
    url: '/question-module/v-rest/:id',
    summary: 'Edit a module’s title and intro',
    tags,
    access,
    params: IdParams,
    body: ModuleUpdate,
    response: ModuleBody,
    handler: async ({ actor, params, body, req }) => {
      const mod = await moduleFor(app.db, actor, params.id);
      await app.db.transaction(async (tx) => {
        await tx
          .update(questionModules)
          .set({
            ...body,
            ...(body.intro === undefined ? {} : { intro: sanitizeRichText(body.intro) }),
            updatedAt: new Date(),
          })
          .where(eq(questionModules.id, mod.id));
        await audit(tx, actor, {
          action: 'update',
          entity: 'question_module',
          entityId: mod.id,
          olympiadId: mod.olympiadId,
          data: { title: body.title },
          ip: req.ip,
        });
      });
      return { success: true as const, module: presentModule((await queries.findModule(app.db, mod.id))!) };
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
    handler: async ({ actor, params, req }) => {
      const mod = await moduleFor(app.db, actor, params.id);
      if ((await queries.answersInModule(app.db, mod.id)) > 0) {
        throw conflict('Learners have answered questions of this module; retire its questions instead');
      }
      await app.db.transaction(async (tx) => {
        await tx.delete(questionModules).where(eq(questionModules.id, mod.id));
        await audit(tx, actor, {
          action: 'delete',
          entity: 'question_module',
          entityId: mod.id,
          olympiadId: mod.olympiadId,
          data: { title: mod.title },
          ip: req.ip,
        });
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
    handler: async ({ actor, query, body, req }) => {
      await olympiadFor(app.db, actor, query.olympiadId);
      await app.db.transaction(async (tx) => {
        const current = await tx
          .select({ id: questionModules.id })
          .from(questionModules)
          .where(eq(questionModules.olympiadId, query.olympiadId))
          .for('update');
        const ids = new Set(current.map((m) => m.id));
        if (
          body.ids.length !== ids.size ||
          !body.ids.every((id) => ids.has(id)) ||
          new Set(body.ids).size !== body.ids.length
        ) {
          throw invalid([{ path: 'body.ids', message: 'Give every module of the olympiad exactly once' }]);
        }
        await tx
          .update(questionModules)
          .set({
            position: sql`array_position(${intArray(body.ids)}, ${questionModules.id}) - 1`,
          })
          .where(and(eq(questionModules.olympiadId, query.olympiadId), inArray(questionModules.id, body.ids)));
        await audit(tx, actor, {
          action: 'reorder',
          entity: 'question_module',
          olympiadId: query.olympiadId,
          data: { ids: body.ids },
          ip: req.ip,
        });
      });
      return { success: true as const, message: 'The order was saved' };
    },
  });

  route(app, {
    method: 'POST',
    url: '/olympiad/reports/questions-by-difficulty/:id',
    summary: 'Per question: share correct, discrimination (top vs bottom 27 %), option choices and flags',
    tags: ['reports'],
    access,
    params: IdParams,
    response: DifficultyReport,
    handler: async ({ actor, params }) => {
      await olympiadFor(app.db, actor, params.id);
      return difficultyReport(app.db, params.id);
    },
  });
}
