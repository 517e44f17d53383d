import http from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type TestServer, startTestServer } from '../../test/harness.js';
import { parseMetrics } from '../../test/metrics.js';
import { type ServerProcess, freshRequest, startServerProcess } from '../../test/processes.js';

/**
 * One machine of several server processes answers for all of them (decision 101): `npm start`'s own server with two
 * server processes (WEB_PROCESSES=2) on this file's test server's database. Every call opens a new connection, so
 * that calls in a row reach both processes; whichever answers a scrape answers the machine's figures.
 *
 * PostgreSQL only: on the embedded PGlite there is one process.
 */
const onPostgres = Boolean(inject('postgres'));
const METRICS_TOKEN = 'metrics-token-of-the-machine-test-012';

/** A GET on a connection of its own that gives up after `ms`: null when nothing answered in time. */
function scrapeOnce(baseUrl: string, ms: number): Promise<{ status: number; text: string } | null> {
  return new Promise((resolve) => {
    const req = http.get(
      `${baseUrl}/metrics`,
      { agent: false, headers: { connection: 'close', authorization: `Bearer ${METRICS_TOKEN}` }, timeout: ms },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
      },
    );
    req.on('timeout', () => {
      req.destroy();
      resolve(null);
    });
    req.on('error', () => resolve(null));
  });
}

describe.skipIf(!onPostgres)('GET /metrics on a machine of two server processes', () => {
  let a: TestServer;
  let b: ServerProcess;
  beforeAll(async () => {
    a = await startTestServer({ env: { SITTING_SWEEP_SECONDS: '0' } });
    await a.query`insert into jobs (kind, status, label) values ('metrics.test', 'held', 'one'), ('metrics.test', 'held', 'two')`;
    b = await startServerProcess({
      databaseUrl: a.databaseUrl!,
      appSecret: a.appSecret,
      env: {
        WEB_PROCESSES: '2',
        DATABASE_POOL_SIZE: '3',
        SITTING_SWEEP_SECONDS: '0',
        MAIL_SENDER: 'false',
        JOBS_WORKER: 'false',
        METRICS_TOKEN,
      },
    });
  }, 120_000);
  afterAll(async () => {
    await b?.stop();
    await a?.close();
  });

  it('sums both processes’ requests and pools, and reads the database once, not once per process', async () => {
    expect(b.workerPids()).toHaveLength(2);
    const n = 20;
    for (let i = 0; i < n; i++) expect((await freshRequest(b.url, 'GET', '/api/health')).status).toBe(200);
    // Each scrape, whichever process answers it, counts every request: about half went to each process.
    for (let i = 0; i < 4; i++) {
      const res = await scrapeOnce(b.url, 15_000);
      expect(res?.status).toBe(200);
      const m = parseMetrics(res!.text);
      expect(m.sum('olympus_http_requests_total', { method: 'GET', route: '/api/health', status: '2xx' })).toBe(n);
      // Two pools of three.
      expect(m.sum('olympus_db_pool_connections', { state: 'max' })).toBe(6);
      // Read from the database by the answering process alone: the true count, not twice it.
      const [{ held }] = (await a.query<{ held: number }>`
        select count(*)::int as held from jobs where status = 'held'`) as [{ held: number }];
      expect(m.sum('olympus_jobs', { state: 'held' })).toBe(held);
      // One family each: the readings are not repeated by the gathering.
      expect(res!.text.match(/^# TYPE olympus_jobs gauge$/gm)).toHaveLength(1);
      expect(m.sum('process_resident_memory_bytes')).toBeGreaterThan(0);
    }
  });

  it('answers 503 within seconds, never hangs, while one process does not answer the gathering', async () => {
    const [stuck] = b.workerPids();
    process.kill(stuck!, 'SIGSTOP');
    try {
      // A connection handed to the stopped process gets nothing; the next, to the other one, gets a prompt 503.
      let answered: { status: number; text: string } | null = null;
      const began = Date.now();
      for (let i = 0; i < 6 && !answered; i++) answered = await scrapeOnce(b.url, 10_000);
      expect(answered?.status).toBe(503);
      expect(JSON.parse(answered!.text)).toMatchObject({ success: false, code: 'not_ready' });
      expect(Date.now() - began).toBeLessThan(60_000);
    } finally {
      process.kill(stuck!, 'SIGCONT');
    }
    // Back to whole figures once it answers again.
    let res: { status: number; text: string } | null = null;
    for (let i = 0; i < 6 && res?.status !== 200; i++) res = await scrapeOnce(b.url, 10_000);
    expect(res?.status).toBe(200);
  }, 120_000);
});
