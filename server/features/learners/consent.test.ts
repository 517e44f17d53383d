import { describe, expect, it } from 'vitest';
import { createOlympiad, createSchool, enterSchool } from '../../seed/factories.js';
import { consentRecordOf } from './consent.js';
import { demo, finished, server, tokens, upload } from './testing.js';
import { useLearnersServer } from './testing.js';

useLearnersServer();

const consentRows = (ids: number[]) =>
  server.query<{ user_id: number; olympiad_id: number; confirmed_by: number; method: string; confirmed_at: Date }>`
    select user_id, olympiad_id, confirmed_by, method, confirmed_at from learner_consents
    where user_id = any(${`{${ids.join(',')}}`}::int[]) order by user_id`;
const userId = async (username: string) =>
  (await server.query<{ id: number }>`select id from users where username = ${username} and olympiad_id is null`)[0]!
    .id;

describe('consent recorded while loading learners', () => {
  it('one learner with consentConfirmed: a record naming the teacher, the olympiad, the form and the time', async () => {
    const before = Date.now();
    const res = await server.api('POST', '/learner/v-rest/', {
      token: tokens.teacher2,
      body: { olympiadId: demo.geoDemo, firstName: 'Consent', lastName: 'Given', grade: 8, consentConfirmed: true },
    });
    expect(res.status).toBe(200);
    const id = res.body.learner.id as number;
    const [row] = await consentRows([id]);
    expect(row).toMatchObject({ olympiad_id: demo.geoDemo, confirmed_by: await userId('teacher2'), method: 'form' });
    expect(new Date(row!.confirmed_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const record = await consentRecordOf(server.db, id);
    expect(record).toMatchObject({ olympiadId: demo.geoDemo, method: 'form', confirmedById: await userId('teacher2') });
    const one = await server.api('GET', `/learner/v-rest/${id}`, { token: tokens.teacher2 });
    expect(one.body.learner.consentRecorded).toBe(true);
  });

  it('without the field (an older client) the learner is loaded and no record is kept; false is refused', async () => {
    const res = await server.api('POST', '/learner/v-rest/', {
      token: tokens.teacher2,
      body: { olympiadId: demo.geoDemo, firstName: 'Consent', lastName: 'Absent', grade: 8 },
    });
    expect(res.status).toBe(200);
    expect(await consentRows([res.body.learner.id])).toHaveLength(0);
    expect(await consentRecordOf(server.db, res.body.learner.id)).toBeNull();
    const before = await server.query`select id from users where last_name = 'Refused'`;
    const bad = await server.api('POST', '/learner/v-rest/', {
      token: tokens.teacher2,
      body: { olympiadId: demo.geoDemo, firstName: 'Consent', lastName: 'Refused', grade: 8, consentConfirmed: false },
    });
    expect(bad.status).toBe(400);
    expect(await server.query`select id from users where last_name = 'Refused'`).toEqual(before);
  });

  it('an import with consentConfirmed=true records every learner as import; a held import confirmed at its start too', async () => {
    const csv = Buffer.from('First name,Surname,Grade\nImp,One,8\nImp,Two,8\n');
    const res = await upload(
      `/learner/v-rest/import?olympiadId=${demo.geoDemo}&consentConfirmed=true`,
      csv,
      'a.csv',
      tokens.teacher2,
    );
    expect(res.status).toBe(202);
    expect((await finished(res.body.job.id, tokens.teacher2)).status).toBe('done');
    const ids = (await server.query<{ id: number }>`select id from users where first_name = 'Imp' order by id`).map(
      (r) => r.id,
    );
    expect(ids).toHaveLength(2);
    const rows = await consentRows(ids);
    expect(rows.map((r) => [r.method, r.confirmed_by])).toEqual([
      ['import', await userId('teacher2')],
      ['import', await userId('teacher2')],
    ]);

    const held = await upload(
      `/learner/v-rest/import/preview?olympiadId=${demo.geoDemo}`,
      Buffer.from('First name,Surname,Grade\nHeld,One,8\n'),
      'b.csv',
      tokens.teacher2,
    );
    expect(held.body.importId).toBeTypeOf('number');
    const started = await server.api('POST', `/learner/v-rest/import/${held.body.importId}/start`, {
      token: tokens.teacher2,
      body: { consentConfirmed: true },
    });
    expect(started.status).toBe(202);
    expect((await finished(held.body.importId, tokens.teacher2)).status).toBe('done');
    const [heldId] = await server.query<{ id: number }>`select id from users where first_name = 'Held'`;
    expect((await consentRows([heldId!.id]))[0]).toMatchObject({ method: 'import' });
  });

  it('an import without the field (the old call) loads and records nothing', async () => {
    const res = await upload(
      `/learner/v-rest/import?olympiadId=${demo.geoDemo}`,
      Buffer.from('First name,Surname,Grade\nOld,Call,8\n'),
      'c.csv',
      tokens.teacher2,
    );
    expect(res.status).toBe(202);
    expect((await finished(res.body.job.id, tokens.teacher2)).status).toBe('done');
    const [row] = await server.query<{
      id: number;
    }>`select id from users where first_name = 'Old' and last_name = 'Call'`;
    expect(await consentRows([row!.id])).toHaveLength(0);
  });
});

describe('consent status in the lists and the count', () => {
  it('the list says which learners have consent and filters those without; the count agrees', async () => {
    const q = `olympiadId=${demo.geoDemo}&schoolId=${demo.school2}`;
    const all = await server.api('GET', `/learner/v-rest/?${q}&pageSize=500`, { token: tokens.admin });
    const missing = await server.api('GET', `/learner/v-rest/?${q}&pageSize=500&consent=missing`, {
      token: tokens.admin,
    });
    const recorded = await server.api('GET', `/learner/v-rest/?${q}&pageSize=500&consent=recorded`, {
      token: tokens.admin,
    });
    expect(missing.body.items.every((l: { consentRecorded: boolean }) => !l.consentRecorded)).toBe(true);
    expect(recorded.body.items.every((l: { consentRecorded: boolean }) => l.consentRecorded)).toBe(true);
    expect(missing.body.total + recorded.body.total).toBe(all.body.total);
    expect(recorded.body.total).toBeGreaterThan(0);
    const count = await server.api('GET', `/learner/v-rest/consent-count?${q}`, { token: tokens.admin });
    expect(count.status).toBe(200);
    expect(count.body).toEqual({
      success: true,
      learners: all.body.total,
      recorded: recorded.body.total,
      missing: missing.body.total,
    });
    const mine = await server.api('GET', `/learner/v-rest/consent-count?olympiadId=${demo.geoDemo}`, {
      token: tokens.teacher2,
    });
    expect(mine.body.learners).toBe(all.body.total);
  });

  it('the count: 401 without a token, 403 for the wrong roles, 404 for another olympiad or another school', async () => {
    const path = `/learner/v-rest/consent-count?olympiadId=${demo.geoDemo}`;
    expect((await server.api('GET', path)).status).toBe(401);
    for (const token of [tokens.learner, tokens.accountant])
      expect((await server.api('GET', path, { token })).status).toBe(403);
    expect((await server.api('GET', `${path}&schoolId=${demo.school1}`, { token: tokens.teacher2 })).status).toBe(404);
    const other = await createOlympiad(server.db);
    const school = await createSchool(server.db);
    await enterSchool(server.db, other.id, school.id);
    expect(
      (await server.api('GET', `/learner/v-rest/consent-count?olympiadId=${other.id}`, { token: tokens.admin })).status,
    ).toBe(404);
    const before = await server.query`select * from learner_consents order by user_id`;
    expect(
      (
        await server.api('POST', '/learner/v-rest/', {
          token: tokens.admin,
          body: {
            olympiadId: other.id,
            schoolId: school.id,
            firstName: 'A',
            lastName: 'B',
            grade: 5,
            consentConfirmed: true,
          },
        })
      ).status,
    ).toBe(404);
    expect(await server.query`select * from learner_consents order by user_id`).toEqual(before);
  });
});
