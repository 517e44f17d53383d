import http from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/client.js';
import { drainable } from '../../http/drain.js';
import { type TestServer, startTestServer } from '../../test/harness.js';
import { serverErrors } from '../../test/server-errors.js';

/** The 503s this file means to provoke, taken off the list of 5xx answers that would fail the test. */
const expectedUnready = (reason: RegExp) =>
  expect(serverErrors.splice(0)).toEqual([
    expect.stringMatching(new RegExp(`GET /api/ready answered 503: .*${reason.source}`)),
  ]);

const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
  entries: { when: number }[];
};

/** One GET on the given agent (a kept-alive connection is reused): status, body and the connection header. */
function get(url: string, agent: http.Agent) {
  return new Promise<{ status: number; body: Record<string, unknown>; connection?: string }>((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, body: JSON.parse(text), connection: res.headers.connection }),
        );
      })
      .on('error', reject);
  });
}

describe('GET /api/ready', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: 'none' });
  });
  afterAll(() => server?.close());

  it('answers 200 on a database with every migration of this release applied', async () => {
    const res = await server.api('GET', '/api/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready', database: server.database.kind, migrations: journal.entries.length });
    expect((await fetch(`${server.url}/api/ready`)).headers.get('cache-control')).toBe('no-store');
  });

  it('answers 503 in the one error shape while a migration of this release is not applied, and 200 again after', async () => {
    const [newest] = await server.query<{ id: number; hash: string; created_at: string }>`
      select id, hash, created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1`;
    await server.query`delete from drizzle.__drizzle_migrations where id = ${newest!.id}`;
    try {
      const res = await server.api('GET', '/api/ready');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ success: false, code: 'not_ready' });
      expect(res.body.message).toMatch(/Migrations are not all applied/);
      expectedUnready(/Migrations are not all applied/);
      // Liveness is another question: the process is alive and its database answers.
      expect((await server.api('GET', '/api/health')).status).toBe(200);
    } finally {
      await server.query`
        insert into drizzle.__drizzle_migrations (id, hash, created_at)
        values (${newest!.id}, ${newest!.hash}, ${newest!.created_at}::bigint)`;
    }
    expect((await server.api('GET', '/api/ready')).status).toBe(200);
  });

  it('answers 503 on a connection still open once the process stops listening to leave', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect((await get(`${server.url}/api/ready`, agent)).status).toBe(200);
      // As a rolling restart or a shutdown stops it (server/start.ts): no new connections, the open ones finish.
      const leaving = drainable(server.app.server, 500).close();
      const res = await get(`${server.url}/api/ready`, agent);
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ success: false, code: 'not_ready' });
      expect(res.connection).toBe('close');
      expectedUnready(/stopping/);
      await leaving;
    } finally {
      agent.destroy();
    }
  });
});
