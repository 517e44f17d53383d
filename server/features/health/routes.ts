import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { Health, Ready } from '#contract/auth';
import { z } from 'zod';
import { migrationsFolder, rows } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';
import { route } from '../../http/route.js';

/** The migrations this release brings: drizzle's journal, read once (its `when` is what the migrator records). */
const journal = (
  JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  }
).entries;
const newestMigration = Math.max(...journal.map((e) => e.when));

/** The migrator's own table: how many it applied, and the newest one's `when`. */
const Applied = z.object({ n: z.number(), newest: z.string().nullable() });

const notReady = (message: string) => new HttpError(503, 'not_ready', message);

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

  /**
   * Readiness, for a load balancer's check: 200 only while this process should get traffic. It is not when the
   * database does not answer, when a migration of this release is not applied yet (a machine started on a database
   * another release has not migrated), or once the process has stopped listening to leave (a rolling restart or a
   * shutdown finishes its open connections first, server/http/drain.ts): the balancer moves its traffic before the
   * process is gone.
   */
  route(app, {
    method: 'GET',
    url: '/api/ready',
    summary: 'Readiness: the database answers and every migration of this release is applied',
    tags: ['health'],
    access: 'public',
    unavailable: true,
    response: Ready,
    handler: async ({ db, reply }) => {
      reply.header('cache-control', 'no-store');
      if (!app.server.listening) throw notReady('This server process is stopping.');
      let applied;
      try {
        [applied] = await rows(
          db,
          Applied,
          sql`select count(*)::int as n, max(created_at)::text as newest from drizzle.__drizzle_migrations`,
        );
      } catch {
        throw notReady('The database does not answer.');
      }
      if (!applied || applied.n < journal.length || Number(applied.newest ?? 0) < newestMigration)
        throw notReady(`Migrations are not all applied (${applied?.n ?? 0} of ${journal.length}).`);
      return { status: 'ready' as const, database: app.database.kind, migrations: journal.length };
    },
  });
}
