import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { Health } from '#contract/auth';
import { route } from '../../http/route.js';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/api/health',
    summary: 'Liveness and the database in use',
    tags: ['health'],
    access: 'public',
    response: Health,
    handler: async ({ db }) => {
      await db.execute(sql`select 1`);
      return { status: 'ok' as const, database: app.database.kind };
    },
  });
}
