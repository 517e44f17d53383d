import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, forbiddenFor, unauthenticated } from '../../test/endpoint.js';
import type { Client } from '../../test/harness.js';
import {
  addResults,
  demo,
  download,
  other,
  publish,
  runJobs,
  server,
  useCertificatesServer,
  waterkloof,
} from './testing.js';

/**
 * Reads of learners' personal data (decision 109): every download of slips, certificates and results, and a view of
 * what a learner submitted, writes exactly one `personal-data.read` audit row naming who read what of whom, and
 * the activity log answers it. A refused read writes none.
 */
useCertificatesServer();

interface ReadRow {
  actor_id: number;
  entity: string;
  entity_id: string | null;
  olympiad_id: number | null;
  data: Record<string, unknown>;
}
const reads = () =>
  server.query<ReadRow & { id: number }>`
    select id, actor_id, entity, entity_id, olympiad_id, data from audit_log
    where action = 'personal-data.read' order by id`;

let admin: Client;
let teacher: Client;
let overlord: Client;
let ids: Record<string, number>;
let zoe: { userId: number; attemptId: number };

beforeAll(async () => {
  [admin, teacher, overlord] = await Promise.all([server.as('admin'), server.as('teacher'), server.as('overlord')]);
  [zoe] = (await addResults(demo.geoDemo, waterkloof, [
    { first: 'Read', last: 'Audited', grade: 11, score: 40, award: 'gold', best: true },
    { first: 'Also', last: 'Read', grade: 10, score: 20, award: 'participation' },
  ])) as [{ userId: number; attemptId: number }];
  await publish(demo.geoDemo);
  expect((await admin.post('/certificates/generate', { query: { olympiadId: demo.geoDemo } })).status).toBe(202);
  expect((await overlord.post('/certificates/generate', { query: { olympiadId: other.olympiadId } })).status).toBe(202);
  await runJobs();
  ids = {};
  for (const u of ['admin', 'teacher'])
    ids[u] = (await server.query<{ id: number }>`select id from users where username = ${u}`)[0]!.id;
});

/** Runs one read; expects it to succeed and to have written exactly one audit row, which it answers. */
async function oneRead(read: () => Promise<{ status: number }>): Promise<ReadRow> {
  const before = await reads();
  const res = await read();
  expect(res.status).toBe(200);
  const after = await reads();
  expect(after).toHaveLength(before.length + 1);
  return after.at(-1)!;
}

/** Runs a refused read; expects `status` and no audit row. */
async function refused(status: number, read: () => Promise<{ status: number }>) {
  const before = await reads();
  expect((await read()).status).toBe(status);
  expect(await reads()).toEqual(before);
}

describe('downloads of personal data are audited, one row each', () => {
  it('sign-in slips (pdf and csv): the teacher, the school, how many learners', async () => {
    for (const format of ['pdf', 'csv']) {
      const row = await oneRead(() =>
        download(teacher.token!, `/learner/v-rest/slips.${format}?olympiadId=${demo.geoDemo}`),
      );
      expect(row).toMatchObject({
        actor_id: ids.teacher,
        entity: 'personal_data',
        entity_id: null,
        olympiad_id: demo.geoDemo,
      });
      expect(row.data).toMatchObject({ what: 'sign-in-slips', schoolId: demo.school1, format });
      expect(row.data.count).toBeGreaterThan(0);
    }
    await refused(404, () =>
      download(teacher.token!, `/learner/v-rest/slips.csv?olympiadId=${demo.geoDemo}&schoolId=${demo.school2}`),
    );
    await refused(401, () => download(null, `/learner/v-rest/slips.csv?olympiadId=${demo.geoDemo}`));
    const learner = await server.as('learner1');
    await refused(403, () => download(learner.token!, `/learner/v-rest/slips.csv?olympiadId=${demo.geoDemo}`));
  });

  it('the results export (csv and xlsx): the admin, the olympiad, the count; none for a json page', async () => {
    for (const format of ['csv', 'xlsx']) {
      const row = await oneRead(() =>
        download(admin.token!, `/olympiad/results/downloads/details?olympiadId=${demo.geoDemo}&format=${format}`),
      );
      expect(row).toMatchObject({ actor_id: ids.admin, olympiad_id: demo.geoDemo });
      expect(row.data).toMatchObject({ what: 'results-export', format });
      expect(row.data.count).toBeGreaterThanOrEqual(2);
    }
    await refused(404, () =>
      download(admin.token!, `/olympiad/results/downloads/details?olympiadId=${other.olympiadId}&format=csv`),
    );
    // A page on the screen is not a download: no row.
    await refused(200, () =>
      admin.get('/olympiad/results/downloads/details', { query: { olympiadId: String(demo.geoDemo) } }),
    );
  });

  it('a school’s certificates and one certificate (pdf): the batch by school, the one by learner', async () => {
    const batch = await oneRead(() => download(admin.token!, `/certificates/school/${waterkloof}/pdf`));
    expect(batch).toMatchObject({ actor_id: ids.admin, olympiad_id: demo.geoDemo });
    expect(batch.data).toMatchObject({ what: 'certificates-batch', schoolId: demo.school1, format: 'pdf' });
    const [cert] = await server.query<{ id: number }>`select id from certificates where user_id = ${zoe.userId}`;
    const one = await oneRead(() => download(teacher.token!, `/certificates/${cert!.id}/pdf`));
    expect(one).toMatchObject({ actor_id: ids.teacher, entity_id: String(zoe.userId), olympiad_id: demo.geoDemo });
    expect(one.data).toMatchObject({ what: 'certificate', learnerId: zoe.userId, schoolId: demo.school1 });
    const [foreign] = await server.query<{ id: number }>`
      select id from certificates where olympiad_id = ${other.olympiadId} limit 1`;
    await refused(404, () => download(admin.token!, `/certificates/${foreign!.id}/pdf`));
  });

  it('a learner’s submitted answers viewed by an admin: the learner named', async () => {
    const row = await oneRead(() => admin.get(`/participant/get-submitted-data/${zoe.userId}`));
    expect(row).toMatchObject({ actor_id: ids.admin, entity_id: String(zoe.userId), olympiad_id: demo.geoDemo });
    expect(row.data).toMatchObject({ what: 'submitted-answers', learnerId: zoe.userId, schoolId: demo.school1 });
    await refused(403, () => teacher.get(`/participant/get-submitted-data/${zoe.userId}`));
    const [foreign] = await server.query<{ id: number }>`
      select id from users where role = 'learner' and olympiad_id = ${other.olympiadId} limit 1`;
    await refused(404, () => admin.get(`/participant/get-submitted-data/${foreign!.id}`));
  });
});

describe('the activity log shows the reads', () => {
  it('filtered by the kind personal-data.read, with the actor and the target', async () => {
    const res = await overlord.get('/api/activity-log/', {
      query: { action: 'personal-data.read', timeWindow: 'day', pageSize: '100' },
    });
    expect(res.status).toBe(200);
    const items = res.body.items as Array<{ action: string; entityId: string | null; actor: { username: string } }>;
    expect(items.length).toBe((await reads()).length);
    expect(items.every((i) => i.action === 'personal-data.read')).toBe(true);
    expect(items.some((i) => i.entityId === String(zoe.userId) && i.actor.username === 'admin')).toBe(true);
    await unauthenticated(server, (c) => c.get('/api/activity-log/', { query: { action: 'personal-data.read' } }));
    await forbiddenFor(server, ['admin', 'teacher'], (c) =>
      c.get('/api/activity-log/', { query: { action: 'personal-data.read' } }),
    );
    expectError(await admin.get('/api/activity-log/'), 403);
  });
});
