import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Ok } from '../../../contract/errors.js';
import {
  GrantDeleteQuery,
  GrantInput,
  GrantListQuery,
  GrantRecord,
  StaffSearchQuery,
  StaffUser,
} from '../../../contract/olympiads.js';
import { olympiadGrants } from '../../db/schema/index.js';
import { conflict, invalid, notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { audit } from '../../platform/audit.js';
import { olympiadFor } from './scope.js';
import { olympiadsAccess } from './policy.js';
import { presentGrant } from './present.js';
import * as queries from './queries.js';

/** olympiad-grant/v-rest/: who is admin, accountant or funding of an olympiad (the overlord grants). */
export async function grantRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['grants'];
  const access = olympiadsAccess.manageGrants;

  route(app, {
    method: 'GET',
    url: '/olympiad-grant/v-rest/',
    summary: 'The grants of an olympiad',
    tags,
    access,
    query: GrantListQuery,
    response: z.object({ success: z.literal(true), items: z.array(GrantRecord) }),
    handler: async ({ actor, query }) => {
      const olympiad = await olympiadFor(app.db, actor, query.olympiadId, 'grant');
      return { success: true as const, items: (await queries.listGrants(app.db, olympiad.id)).map(presentGrant) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/olympiad-grant/v-rest/staff-search',
    summary: 'Admins, accountants and funding staff who could be granted',
    tags,
    access,
    query: StaffSearchQuery,
    response: z.object({ success: z.literal(true), items: z.array(StaffUser) }),
    handler: async ({ query }) => {
      const found = await queries.searchStaff(app.db, query.search, query.pageSize);
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
    handler: async ({ actor, body, req }) => {
      const olympiad = await olympiadFor(app.db, actor, body.olympiadId, 'grant');
      const user = await queries.findStaffUser(app.db, body.userId);
      if (!user) throw invalid([{ path: 'body.userId', message: 'Choose an admin, accountant or funding user' }]);
      const inserted = await app.db.transaction(async (tx) => {
        const rows = await tx
          .insert(olympiadGrants)
          .values({ userId: user.id, olympiadId: olympiad.id, role: body.role, grantedBy: actor.userId })
          .onConflictDoNothing()
          .returning({ userId: olympiadGrants.userId });
        if (rows.length > 0) {
          await audit(tx, actor, {
            action: 'grant',
            entity: 'olympiad_grant',
            entityId: user.id,
            olympiadId: olympiad.id,
            data: { role: body.role, username: user.username },
            ip: req.ip,
          });
        }
        return rows.length > 0;
      });
      if (!inserted) throw conflict(`${user.username} already holds this role in this olympiad`);
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
    handler: async ({ actor, query, req }) => {
      const olympiad = await olympiadFor(app.db, actor, query.olympiadId, 'grant');
      const removed = await app.db.transaction(async (tx) => {
        const rows = await tx
          .delete(olympiadGrants)
          .where(
            and(
              eq(olympiadGrants.olympiadId, olympiad.id),
              eq(olympiadGrants.userId, query.userId),
              eq(olympiadGrants.role, query.role),
            ),
          )
          .returning({ userId: olympiadGrants.userId });
        if (rows.length > 0) {
          await audit(tx, actor, {
            action: 'revoke',
            entity: 'olympiad_grant',
            entityId: query.userId,
            olympiadId: olympiad.id,
            data: { role: query.role },
            ip: req.ip,
          });
        }
        return rows.length > 0;
      });
      if (!removed) throw notFound('This grant');
      return { success: true as const, message: 'The grant was removed' };
    },
  });
}
