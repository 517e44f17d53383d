import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createContact,
  createModule,
  createOlympiad,
  createSchool,
  createUser,
  enterSchool,
} from '../seed/factories.js';
import { expectError, forbiddenFor, notFoundUnchanged, unauthenticated } from '../test/endpoint.js';
import type { DemoUsername } from '../test/client.js';
import { type DemoIds, type TestServer, demoIds, startTestServer } from '../test/harness.js';

/**
 * docs/spec.md §7: every list call has its `/single` variant (decision 046). Each is read here as its owner (the
 * answer carries the stored record; where `…/{id}` exists the two answers are the same), without a token (401), by
 * a role that may not read it (403), with another olympiad's record (404, rows unchanged), and with a missing or
 * malformed id (404, 400).
 */

let server: TestServer;
let demo: DemoIds;
const own: Record<string, number> = {};
const theirs: Record<string, number> = {};

beforeAll(async () => {
  server = await startTestServer();
  demo = await demoIds(server);
  const admin = await server.as('admin');
  own.contact = (await createContact(server.db, demo.geoDemo, { name: 'Own Contact' })).id;
  own.module = (await createModule(server.db, { olympiadId: demo.geoDemo, title: 'Own module' })).id;
  const mailing = await admin.post('/emailer/api/', {
    body: {
      olympiadId: demo.geoDemo,
      subject: 'Own mailing',
      html: '<p>Hi</p>',
      audience: { kind: 'participating-teachers' },
    },
  });
  own.mailing = mailing.body.mailing.id;
  const copy = await admin.post('/copy/v-rest/', {
    body: { olympiadId: demo.geoDemo, key: 'finished-message', body: '<p>Well done</p>' },
  });
  own.copy = copy.body.copy.id;
  const web = await admin.post('/website-copy/v-rest/', {
    body: { olympiadId: demo.geoDemo, section: 'about', body: '<p>About us</p>' },
  });
  own.websiteCopy = web.body.copy.id;
  const overlord = await server.as('overlord');
  const [project] = await server.query<{
    id: number;
  }>`select project_id as id from olympiads where id = ${demo.geoDemo}`;
  const sub = await overlord.post('/olympus-sub-project/v-rest/', {
    body: { projectId: project!.id, name: 'juniors', title: 'Juniors' },
  });
  own.subProject = sub.body.subProject.id;
  const [entry] = await server.query<{ id: number }>`
    select id from school_participants where olympiad_id = ${demo.geoDemo} and school_id = ${demo.school1}`;
  own.entry = entry!.id;
  const [country] = await server.query<{ id: number }>`select id from countries where code = 'DE'`;
  own.country = country!.id;

  const other = await createOlympiad(server.db);
  const school = await createSchool(server.db, { name: 'Elsewhere High' });
  theirs.school = school.id;
  theirs.entry = (await enterSchool(server.db, other.id, school.id)).id;
  theirs.teacher = (await createUser(server.db, { role: 'teacher', schoolId: school.id })).id;
  theirs.learner = (
    await createUser(server.db, { role: 'learner', olympiadId: other.id, schoolId: school.id, grade: 9 })
  ).id;
  theirs.contact = (await createContact(server.db, other.id)).id;
  theirs.module = (await createModule(server.db, { olympiadId: other.id })).id;
  const [theirCopy] = await server.query<{ id: number }>`
    insert into general_copy (olympiad_id, key, body) values (${other.id}, 'finished-message', 'Theirs') returning id`;
  theirs.copy = theirCopy!.id;
  const [theirWeb] = await server.query<{ id: number }>`
    insert into website_copy (project_id, section, body) values (${other.projectId}, 'about', 'Theirs') returning id`;
  theirs.websiteCopy = theirWeb!.id;
  const theirMail = await overlord.post('/emailer/api/', {
    body: { olympiadId: other.id, subject: 'Theirs', html: '<p>x</p>', audience: { kind: 'participating-teachers' } },
  });
  theirs.mailing = theirMail.body.mailing.id;
});
afterAll(() => server?.close());

interface Single {
  /** The list's path, `/school/v-rest/`. */
  base: string;
  param: string;
  /** Who reads it, and the record they read. */
  who: DemoUsername;
  id: () => number;
  /** The answer's field holding the record, and what it must carry. */
  field: string;
  stored: () => Promise<Record<string, unknown>>;
  /** `…/{id}` answers the same (when it exists). */
  byId?: string;
  forbidden: DemoUsername[];
  /** Another olympiad's record, for a caller bound to an olympiad (404). */
  foreign?: () => number;
  /** The table the refused calls must leave as it was. */
  table: string;
}

/** The stored user or school row with `id`. */
const userRow = async (id: number) =>
  (await server.query<Record<string, unknown>>`select * from users where id = ${id}`)[0]!;

const singles: Single[] = [
  {
    base: '/school/v-rest/',
    param: 'schoolId',
    who: 'teacher',
    id: () => demo.school1,
    field: 'school',
    stored: async () => ({
      id: demo.school1,
      name: (await server.query<{ name: string }>`select name from schools where id = ${demo.school1}`)[0]!.name,
    }),
    byId: '/school/v-rest/',
    forbidden: ['learner1'],
    foreign: () => theirs.school!,
    table: 'schools',
  },
  {
    base: '/teacher/v-rest/',
    param: 'teacherId',
    who: 'admin',
    id: () => demo.users.teacher,
    field: 'teacher',
    stored: async () => ({
      id: demo.users.teacher,
      email: (await userRow(demo.users.teacher)).email,
    }),
    byId: '/teacher/v-rest/',
    forbidden: ['learner1'],
    foreign: () => theirs.teacher!,
    table: 'users',
  },
  {
    base: '/learner/v-rest/',
    param: 'learnerId',
    who: 'teacher',
    id: () => demo.users.learner1,
    field: 'learner',
    stored: async () => ({ id: demo.users.learner1, username: 'learner1' }),
    byId: '/learner/v-rest/',
    forbidden: ['learner1', 'accountant'],
    foreign: () => theirs.learner!,
    table: 'users',
  },
  {
    base: '/school-participant/v-rest/',
    param: 'participantId',
    who: 'teacher',
    id: () => own.entry!,
    field: 'participant',
    stored: async () => ({ id: own.entry, schoolId: demo.school1, olympiadId: demo.geoDemo }),
    byId: '/school-participant/v-rest/',
    forbidden: ['learner1'],
    foreign: () => theirs.entry!,
    table: 'school_participants',
  },
  {
    base: '/participant/v-rest/',
    param: 'participantId',
    who: 'teacher',
    id: () => demo.users.learner1,
    field: 'participant',
    stored: async () => {
      const r = await userRow(demo.users.learner1);
      return {
        id: demo.users.learner1,
        username: r.username,
        firstName: r.first_name,
        lastName: r.last_name,
        grade: r.grade,
      };
    },
    forbidden: ['learner1'],
    foreign: () => theirs.learner!,
    table: 'users',
  },
  {
    base: '/useful-contact/v-rest/',
    param: 'contactId',
    who: 'funding',
    id: () => own.contact!,
    field: 'contact',
    stored: async () => ({ id: own.contact, name: 'Own Contact' }),
    byId: '/useful-contact/v-rest/',
    forbidden: ['teacher', 'learner1'],
    foreign: () => theirs.contact!,
    table: 'useful_contacts',
  },
  {
    base: '/emailer/v-rest/',
    param: 'massMailId',
    who: 'admin',
    id: () => own.mailing!,
    field: 'mailing',
    stored: async () => ({ id: own.mailing, subject: 'Own mailing' }),
    byId: '/emailer/api/',
    forbidden: ['teacher', 'learner1'],
    foreign: () => theirs.mailing!,
    table: 'mass_mails',
  },
  {
    base: '/question-module/v-rest/',
    param: 'questionModuleId',
    who: 'admin',
    id: () => own.module!,
    field: 'module',
    stored: async () => ({ id: own.module, title: 'Own module', olympiadId: demo.geoDemo }),
    forbidden: ['teacher', 'learner1', 'accountant'],
    foreign: () => theirs.module!,
    table: 'question_modules',
  },
  {
    base: '/copy/v-rest/',
    param: 'copyId',
    who: 'admin',
    id: () => own.copy!,
    field: 'copy',
    stored: async () => ({ id: own.copy, key: 'finished-message', body: '<p>Well done</p>' }),
    forbidden: ['teacher', 'learner1'],
    foreign: () => theirs.copy!,
    table: 'general_copy',
  },
  {
    base: '/website-copy/v-rest/',
    param: 'copyId',
    who: 'admin',
    id: () => own.websiteCopy!,
    field: 'copy',
    stored: async () => ({ id: own.websiteCopy, section: 'about', body: '<p>About us</p>' }),
    forbidden: ['teacher', 'learner1'],
    foreign: () => theirs.websiteCopy!,
    table: 'website_copy',
  },
  {
    base: '/igeo-country/v-rest/',
    param: 'countryId',
    who: 'admin',
    id: () => own.country!,
    field: 'country',
    stored: async () => ({ id: own.country, code: 'DE' }),
    byId: '/igeo-country/v-rest/',
    forbidden: ['teacher', 'learner1'],
    table: 'countries',
  },
  {
    base: '/olympus-sub-project/v-rest/',
    param: 'subProjectId',
    who: 'overlord',
    id: () => own.subProject!,
    field: 'subProject',
    stored: async () => ({ id: own.subProject, name: 'juniors', title: 'Juniors' }),
    forbidden: ['admin', 'teacher', 'learner1'],
    table: 'sub_projects',
  },
];

describe.each(singles)('GET $base' + 'single?$param', (s) => {
  const read = (id: number | string) => (c: Parameters<Parameters<typeof notFoundUnchanged>[3]>[0]) =>
    c.get(`${s.base}single`, { query: { [s.param]: id } });

  it('answers the stored record to its reader (the same answer as by its id)', async () => {
    const reader = await server.as(s.who);
    const res = await read(s.id())(reader);
    expect(res.status, res.text).toBe(200);
    expect(res.body[s.field]).toMatchObject(await s.stored());
    if (s.byId) expect(res.body).toEqual((await reader.get(`${s.byId}${s.id()}`)).body);
  });

  it('401 without a token, 403 for the roles that may not read it', async () => {
    await unauthenticated(server, read(s.id()));
    await forbiddenFor(server, s.forbidden, read(s.id()));
  });

  it('404 for another olympiad’s record or a missing one, the rows unchanged; 400 for a malformed id', async () => {
    const reader = await server.as(s.who);
    const rows = `select * from ${s.table} order by 1`;
    if (s.foreign) await notFoundUnchanged(server, rows, reader, read(s.foreign()));
    await notFoundUnchanged(server, rows, reader, read(2_000_000_000));
    expectError(await read('abc')(reader), 400);
    expectError(await reader.get(`${s.base}single`), 400);
  });
});
