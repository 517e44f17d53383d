import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobList } from '#contract/jobs';
import { insertJob } from '../../platform/jobs.js';
import { createOlympiad } from '../../seed/factories.js';
import { forbiddenFor, notFoundUnchanged, unauthenticated } from '../../test/endpoint.js';
import { type Client, type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';

/**
 * GET /olympiad/jobs/{olympiadId}: an olympiad's background jobs in one list for its admins, on the real server and
 * database. The worker is off: the test runs the one real job itself, and the planted rows stay as they are.
 */
let server: TestServer;
let demo: DemoIds;
let otherOlympiad: number;
let otherJob: number;

const jobRows = 'select * from jobs order by id';
const list =
  (olympiadId: number, query: Record<string, string | number> = {}) =>
  (c: Client) =>
    c.get(`/olympiad/jobs/${olympiadId}`, { query });

beforeAll(async () => {
  server = await startTestServer({ env: { JOBS_WORKER: 'false' } });
  demo = await demoIds(server);
  otherOlympiad = (await createOlympiad(server.db, { title: 'Elsewhere Olympiad' })).id;
  otherJob = (
    await insertJob(server.db, {
      kind: 'certificates.generate',
      status: 'held',
      label: 'Certificates of Elsewhere Olympiad',
      olympiadId: otherOlympiad,
      payload: {},
    })
  ).id;
  // geo-demo's: a failed invoice run, a generation under way, and (newest) a real learner import run to its end.
  const failed = await insertJob(server.db, {
    kind: 'invoices.issue-all',
    status: 'queued',
    label: 'Invoices for 2 schools',
    total: 2,
    olympiadId: demo.geoDemo,
    createdBy: demo.users.accountant,
    payload: {},
  });
  await server.query`update jobs set status = 'failed', error = 'No invoicing account', finished_at = now()
    where id = ${failed.id}`;
  const running = await insertJob(server.db, {
    kind: 'certificates.generate',
    status: 'queued',
    label: 'Certificates of Geography Demo',
    olympiadId: demo.geoDemo,
    createdBy: demo.users.admin,
    payload: {},
  });
  await server.query`update jobs set status = 'running', phase = 'pdf', done = 120, total = 312, started_at = now()
    where id = ${running.id}`;
  const teacher = await server.as('teacher');
  const report = await teacher.upload(`/learner/v-rest/import/preview?olympiadId=${demo.geoDemo}`, {
    bytes: Buffer.from('First name,Surname,Grade\nAyanda,Joblist,10\nBraam,Joblist,11\n'),
    name: 'class-10.csv',
  });
  expect(report.status, report.text).toBe(200);
  expect((await teacher.post(`/learner/v-rest/import/${report.body.importId}/start`)).status).toBe(202);
  while (await server.app.jobs.runOnce()) {
    // the import, claimed and run here
  }
});
afterAll(() => server?.close());

describe('GET /olympiad/jobs/{olympiadId}', () => {
  it('401 without a token; 403 for teachers, learners and finance staff', async () => {
    await unauthenticated(server, list(demo.geoDemo));
    await forbiddenFor(server, ['teacher', 'learner1', 'accountant', 'funding'], list(demo.geoDemo));
  });

  it('404 for another olympiad’s jobs (and for one that does not exist), the jobs unchanged', async () => {
    const admin = await server.as('admin');
    await notFoundUnchanged(server, jobRows, admin, list(otherOlympiad));
    await notFoundUnchanged(server, jobRows, admin, list(2_000_000));
  });

  it('lists the olympiad’s jobs newest first with their state, progress and outcome', async () => {
    const res = await (await server.as('admin')).get(`/olympiad/jobs/${demo.geoDemo}`, { schema: JobList });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    const [imported, generating, invoices] = res.body.items;
    expect(imported).toMatchObject({
      kind: 'learners.import',
      kindName: 'Learner import',
      label: 'class-10.csv',
      status: 'done',
      done: 2,
      total: 2,
      message: '2 learners are loaded. Download their sign-in slips next.',
      error: null,
      schoolName: 'Hoërskool Waterkloof',
      startedBy: expect.any(String),
    });
    expect(imported!.finishedAt).not.toBeNull();
    expect(generating).toMatchObject({
      kind: 'certificates.generate',
      kindName: 'Certificate generation',
      status: 'running',
      phase: 'pdf',
      done: 120,
      total: 312,
      message: null,
      finishedAt: null,
    });
    expect(invoices).toMatchObject({ kind: 'invoices.issue-all', status: 'failed', error: 'No invoicing account' });
    // Never what a job carries: an import's rows stay on the server.
    expect(JSON.stringify(res.body)).not.toContain('Joblist');
    const stored = await server.query<{ status: string; result: { created: number } }>`
      select status, result from jobs where id = ${imported!.id}`;
    expect(stored).toEqual([{ status: 'done', result: expect.objectContaining({ created: 2 }) }]);
  });

  it('filters by state and kind, searches what a job works on or its school, and pages', async () => {
    const admin = await server.as('admin');
    const ids = async (query: Record<string, string | number>) =>
      (await list(demo.geoDemo, query)(admin)).body.items.map((j: { kind: string }) => j.kind);
    expect(await ids({ status: 'running' })).toEqual(['certificates.generate']);
    expect(await ids({ kind: 'invoices.issue-all' })).toEqual(['invoices.issue-all']);
    expect(await ids({ search: 'CLASS-10' })).toEqual(['learners.import']);
    expect(await ids({ search: 'waterkloof' })).toEqual(['learners.import']);
    expect(await ids({ sort: 'createdAt', order: 'asc' })).toEqual([
      'invoices.issue-all',
      'certificates.generate',
      'learners.import',
    ]);
    const page = await list(demo.geoDemo, { page: 2, pageSize: 2 })(admin);
    expect(page.body).toMatchObject({ total: 3, page: 2, pageSize: 2, items: [{ kind: 'invoices.issue-all' }] });
    expect((await list(demo.geoDemo, { status: 'sleeping' })(admin)).status).toBe(400);
  });

  it('the overlord reads every olympiad’s jobs', async () => {
    const res = await list(otherOlympiad)(await server.as('overlord'));
    expect(res.status).toBe(200);
    expect(res.body.items.map((j: { id: number }) => j.id)).toEqual([otherJob]);
  });
});
