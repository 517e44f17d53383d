import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Ok } from '#contract/errors';
import {
  GrantDeleteQuery,
  GrantInput,
  GrantListQuery,
  GrantRecord,
  StaffSearchQuery,
  StaffUser,
} from '#contract/olympiads';
import { olympiadGrants } from '../../db/schema/index.js';
import { conflict, invalid, notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { olympiadLoader } from './load.js';
import { olympiadsPolicy } from './policy.js';
import { presentGrant } from './present.js';
import * as queries from './queries.js';

const tags = ['grants'];
const access = olympiadsPolicy.access.grant;

/** olympiad-grant/v-rest/: who is admin, accountant or funding of an olympiad (the overlord grants). */
export async function grantRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/olympiad-grant/v-rest/',
    summary: 'The grants of an olympiad',
    tags,
    access,
    query: GrantListQuery,
    response: z.object({ success: z.literal(true), items: z.array(GrantRecord) }),
    load: ({ db, actor, query }) => olympiadLoader.load(db, actor, query.olympiadId, 'grant'),
    handler: async ({ db, record: olympiad }) => ({
      success: true as const,
      items: (await queries.listGrants(db, olympiad.id)).map(presentGrant),
    }),
  });

  route(app, {
    method: 'GET',
    url: '/olympiad-grant/v-rest/staff-search',
    summary: 'Admins, accountants and funding staff who could be granted',
    tags,
    access,
    query: StaffSearchQuery,
    response: z.object({ success: z.literal(true), items: z.array(StaffUser) }),
    handler: async ({ db, query }) => {
      const found = await queries.searchStaff(db, query.search, query.pageSize);
      return {
        success: true as const,
        items: found.map((u) => ({
          id: u.id,
          username: u.username,
          name: `${u.firstName} ${u.lastName}`.trim() || u.username,
          email: u.email,
          role: u.role,
        })),
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/olympiad-grant/v-rest/',
    summary: 'Grant a user a role in an olympiad',
    tags,
    access,
    body: GrantInput,
    response: Ok,
    transaction: true,
    load: ({ db, actor, body }) => olympiadLoader.load(db, actor, body.olympiadId, 'grant'),
    handler: async ({ db, actor, body, record: olympiad, audit }) => {
      const user = await queries.findStaffUser(db, body.userId);
      if (!user) throw invalid([{ path: 'body.userId', message: 'Choose an admin, accountant or funding user' }]);
      const inserted = await db
        .insert(olympiadGrants)
        .values({ userId: user.id, olympiadId: olympiad.id, role: body.role, grantedBy: actor.userId })
        .onConflictDoNothing()
        .returning({ userId: olympiadGrants.userId });
      if (inserted.length === 0) throw conflict(`${user.username} already holds this role in this olympiad`);
      await audit('grant.create', {
        entityId: user.id,
        olympiadId: olympiad.id,
        data: { role: body.role, username: user.username },
      });
      return { success: true as const, message: `${user.username} is now ${body.role} of ${olympiad.varName}` };
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/olympiad-grant/v-rest/',
    summary: 'Take a role in an olympiad away from a user',
    tags,
    access,
    query: GrantDeleteQuery,
    response: Ok,
    transaction: true,
    load: ({ db, actor, query }) => olympiadLoader.load(db, actor, query.olympiadId, 'grant'),
    handler: async ({ db, query, record: olympiad, audit }) => {
      const removed = await db
        .delete(olympiadGrants)
        .where(
          and(
            eq(olympiadGrants.olympiadId, olympiad.id),
            eq(olympiadGrants.userId, query.userId),
            eq(olympiadGrants.role, query.role),
          ),
        )
        .returning({ userId: olympiadGrants.userId });
      if (removed.length === 0) throw notFound('This grant');
      await audit('grant.revoke', { entityId: query.userId, olympiadId: olympiad.id, data: { role: query.role } });
      return { success: true as const, message: 'The grant was removed' };
    },
  });
}
