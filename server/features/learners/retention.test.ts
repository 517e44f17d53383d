import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOlympiad, createUser, enterSchool, grant } from '../../seed/factories.js';
import type { Client } from '../../test/client.js';
import {
  expectError,
  expectRowsUnchanged,
  forbiddenFor,
  notFoundUnchanged,
  unauthenticated,
} from '../../test/endpoint.js';
import { type DemoIds, type TestServer, demoIds, driverRows, startTestServer } from '../../test/harness.js';
import { runRetention } from './retention.js';

let server: TestServer;
let demo: DemoIds;

beforeAll(async () => {
  server = await startTestServer({ env: { MAIL_SENDER: 'false' } });
  demo = await demoIds(server);
});
afterAll(() => server?.close());

/** An olympiad of the demo admin whose results were published `monthsAgo` months ago, with `learners` learners. */
async function published(monthsAgo: number, learners: number) {
  const o = await createOlympiad(server.db, { year: 2020 });
  await grant(server.db, demo.users.admin, o.id, 'admin');
  await enterSchool(server.db, o.id, demo.school1);
  await server.query`insert into olympiad_results (olympiad_id, published_at)
    values (${o.id}, now() - make_interval(months => ${monthsAgo}))`;
  const ids: number[] = [];
  for (let i = 0; i < learners; i++) {
    const u = await createUser(server.db, {
      role: 'learner',
      olympiadId: o.id,
      schoolId: demo.school1,
      grade: 9,
      firstName: `Kept${i}`,
      lastName: 'Surname',
    });
    ids.push(u.id);
  }
  // Loaded before the olympiad was written, long before any confirmation of its report.
  await server.query`update users set created_at = now() - make_interval(months => ${monthsAgo + 1})
    where olympiad_id = ${o.id}`;
  return { id: o.id, title: o.title, learners: ids };
}

const learnerRows = (olympiadId: number) =>
  `select id, first_name, last_name, username from users where olympiad_id = ${olympiadId} order by id`;
const confirmations = 'select * from retention_confirmations order by olympiad_id';
const raw = (text: string) => driverRows(server.db, sql.raw(text));

async function othersAdmin(): Promise<{ client: Client; olympiadId: number }> {
  const o = await createOlympiad(server.db);
  const admin = await createUser(server.db, { role: 'admin', password: 'olympus-demo' });
  await grant(server.db, admin.id, o.id, 'admin');
  return { client: await server.as(admin.username, { password: 'olympus-demo' }), olympiadId: o.id };
}

describe('GET and PUT /olympiad/retention/{olympiadId}', () => {
  const set = (id: number, months: unknown) => (c: Client) =>
    c.put(`/olympiad/retention/${id}`, { body: { retentionMonths: months } });
  const months = (id: number) => `select id, retention_months from olympiads where id = ${id}`;

  it('401 without a token, 403 for teachers, finance, funding and learners', async () => {
    const o = await published(1, 0);
    await unauthenticated(server, (c) => c.get(`/olympiad/retention/${o.id}`));
    await unauthenticated(server, set(o.id, 12));
    await forbiddenFor(server, ['teacher', 'accountant', 'funding', 'learner1'], set(o.id, 12));
    await forbiddenFor(server, ['teacher', 'accountant', 'funding', 'learner1'], (c) =>
      c.get(`/olympiad/retention/${o.id}`),
    );
  });

  it('404 for another olympiad’s admin, 400 for a period out of range, the row unchanged', async () => {
    const o = await published(1, 0);
    const other = await othersAdmin();
    await notFoundUnchanged(server, months(o.id), other.client, set(o.id, 12));
    const admin = await server.as('admin');
    for (const bad of [0, 241, 1.5, 'ten']) {
      await expectRowsUnchanged(server, months(o.id), async () => expectError(await set(o.id, bad)(admin), 400));
    }
  });

  it('the admin sets it: stored, audited, and the end of the period follows the publication', async () => {
    const o = await published(1, 0);
    const admin = await server.as('admin');
    const before = await admin.get(`/olympiad/retention/${o.id}`);
    expect(before.body).toMatchObject({ retentionMonths: 24, resultsPublishedAt: expect.any(String) });
    const res = await set(o.id, 12)(admin);
    expect(res.status, res.text).toBe(200);
    expect(res.body.retentionMonths).toBe(12);
    const from = new Date(res.body.resultsPublishedAt);
    const until = new Date(res.body.until);
    expect(Math.round((until.getTime() - from.getTime()) / (24 * 3_600_000))).toBeGreaterThanOrEqual(365);
    expect(Math.round((until.getTime() - from.getTime()) / (24 * 3_600_000))).toBeLessThanOrEqual(366);
    const [row] = await server.query`select retention_months from olympiads where id = ${o.id}`;
    expect(row).toEqual({ retention_months: 12 });
    const audits = await server.query<{ data: unknown; actor_id: number }>`
      select data, actor_id from audit_log where action = 'olympiad.retention' and entity_id = ${String(o.id)}`;
    expect(audits).toEqual([{ data: { from: 24, to: 12 }, actor_id: demo.users.admin }]);
  });
});

describe('the retention report, its confirmation and the job', () => {
  it('401 without a token, 403 for everyone but the overlord', async () => {
    const o = await published(30, 1);
    await unauthenticated(server, (c) => c.get('/api/personal-data/retention'));
    await unauthenticated(server, (c) => c.post(`/api/personal-data/retention/${o.id}/confirm`));
    const others = ['admin', 'teacher', 'accountant', 'funding', 'learner1'] as const;
    await forbiddenFor(server, others, (c) => c.get('/api/personal-data/retention'));
    await expectRowsUnchanged(server, confirmations, () =>
      forbiddenFor(server, others, (c) => c.post(`/api/personal-data/retention/${o.id}/confirm`)),
    );
    await forbiddenFor(server, others, (c) => c.delete(`/api/personal-data/retention/${o.id}/confirm`));
  });

  it('the dry run lists the olympiads past their period with the learners it would anonymise, and changes nothing', async () => {
    const past = await published(30, 3);
    const recent = await published(2, 2);
    const overlord = await server.as('overlord');
    const everything = async () => ({
      past: await raw(learnerRows(past.id)),
      recent: await raw(learnerRows(recent.id)),
      confirmations: await raw(confirmations),
      erasures: await server.query`select * from learner_erasures order by user_id`,
    });
    const res = await expectRowsUnchanged(server, everything, () => overlord.get('/api/personal-data/retention'));
    expect(res.status, res.text).toBe(200);
    expect(res.body.graceDays).toBe(7);
    const byId = new Map(res.body.items.map((i: { olympiadId: number }) => [i.olympiadId, i]));
    expect(byId.get(past.id)).toMatchObject({ past: true, learners: 3, forgotten: 0, confirmation: null });
    expect(byId.get(recent.id)).toMatchObject({ past: false, learners: 2, confirmation: null });
    // An olympiad whose results are not published has no period yet: not in the report.
    expect(byId.has(demo.geo2025)).toBe(false);
  });

  it('confirming: 404 for no olympiad, 409 before the period ends, then stored with a week’s grace', async () => {
    const past = await published(30, 2);
    const recent = await published(2, 1);
    const overlord = await server.as('overlord');
    await notFoundUnchanged(server, confirmations, overlord, (c) =>
      c.post(`/api/personal-data/retention/2147483000/confirm`),
    );
    await expectRowsUnchanged(server, confirmations, async () =>
      expectError(await overlord.post(`/api/personal-data/retention/${recent.id}/confirm`), 409),
    );
    const res = await overlord.post(`/api/personal-data/retention/${past.id}/confirm`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.item.confirmation).toMatchObject({ learnersSeen: 2, confirmedBy: 'overlord', actedAt: null });
    const [row] = await server.query<{ days: number; confirmed_by: number }>`
      select extract(epoch from (due_at - confirmed_at)) / 86400 as days, confirmed_by
      from retention_confirmations where olympiad_id = ${past.id}`;
    expect(Number(row!.days)).toBe(7);
    expect(row!.confirmed_by).toBe(demo.users.overlord);
    const audits =
      await server.query`select data from audit_log where action = 'retention.confirm' and entity_id = ${String(past.id)}`;
    expect(audits).toHaveLength(1);
    // Withdrawn before the job acts: gone, and audited.
    expect((await overlord.delete(`/api/personal-data/retention/${past.id}/confirm`)).status).toBe(200);
    expect(await server.query`select * from retention_confirmations where olympiad_id = ${past.id}`).toHaveLength(0);
  });

  it('the job acts only on confirmed olympiads past their period and their grace, on the learners counted', async () => {
    const overlord = await server.as('overlord');
    const due = await published(30, 3);
    const notYetDue = await published(30, 2);
    const lengthened = await published(30, 2);
    const recent = await published(2, 2);
    for (const o of [due, notYetDue, lengthened]) {
      expect((await overlord.post(`/api/personal-data/retention/${o.id}/confirm`)).status).toBe(200);
    }
    // A week has passed for two of them; one's admin lengthened its period meanwhile; a learner joined one later.
    await server.query`update retention_confirmations set due_at = now() - interval '1 minute',
        confirmed_at = now() - interval '7 days'
      where olympiad_id in (${due.id}, ${lengthened.id})`;
    await server.query`update olympiads set retention_months = 60 where id = ${lengthened.id}`;
    const late = await createUser(server.db, {
      role: 'learner',
      olympiadId: due.id,
      schoolId: demo.school1,
      grade: 9,
      firstName: 'Loaded',
      lastName: 'Later',
    });
    const untouched = async () => ({
      notYetDue: await raw(learnerRows(notYetDue.id)),
      lengthened: await raw(learnerRows(lengthened.id)),
      recent: await raw(learnerRows(recent.id)),
    });

    const runs = await expectRowsUnchanged(server, untouched, () => runRetention(server.db));
    expect(runs).toEqual([{ olympiadId: due.id, anonymised: 3 }]);

    const learners = await server.query<{ id: number; first_name: string }>`
      select id, first_name from users where olympiad_id = ${due.id} order by id`;
    expect(learners.filter((l) => l.first_name === 'Anonymous learner').map((l) => l.id)).toEqual(due.learners);
    expect(learners.find((l) => l.id === late.id)!.first_name).toBe('Loaded');
    const erasures = await server.query<{ reason: string; forgotten_by: number | null }>`
      select reason, forgotten_by from learner_erasures where olympiad_id = ${due.id}`;
    expect(erasures).toHaveLength(3);
    expect(erasures.every((e) => e.reason === 'retention' && e.forgotten_by === null)).toBe(true);
    const [confirmation] = await server.query<{ acted_at: Date | null; anonymised: number }>`
      select acted_at, anonymised from retention_confirmations where olympiad_id = ${due.id}`;
    expect(confirmation!.acted_at).not.toBeNull();
    expect(confirmation!.anonymised).toBe(3);
    const log = await server.query<{ actor_id: number; data: Record<string, unknown> }>`
      select actor_id, data from audit_log where action = 'retention.anonymise' and entity_id = ${String(due.id)}`;
    expect(log).toHaveLength(1);
    expect(log[0]!.actor_id).toBe(demo.users.overlord);
    expect(log[0]!.data).toMatchObject({ anonymised: 3 });

    // A second run finds nothing more to do.
    expect(await runRetention(server.db)).toEqual([]);
    const report = await overlord.get('/api/personal-data/retention');
    const item = report.body.items.find((i: { olympiadId: number }) => i.olympiadId === due.id);
    expect(item).toMatchObject({ learners: 1, forgotten: 3, confirmation: { anonymised: 3 } });
    // Acted on: it can be neither withdrawn nor confirmed again.
    expect((await overlord.delete(`/api/personal-data/retention/${due.id}/confirm`)).status).toBe(404);
    expect((await overlord.post(`/api/personal-data/retention/${due.id}/confirm`)).status).toBe(409);
  });
});
