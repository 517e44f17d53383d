import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { IdParams } from '../../../contract/ids.js';
import { Ok, pageOf } from '../../../contract/errors.js';
import {
  adminSettingsKeys,
  OlympiadInput,
  OlympiadListQuery,
  OlympiadRecord,
  OlympiadResultBody,
  OlympiadSingleQuery,
  OlympiadUpdate,
  SetOpenParams,
  SetOpenQuery,
  SetPinnedQuery,
  VerifyResult,
} from '../../../contract/olympiads.js';
import type { Queryable } from '../../db/client.js';
import { olympiads, subProjects } from '../../db/schema/index.js';
import type { Actor } from '../../http/actor.js';
import { badRequest, conflict, forbidden, invalid, notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { audit } from '../../platform/audit.js';
import { sanitizeRichText } from '../../platform/rich-text.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.js';
import { olympiadsAccess, olympiadsPolicy } from './policy.js';
import { olympiadFor } from './scope.js';
import { presentOlympiad } from './present.js';
import * as queries from './queries.js';
import { blockersOf } from './verify.js';

const varNameTaken = () =>
  conflict('An olympiad with this name already exists', [{ path: 'body.varName', message: 'This name is taken' }]);

async function checkProjectRefs(
  q: Queryable,
  projectId: number | undefined,
  subProjectId: number | null | undefined,
  currentProjectId?: number,
) {
  const pid = projectId ?? currentProjectId;
  if (projectId !== undefined && !(await queries.findProject(q, projectId))) {
    throw invalid([{ path: 'body.projectId', message: 'This project does not exist' }]);
  }
  if (subProjectId != null) {
    const [sub] = await q
      .select()
      .from(subProjects)
      .where(and(eq(subProjects.id, subProjectId)));
    if (!sub || sub.projectId !== pid) {
      throw invalid([{ path: 'body.subProjectId', message: 'Choose a sub-project of the olympiad’s project' }]);
    }
  }
}

export async function olympiadRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['olympiads'];
  const present = (actor: Actor, o: queries.OlympiadRow) => presentOlympiad(o, olympiadsPolicy.abilities(actor, o));

  route(app, {
    method: 'GET',
    url: '/olympiad/v-rest/',
    summary: 'Olympiads the caller may see, paged, searchable and sortable',
    tags,
    access: olympiadsAccess.listOlympiads,
    query: OlympiadListQuery,
    response: pageOf(OlympiadRecord),
    handler: async ({ actor, query }) => {
      const page = await queries.listOlympiads(app.db, {
        ...query,
        open: query.open === undefined ? undefined : query.open === 'true',
        visibleIds: olympiadsPolicy.visibleIds(actor),
      });
      return { success: true as const, ...page, items: page.items.map((o) => present(actor, o)) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/olympiad/v-rest/single',
    summary: 'One olympiad by olympiadId or olympiadVarName',
    tags,
    access: olympiadsAccess.listOlympiads,
    query: OlympiadSingleQuery,
    response: OlympiadResultBody,
    handler: async ({ actor, query }) => {
      const olympiad = await queries.findOlympiad(app.db, { id: query.olympiadId, varName: query.olympiadVarName });
      if (!olympiad || !olympiadsPolicy.can(actor, 'see', olympiad)) throw notFound('This olympiad');
      return { success: true as const, olympiad: present(actor, olympiad) };
    },
  });

  route(app, {
    method: 'POST',
    url: '/olympiad/v-rest/',
    summary: 'Create an olympiad',
    tags,
    access: olympiadsAccess.createOlympiad,
    body: OlympiadInput,
    response: OlympiadResultBody,
    handler: async ({ actor, body, req }) => {
      await checkProjectRefs(app.db, body.projectId, body.subProjectId);
      try {
        const id = await app.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(olympiads)
            .values({
              ...body,
              instructions: sanitizeRichText(body.instructions),
              declaration: sanitizeRichText(body.declaration),
              startsAt: body.startsAt ? new Date(body.startsAt) : null,
              endsAt: body.endsAt ? new Date(body.endsAt) : null,
            })
            .returning({ id: olympiads.id });
          await audit(tx, actor, {
            action: 'create',
            entity: 'olympiad',
            entityId: row!.id,
            olympiadId: row!.id,
            data: body,
            ip: req.ip,
          });
          return row!.id;
        });
        return { success: true as const, olympiad: present(actor, (await queries.findOlympiad(app.db, { id }))!) };
      } catch (error) {
        if (isUniqueViolation(error)) throw varNameTaken();
        throw error;
      }
    },
  });

  route(app, {
    method: 'PUT',
    url: '/olympiad/v-rest/:id',
    summary:
      'Edit an olympiad: the overlord edits everything, its admin its settings (window, duration, instructions, declaration, shuffle, show score)',
    tags,
    access: olympiadsAccess.editOlympiad,
    params: IdParams,
    body: OlympiadUpdate,
    response: OlympiadResultBody,
    handler: async ({ actor, params, body, req }) => {
      const before = await olympiadFor(app.db, actor, params.id, 'edit');
      if (!olympiadsPolicy.can(actor, 'editAll', before)) {
        const refused = Object.keys(body).filter((key) => !(adminSettingsKeys as string[]).includes(key));
        if (refused.length > 0) throw forbidden(`Only the overlord can change ${refused.join(', ')}`);
      }
      const startsAt = body.startsAt === undefined ? before.startsAt : body.startsAt ? new Date(body.startsAt) : null;
      const endsAt = body.endsAt === undefined ? before.endsAt : body.endsAt ? new Date(body.endsAt) : null;
      if (startsAt && endsAt && startsAt >= endsAt) {
        throw invalid([{ path: 'body.endsAt', message: 'The window must end after it starts' }]);
      }
      await checkProjectRefs(app.db, body.projectId, body.subProjectId, before.projectId);
      try {
        await app.db.transaction(async (tx) => {
          await tx
            .update(olympiads)
            .set({
              ...body,
              ...(body.instructions === undefined ? {} : { instructions: sanitizeRichText(body.instructions) }),
              ...(body.declaration === undefined ? {} : { declaration: sanitizeRichText(body.declaration) }),
              startsAt,
              endsAt,
              updatedAt: new Date(),
            })
            .where(eq(olympiads.id, params.id));
          await audit(tx, actor, {
            action: 'update',
            entity: 'olympiad',
            entityId: params.id,
            olympiadId: params.id,
            data: body,
            ip: req.ip,
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw varNameTaken();
        throw error;
      }
      return {
        success: true as const,
        olympiad: present(actor, (await queries.findOlympiad(app.db, { id: params.id }))!),
      };
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/olympiad/v-rest/:id',
    summary: 'Delete an olympiad nothing refers to yet',
    tags,
    access: olympiadsAccess.deleteOlympiad,
    params: IdParams,
    response: Ok,
    handler: async ({ actor, params, req }) => {
      const olympiad = await olympiadFor(app.db, actor, params.id, 'delete');
      try {
        await app.db.transaction(async (tx) => {
          await tx.delete(olympiads).where(eq(olympiads.id, params.id));
          await audit(tx, actor, {
            action: 'delete',
            entity: 'olympiad',
            entityId: params.id,
            olympiadId: params.id,
            data: { varName: olympiad.varName },
            ip: req.ip,
          });
        });
      } catch (error) {
        if (isForeignKeyViolation(error))
          throw conflict('This olympiad already has schools, learners or questions; it cannot be deleted');
        throw error;
      }
      return { success: true as const, message: 'The olympiad was deleted' };
    },
  });

  // The olympiad data call needs an id (docs/spec.md §5): without one the server answers 400 (the client
  // rejects earlier).
  route(app, {
    method: 'GET',
    url: '/website/api/olympiad',
    summary: 'Without an id: 400 (give /website/api/olympiad/{id})',
    tags: ['public'],
    access: 'public',
    handler: async () => {
      throw badRequest('Give the olympiad: /website/api/olympiad/{id or varName}');
    },
  });

  route(app, {
    method: 'GET',
    url: '/olympiad/verify/:id',
    summary: 'What still blocks opening the olympiad',
    tags,
    access: olympiadsAccess.verify,
    params: IdParams,
    response: VerifyResult,
    handler: async ({ actor, params }) => blockersOf(app.db, await olympiadFor(app.db, actor, params.id, 'verify')),
  });

  route(app, {
    method: 'GET',
    url: '/olympiad/api/set-olympiad-open/:olympiadId/:open',
    summary: 'Open (true) or close (false) the olympiad; opening with blockers needs ?confirm=true and is logged',
    tags,
    access: olympiadsAccess.openOlympiad,
    params: SetOpenParams,
    query: SetOpenQuery,
    response: OlympiadResultBody,
    handler: async ({ actor, params, query, req }) => {
      const olympiad = await olympiadFor(app.db, actor, params.olympiadId, 'open');
      const open = params.open === 'true';
      const check = open ? await blockersOf(app.db, olympiad) : null;
      if (check && !check.ready && query.confirm !== 'true') {
        throw conflict(
          `${check.blockers.length} thing${check.blockers.length === 1 ? '' : 's'} still block${check.blockers.length === 1 ? 's' : ''} opening; confirm to open anyway`,
          check.blockers.slice(0, 50).map((b) => ({ path: b.kind, message: b.message })),
        );
      }
      await app.db.transaction(async (tx) => {
        await tx.update(olympiads).set({ open, updatedAt: new Date() }).where(eq(olympiads.id, olympiad.id));
        await audit(tx, actor, {
          action: open ? 'open' : 'close',
          entity: 'olympiad',
          entityId: olympiad.id,
          olympiadId: olympiad.id,
          data: check && !check.ready ? { confirmedDespiteBlockers: check.blockers.map((b) => b.message) } : {},
          ip: req.ip,
        });
      });
      return {
        success: true as const,
        olympiad: present(actor, (await queries.findOlympiad(app.db, { id: olympiad.id }))!),
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/olympiad/set-pinned',
    summary: 'Pin or unpin the olympiad (pinned omitted: toggle)',
    tags,
    access: olympiadsAccess.pinOlympiad,
    query: SetPinnedQuery,
    response: OlympiadResultBody,
    handler: async ({ actor, query, req }) => {
      const olympiad = await olympiadFor(app.db, actor, query.olympiadId, 'pin');
      const pinned = query.pinned === undefined ? !olympiad.pinned : query.pinned === 'true';
      await app.db.transaction(async (tx) => {
        await tx.update(olympiads).set({ pinned, updatedAt: new Date() }).where(eq(olympiads.id, olympiad.id));
        await audit(tx, actor, {
          action: pinned ? 'pin' : 'unpin',
          entity: 'olympiad',
          entityId: olympiad.id,
          olympiadId: olympiad.id,
          ip: req.ip,
        });
      });
      return {
        success: true as const,
        olympiad: present(actor, (await queries.findOlympiad(app.db, { id: olympiad.id }))!),
      };
    },
  });
}
