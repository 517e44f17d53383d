import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCountry, createUser, enterCountry } from '../../seed/factories.js';
import {
  type Call,
  expectError,
  expectRowsUnchanged,
  forbiddenFor,
  notFoundUnchanged,
  unauthenticated,
} from '../../test/endpoint.js';
import { type Client, type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';

/**
 * The international olympiad (decision 039): countries, participating countries, team admins, team members. One
 * describe per endpoint: 401, 403 by role, 404 with rows unchanged, the happy path asserting what is stored.
 */
let server: TestServer;
let demo: DemoIds;
let igeo: number;
let germany: { id: number; participantId: number; teamId: number };
let brazil: { id: number; participantId: number; teamId: number };
let singapore: number;
let igeoAdmin: Client;
let teamAdmin: Client;
/** Brazil's team admin: another country's team. */
let brAdmin: Client;

beforeAll(async () => {
  server = await startTestServer();
  demo = await demoIds(server);
  const [o] = await server.query<{ id: number }>`select id from olympiads where var_name = 'igeo-demo'`;
  igeo = o!.id;
  const countryId = async (code: string) =>
    (await server.query<{ id: number }>`select id from countries where code = ${code}`)[0]!.id;
  const [de] = await server.query<{ id: number; team: number; cp: number }>`
    select c.id, s.id as team, cp.id as cp from countries c join schools s on s.country_id = c.id
    join country_participants cp on cp.country_id = c.id where c.code = 'DE'`;
  germany = { id: de!.id, participantId: de!.cp, teamId: de!.team };
  const br = await enterCountry(server.db, igeo, { id: await countryId('BR'), name: 'Brazil' });
  brazil = { id: br.participant.countryId, participantId: br.participant.id, teamId: br.team.id };
  singapore = await countryId('SG');
  await createUser(server.db, {
    role: 'teacher',
    username: 'br-admin',
    password: 'password-123',
    schoolId: brazil.teamId,
  });
  [igeoAdmin, teamAdmin, brAdmin] = await Promise.all([
    server.as('igeoadmin'),
    server.as('teamadmin'),
    server.as('br-admin', { password: 'password-123' }),
  ]);
});
afterAll(() => server?.close());

const countryRows = 'select * from countries order by id';
const participantRows = `select cp.*, sp.status from country_participants cp
  join school_participants sp on sp.id = cp.school_participant_id order by cp.id`;
const learnerRows = `select id, first_name, last_name, grade, date_of_birth, school_id from users
  where role = 'learner' order by id`;

/** The country list and the teams named after it: what an admin's refused write of the list must leave as it was. */
const countryAndTeamRows = `select c.*, s.name as team, s.updated_at as team_updated
  from countries c left join schools s on s.country_id = c.id order by c.id`;
/** The outside test's write: geo-demo's admin renaming igeo-demo's Germany and moving its time zone. */
const hijack = { code: 'DE', name: 'Hacked', timeZone: 'Pacific/Kiritimati' };

describe('GET /igeo-country/v-rest/', () => {
  const list: Call = (c) => c.get('/igeo-country/v-rest/', { query: { pageSize: 50, search: 'a' } });

  it('401 without a token, 403 for a teacher and a learner', async () => {
    await unauthenticated(server, list);
    await forbiddenFor(server, ['teacher', 'teamadmin', 'learner1', 'teamlearner'], list);
  });

  it('staff read the countries, searched and sorted; only the overlord is offered to add, edit and remove', async () => {
    const res = await igeoAdmin.get('/igeo-country/v-rest/', { query: { sort: 'code', search: 'an' } });
    expect(res.status).toBe(200);
    expect(res.body.items.map((c: { code: string }) => c.code)).toEqual(['DE', 'NZ']);
    expect(res.body.items[0]).toMatchObject({
      name: 'Germany',
      timeZone: 'Europe/Berlin',
      entries: 1,
      can: { update: false, delete: false },
    });
    expect(res.body.can).toEqual({ create: false });
    const accountant = await (await server.as('accountant')).get('/igeo-country/v-rest/');
    expect(accountant.status).toBe(200);
    expect(accountant.body.can).toEqual({ create: false });
    const overlord = await (await server.as('overlord')).get('/igeo-country/v-rest/', { query: { search: 'germ' } });
    expect(overlord.body.can).toEqual({ create: true });
    expect(overlord.body.items[0].can).toEqual({ update: true, delete: true });
  });
});

describe('POST /igeo-country/v-rest/', () => {
  const add =
    (body: object): Call =>
    (c) =>
      c.post('/igeo-country/v-rest/', { body });

  it('401 without a token, 403 for every role but the overlord (an olympiad’s admin too), nothing stored', async () => {
    const call = add({ code: 'FR', name: 'France', timeZone: 'Europe/Paris' });
    await unauthenticated(server, call);
    await expectRowsUnchanged(server, countryAndTeamRows, () =>
      forbiddenFor(server, ['admin', 'igeoadmin', 'teacher', 'teamadmin', 'learner1', 'accountant', 'funding'], call),
    );
  });

  it('400 for a code that is not ISO or an unknown time zone, 409 for a code taken; nothing stored', async () => {
    const overlord = await server.as('overlord');
    await expectRowsUnchanged(server, countryRows, async () => {
      const bad = await add({ code: 'FRA', name: 'France', timeZone: 'Europe/Paris' })(overlord);
      expectError(bad, 400);
      expect(bad.body.details[0].path).toBe('body.code');
      const zone = await add({ code: 'FR', name: 'France', timeZone: 'Mars/Olympus_Mons' })(overlord);
      expectError(zone, 400);
      expect(zone.body.details[0].path).toBe('body.timeZone');
      const taken = await add({ code: 'de', name: 'Deutschland', timeZone: 'Europe/Berlin' })(overlord);
      expectError(taken, 409);
      expect(taken.body.message).toBe('A country with this code exists already');
    });
  });

  it('the overlord adds a country: stored with an upper-case code, audited', async () => {
    const res = await add({ code: 'fr', name: 'France', timeZone: 'Europe/Paris' })(await server.as('overlord'));
    expect(res.status).toBe(200);
    const [row] = await server.query<{ code: string; name: string; time_zone: string }>`
      select code, name, time_zone from countries where id = ${res.body.country.id}`;
    expect(row).toEqual({ code: 'FR', name: 'France', time_zone: 'Europe/Paris' });
    const [audit] = await server.query<{ n: number }>`
      select count(*)::int as n from audit_log where action = 'country.create' and entity_id = ${res.body.country.id}`;
    expect(audit!.n).toBe(1);
  });
});

describe('PUT /igeo-country/v-rest/{id} and DELETE', () => {
  const edit =
    (id: number, body: object = { code: 'DE', name: 'Federal Republic of Germany', timeZone: 'Europe/Berlin' }): Call =>
    (c) =>
      c.put(`/igeo-country/v-rest/${id}`, { body });
  const del =
    (id: number): Call =>
    (c) =>
      c.delete(`/igeo-country/v-rest/${id}`);

  it('401 without a token, 403 for every role but the overlord', async () => {
    await unauthenticated(server, edit(germany.id));
    await unauthenticated(server, del(germany.id));
    await expectRowsUnchanged(server, countryAndTeamRows, async () => {
      await forbiddenFor(server, ['teacher', 'teamadmin', 'learner1', 'accountant', 'funding'], edit(germany.id));
      await forbiddenFor(server, ['teacher', 'teamadmin', 'learner1', 'accountant', 'funding'], del(germany.id));
    });
  });

  it('403 for olympiads’ admins, igeo-demo’s own too: neither another olympiad’s nor their own changes the shared list', async () => {
    const unused = await createCountry(server.db, { code: 'TV', name: 'Tuvalu', timeZone: 'Pacific/Funafuti' });
    await expectRowsUnchanged(server, countryAndTeamRows, async () => {
      // geo-demo's admin, who holds no grant on igeo-demo, renaming its Germany's team and moving its zone.
      await forbiddenFor(server, ['admin', 'igeoadmin'], edit(germany.id, hijack));
      await forbiddenFor(server, ['admin', 'igeoadmin'], edit(unused.id, hijack));
      await forbiddenFor(server, ['admin', 'igeoadmin'], del(germany.id));
      await forbiddenFor(server, ['admin', 'igeoadmin'], del(unused.id));
    });
    const [team] = await server.query<{ name: string; zone: string }>`
      select s.name, c.time_zone as zone from schools s join countries c on c.id = s.country_id where s.id = ${germany.teamId}`;
    expect(team).toEqual({ name: 'Team Germany', zone: 'Europe/Berlin' });
  });

  it('404 for a country that does not exist, the rows unchanged', async () => {
    const overlord = await server.as('overlord');
    await notFoundUnchanged(server, countryRows, overlord, edit(999_999));
    await notFoundUnchanged(server, countryRows, overlord, del(999_999));
  });

  it('the overlord’s edit renames the country’s team too; a country in use is not removed (409), an unused one is', async () => {
    const overlord = await server.as('overlord');
    const res = await edit(germany.id, {
      code: 'DE',
      name: 'Federal Republic of Germany',
      timeZone: 'Europe/Busingen',
    })(overlord);
    expect(res.status).toBe(200);
    const [stored] = await server.query<{ name: string; zone: string; team: string }>`
      select c.name, c.time_zone as zone, s.name as team from countries c join schools s on s.country_id = c.id
      where c.id = ${germany.id}`;
    expect(stored).toEqual({
      name: 'Federal Republic of Germany',
      zone: 'Europe/Busingen',
      team: 'Team Federal Republic of Germany',
    });
    await edit(germany.id, { code: 'DE', name: 'Germany', timeZone: 'Europe/Berlin' })(overlord);

    await expectRowsUnchanged(server, countryRows, async () => {
      const used = await del(germany.id)(overlord);
      expectError(used, 409);
      expect(used.body.message).toMatch(/Germany is entered in 1 olympiad/);
    });
    const nu = await createCountry(server.db, { code: 'NU', name: 'Niue', timeZone: 'Pacific/Niue' });
    const gone = await del(nu.id)(overlord);
    expect(gone.status).toBe(200);
    expect(await server.query`select id from countries where id = ${nu.id}`).toEqual([]);
  });
});

describe('GET /igeo-country-participant/v-rest/ and /single', () => {
  it('401 without a token, 403 for a learner; the single call is the team admin’s alone', async () => {
    await unauthenticated(server, (c) => c.get('/igeo-country-participant/v-rest/'));
    await forbiddenFor(server, ['learner1', 'teamlearner'], (c) => c.get('/igeo-country-participant/v-rest/'));
    await forbiddenFor(server, ['igeoadmin', 'admin', 'learner1'], (c) =>
      c.get('/igeo-country-participant/v-rest/single', { query: { olympiadId: igeo } }),
    );
  });

  it('the olympiad’s admin lists its countries; another olympiad’s admin gets 404', async () => {
    const res = await igeoAdmin.get('/igeo-country-participant/v-rest/', { query: { olympiadId: igeo } });
    expect(res.status).toBe(200);
    expect(res.body.items.map((p: { countryCode: string }) => p.countryCode)).toEqual(['BR', 'DE']);
    const de = res.body.items.find((p: { countryCode: string }) => p.countryCode === 'DE');
    expect(de).toMatchObject({
      teamSize: 4,
      learnerCount: 1,
      timeZone: 'Europe/Berlin',
      teamAdmins: [{ name: 'Anna Schmidt', verified: true, disabled: false }],
      can: { update: true, delete: true, team: false },
    });
    expect(res.body.can).toEqual({ enter: true });
    const admin = await server.as('admin');
    expectError(await admin.get('/igeo-country-participant/v-rest/', { query: { olympiadId: igeo } }), 404);
  });

  it('a team admin sees only their own country: the list, single, and another country’s by id is 404', async () => {
    const list = await teamAdmin.get('/igeo-country-participant/v-rest/');
    expect(list.body.items.map((p: { countryCode: string }) => p.countryCode)).toEqual(['DE']);
    expect(list.body.items[0].can).toEqual({ update: true, delete: false, team: true });
    const single = await teamAdmin.get('/igeo-country-participant/v-rest/single', { query: { olympiadId: igeo } });
    expect(single.status).toBe(200);
    expect(single.body.participant).toMatchObject({ countryName: 'Germany', teamId: germany.teamId });
    const theirs = await brAdmin.get('/igeo-country-participant/v-rest/single', { query: { olympiadId: igeo } });
    expect(theirs.body.participant.countryName).toBe('Brazil');
    expectError(await teamAdmin.get(`/igeo-country-participant/v-rest/${brazil.participantId}`), 404);
    // A school's teacher has no team in the olympiad.
    expectError(
      await (
        await server.as('teacher')
      ).get('/igeo-country-participant/v-rest/single', { query: { olympiadId: igeo } }),
      404,
    );
  });
});

describe('POST /igeo-country-participant/v-rest/', () => {
  const enter =
    (body: object): Call =>
    (c) =>
      c.post('/igeo-country-participant/v-rest/', { body });

  it('401 without a token, 403 for teachers, learners, the accountant and funding', async () => {
    const call = enter({ olympiadId: igeo, countryId: singapore });
    await unauthenticated(server, call);
    await forbiddenFor(server, ['teacher', 'teamadmin', 'learner1', 'accountant', 'funding'], call);
  });

  it('404 for another olympiad’s admin; the rows unchanged', async () => {
    await notFoundUnchanged(
      server,
      participantRows,
      await server.as('admin'),
      enter({ olympiadId: igeo, countryId: singapore }),
    );
    await notFoundUnchanged(
      server,
      participantRows,
      igeoAdmin,
      enter({ olympiadId: demo.geoDemo, countryId: singapore }),
    );
  });

  it('409: a school olympiad takes no countries, a country olympiad no schools, a country enters once', async () => {
    const overlord = await server.as('overlord');
    await expectRowsUnchanged(server, 'select * from school_participants order by id', async () => {
      const intoSchools = await enter({ olympiadId: demo.geoDemo, countryId: singapore })(overlord);
      expectError(intoSchools, 409);
      expect(intoSchools.body.message).toMatch(/entered by schools, not countries/);
      const school = await overlord.post('/school-participant/v-rest/', {
        body: { olympiadId: igeo, schoolId: demo.school1 },
      });
      expectError(school, 409);
      expect(school.body.message).toMatch(/entered by countries, not schools/);
      const team = await overlord.post('/school-participant/v-rest/', {
        body: { olympiadId: demo.geoDemo, schoolId: germany.teamId },
      });
      expectError(team, 409);
      expectError(await enter({ olympiadId: igeo, countryId: germany.id })(igeoAdmin), 409);
      const kind = await overlord.put(`/olympiad/v-rest/${igeo}`, { body: { kind: 'school' } });
      expectError(kind, 409);
    });
  });

  it('the admin enters a country with its team admin: the team, entry, order and account are stored, the link mailed', async () => {
    const res = await enter({
      olympiadId: igeo,
      countryId: singapore,
      teamAdmin: { firstName: 'Mei', lastName: 'Tan', email: 'Mei.Tan@team-sg.example.org' },
    })(igeoAdmin);
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/Singapore is entered in .*a link to choose a password is on its way/);
    const p = res.body.participant;
    const [stored] = await server.query<{ country_id: number; school_id: number; team: string; orders: number }>`
      select cp.country_id, sp.school_id, s.name as team,
        (select count(*)::int from purchase_orders po where po.school_participant_id = sp.id) as orders
      from country_participants cp join school_participants sp on sp.id = cp.school_participant_id
      join schools s on s.id = sp.school_id where cp.id = ${p.id}`;
    expect(stored).toEqual({ country_id: singapore, school_id: p.teamId, team: 'Team Singapore', orders: 1 });
    const [account] = await server.query<{ role: string; username: string; password_hash: string | null }>`
      select role, username, password_hash from users where school_id = ${p.teamId}`;
    expect(account).toEqual({ role: 'teacher', username: 'mei.tan@team-sg.example.org', password_hash: null });
    const [mail] = await server.query<{ text_body: string }>`
      select text_body from emails where to_address = 'mei.tan@team-sg.example.org'`;
    expect(mail!.text_body).toMatch(/Team Singapore is entered in International Geography Olympiad/);
    expect(mail!.text_body).toMatch(/\/verify-email\/[\w-]+/);
    const audits = await server.query<{ action: string }>`
      select action from audit_log where action in ('country-participant.enter', 'teacher.create') order by id`;
    expect(audits.map((a) => a.action)).toEqual(['country-participant.enter', 'teacher.create']);
  });
});

describe('PUT /igeo-country-participant/v-rest/{id} (leaders)', () => {
  const leaders =
    (id: number): Call =>
    (c) =>
      c.put(`/igeo-country-participant/v-rest/${id}`, {
        body: { leaders: [{ name: 'Dr Klaus Becker', email: 'k.becker@example.de' }, { name: 'Eva Braun-Roth' }] },
      });

  it('401 without a token, 403 for learners, the accountant and funding', async () => {
    await unauthenticated(server, leaders(germany.participantId));
    await forbiddenFor(server, ['learner1', 'teamlearner', 'accountant', 'funding'], leaders(germany.participantId));
  });

  it('404 for another olympiad’s admin, another country’s team and a school’s teacher, the rows unchanged', async () => {
    await notFoundUnchanged(server, participantRows, await server.as('admin'), leaders(germany.participantId));
    await notFoundUnchanged(server, participantRows, teamAdmin, leaders(brazil.participantId));
    await notFoundUnchanged(server, participantRows, await server.as('teacher'), leaders(germany.participantId));
  });

  it('the olympiad’s admin and the overlord set a team’s leaders: stored, audited', async () => {
    const set = (leaders: object[]) => (c: Client) =>
      c.put(`/igeo-country-participant/v-rest/${brazil.participantId}`, { body: { leaders } });
    const own = await set([{ name: 'Prof Ana Costa', email: 'ana.costa@example.br' }])(igeoAdmin);
    expect(own.status).toBe(200);
    expect(own.body.participant.can).toEqual({ update: true, delete: true, team: false });
    const [row] = await server.query<{ leaders: unknown }>`
      select leaders from country_participants where id = ${brazil.participantId}`;
    expect(row!.leaders).toEqual([{ name: 'Prof Ana Costa', email: 'ana.costa@example.br' }]);
    expect((await set([{ name: 'Rui Lima' }])(await server.as('overlord'))).status).toBe(200);
    const [after] = await server.query<{ leaders: unknown }>`
      select leaders from country_participants where id = ${brazil.participantId}`;
    expect(after!.leaders).toEqual([{ name: 'Rui Lima', email: null }]);
    const [audits] = await server.query<{ n: number }>`
      select count(*)::int as n from audit_log where action = 'country-participant.update' and entity_id = ${brazil.participantId}`;
    expect(audits!.n).toBe(2);
  });

  it('the team admin sets their team’s leaders: stored, audited', async () => {
    const res = await leaders(germany.participantId)(teamAdmin);
    expect(res.status).toBe(200);
    const [row] = await server.query<{ leaders: unknown }>`
      select leaders from country_participants where id = ${germany.participantId}`;
    expect(row!.leaders).toEqual([
      { name: 'Dr Klaus Becker', email: 'k.becker@example.de' },
      { name: 'Eva Braun-Roth', email: null },
    ]);
  });
});

describe('Team members: POST /learner/v-rest/ for a country’s team', () => {
  const add =
    (firstName: string, extra: object = {}): Call =>
    (c) =>
      c.post('/learner/v-rest/', {
        body: { olympiadId: igeo, firstName, lastName: 'Krüger', grade: 11, dateOfBirth: '2009-04-17', ...extra },
      });

  it('a team admin registers team members up to the team size, with dates of birth; one more is 409', async () => {
    for (const name of ['Mia', 'Jonas', 'Lea']) expect((await add(name)(teamAdmin)).status).toBe(200);
    const [row] = await server.query<{ dob: string; school_id: number }>`
      select to_char(date_of_birth, 'YYYY-MM-DD') as dob, school_id from users where first_name = 'Mia'`;
    expect(row).toEqual({ dob: '2009-04-17', school_id: germany.teamId });
    await expectRowsUnchanged(server, learnerRows, async () => {
      const fifth = await add('Paul')(teamAdmin);
      expectError(fifth, 409);
      expect(fifth.body.message).toMatch(/at most 4 learners; Team Germany has 4/);
      const badDate = await add('Paul', { dateOfBirth: '2009-02-30' })(brAdmin);
      expectError(badDate, 400);
    });
  });

  it('a team admin lists only their team’s learners; another team’s learner is 404, unchanged', async () => {
    const list = await teamAdmin.get('/learner/v-rest/', { query: { olympiadId: igeo, pageSize: 50 } });
    expect(list.body.items).toHaveLength(4);
    expect(new Set(list.body.items.map((l: { schoolId: number }) => l.schoolId))).toEqual(new Set([germany.teamId]));
    const added = await add('Ana', { lastName: 'Silva' })(brAdmin);
    expect(added.status).toBe(200);
    await notFoundUnchanged(server, learnerRows, teamAdmin, (c) =>
      c.put(`/learner/v-rest/${added.body.learner.id}`, { body: { firstName: 'X', lastName: 'Y', grade: 9 } }),
    );
  });
});

describe('DELETE /igeo-country-participant/v-rest/{id}', () => {
  it('401, 403 for the team admin and the accountant, 404 for another olympiad’s admin', async () => {
    const del: Call = (c) => c.delete(`/igeo-country-participant/v-rest/${germany.participantId}`);
    await unauthenticated(server, del);
    await forbiddenFor(server, ['teamadmin', 'accountant', 'learner1'], del);
    await notFoundUnchanged(server, participantRows, await server.as('admin'), del);
  });

  it('a country whose team has learners stays (409); one without is taken out with its entry', async () => {
    await expectRowsUnchanged(server, participantRows, async () => {
      expectError(await igeoAdmin.delete(`/igeo-country-participant/v-rest/${germany.participantId}`), 409);
    });
    const [sg] = await server.query<{ id: number; sp: number }>`
      select id, school_participant_id as sp from country_participants where country_id = ${singapore}`;
    const res = await igeoAdmin.delete(`/igeo-country-participant/v-rest/${sg!.id}`);
    expect(res.status).toBe(200);
    expect(await server.query`select id from school_participants where id = ${sg!.sp}`).toEqual([]);
    expect(await server.query`select id from country_participants where id = ${sg!.id}`).toEqual([]);
  });
});

describe('A team learner writes: the sitting’s reach, time zone and payment gate', () => {
  it('sees the window in their country’s zone, and is stopped while the team’s order is unpaid', async () => {
    const learner = await server.as('teamlearner');
    const state = await learner.get('/api/sitting/igeo-demo/state');
    expect(state.status).toBe(200);
    expect(state.body.learner).toMatchObject({ schoolName: 'Team Germany', timeZone: 'Europe/Berlin' });
    expect(state.body.window.open).toBe(true);

    await server.query`update olympiads set payment_required = true where id = ${igeo}`;
    const unpaid = await learner.get('/api/sitting/igeo-demo/state');
    expect(unpaid.body.window).toMatchObject({ open: false, message: expect.stringMatching(/not paid/) });
    await server.query`update purchase_orders set paid = true where school_participant_id =
      (select school_participant_id from country_participants where id = ${germany.participantId})`;
    const paid = await learner.get('/api/sitting/igeo-demo/state');
    expect(paid.body.window.open).toBe(true);

    await server.query`update olympiads set starts_at = '2099-07-01T08:00:00Z', ends_at = '2099-07-02T08:00:00Z' where id = ${igeo}`;
    const closed = await learner.get('/api/sitting/igeo-demo/state');
    expect(closed.body.window.message).toBe('The olympiad opens on Wed, 1 Jul 2099, 10:00 CEST.');
    await server.query`update olympiads set starts_at = now() - interval '2 hours', ends_at = now() + interval '2 days',
      payment_required = false where id = ${igeo}`;
    // The learner's steps work as a school learner's: the declaration is accepted.
    expect((await learner.post('/api/sitting/igeo-demo/declaration', { body: { accept: true } })).status).toBe(200);
    // Another olympiad is not theirs.
    expectError(await learner.get('/api/sitting/geo-demo/state'), 404);
  });
});
