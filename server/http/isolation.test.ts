import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.js';
import { expressionsOfInterest } from '../db/schema/index.js';
import { createOlympiad, createSchool, createUser, enterSchool, grant } from '../seed/factories.js';
import { type ApiResponse, type DemoIds, type TestServer, demoIds, startTestServer } from '../test/harness.js';

/**
 * The rule: "a teacher sees and changes only their own school's data; every call tested for another school's
 * ids (404, rows unchanged)", and the same for an admin and another olympiad's records. Every call a teacher
 * (or an olympiad's admin) can make in the schools, teachers, participating-schools, learners and FAQ
 * features is made here with ids that belong to someone else. Each must give the documented answer (404
 * for a record out of reach, 403 where the role may not call at all, or a list that holds only the caller's
 * rows) and leave every row of the affected tables exactly as it was.
 */

let server: TestServer;
let demo: DemoIds;
const tokens: Record<string, string> = {};

/** Everything the callers must not reach. */
const foreign = {} as {
  /** teacher2's school (demo school2), as seen by `teacher` (school1). */
  school: number;
  participant: number;
  learner: number;
  learnerUsername: string;
  teacher: number;
  heldImport: number;
  /** Another olympiad, as seen by `admin` of geo-demo. */
  olympiad: number;
  olympiadSchool: number;
  olympiadParticipant: number;
  olympiadTeacher: number;
  olympiadLearner: number;
  olympiadImport: number;
  eoi: number;
  /** Expressions of the admin's own olympiad: an ordinary one, and one giving the other olympiad's teacher's email. */
  ownEoi: number;
  ownEoiForeignEmail: number;
  faq: number;
  /** An olympiad that is over and that teacher's school never entered, with an FAQ for its teachers. */
  endedOlympiad: number;
  endedOlympiadName: string;
  endedFaq: number;
};

/** The tables these calls could change; compared whole before and after every call. */
const watched = [
  'schools',
  'users',
  'school_participants',
  'purchase_orders',
  'jobs',
  'faqs',
  'expressions_of_interest',
  'olympiad_grants',
  'user_tokens',
  'emails',
  'audit_log',
] as const;

async function snapshot(): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of watched) {
    const list = await rows<{ r: string }>(server.db, sql.raw(`select row_to_json(t)::text as r from ${table} t`));
    out[table] = list.map((x) => x.r).sort();
  }
  return out;
}

async function upload(path: string, token: string, csv: string): Promise<ApiResponse> {
  const form = new FormData();
  form.append('file', new Blob([csv]), 'class.csv');
  const res = await fetch(server.url + path, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers, text };
}

interface Call {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: () => string;
  body?: () => unknown;
  /** A multipart upload (CSV text) instead of a JSON body. */
  csv?: string;
  /** 404 (out of reach), 403 (the role may not call it), or a check of a 200 answer that holds only own rows. */
  expect: 404 | 403 | ((res: ApiResponse) => void);
}

const csv = 'First name,Surname,Grade\nIntruder,Person,9\n';
const teacherEdit = () => ({ firstName: 'Hacked', lastName: 'X', email: 'hacked@example.org' });

beforeAll(async () => {
  server = await startTestServer();
  demo = await demoIds(server);
  for (const u of ['admin', 'teacher', 'teacher2', 'overlord']) tokens[u] = (await server.signIn(u)).accessToken.token;

  // teacher2's school, seen from teacher.
  foreign.school = demo.school2;
  const [p2] = await server.query<{ id: number }>`
    select id from school_participants where school_id = ${demo.school2} and olympiad_id = ${demo.geoDemo}`;
  foreign.participant = p2!.id;
  foreign.learner = demo.users.learner2;
  foreign.learnerUsername = 'learner2';
  foreign.teacher = demo.users.teacher2;
  const held = await upload(`/learner/v-rest/import/preview?olympiadId=${demo.geoDemo}`, tokens.teacher2!, csv);
  foreign.heldImport = held.body.importId;

  // Another olympiad with its own school, teacher, learner, admin, held import, EOI and FAQ.
  const olympiad = await createOlympiad(server.db, { endsAt: new Date(Date.now() + 86_400_000 * 30) });
  foreign.olympiad = olympiad.id;
  const school = await createSchool(server.db, { name: 'Isolated High', town: 'Polokwane' });
  foreign.olympiadSchool = school.id;
  foreign.olympiadParticipant = (await enterSchool(server.db, olympiad.id, school.id)).id;
  foreign.olympiadTeacher = (await createUser(server.db, { role: 'teacher', schoolId: school.id })).id;
  foreign.olympiadLearner = (
    await createUser(server.db, { role: 'learner', olympiadId: olympiad.id, schoolId: school.id, grade: 9 })
  ).id;
  const otherAdmin = await createUser(server.db, { role: 'admin', username: 'iso-admin', password: 'password-123' });
  await grant(server.db, otherAdmin.id, olympiad.id, 'admin');
  const otherToken = (await server.signIn('iso-admin', { password: 'password-123' })).accessToken.token;
  const otherHeld = await upload(
    `/learner/v-rest/import/preview?olympiadId=${olympiad.id}&schoolId=${school.id}`,
    otherToken,
    csv,
  );
  foreign.olympiadImport = otherHeld.body.importId;
  const [eoi] = await server.db
    .insert(expressionsOfInterest)
    .values({
      olympiadId: olympiad.id,
      schoolName: 'Isolated Primary',
      teacherFirstName: 'Iso',
      teacherLastName: 'Lated',
      teacherEmail: 'iso@example.org',
      town: 'Polokwane',
    })
    .returning({ id: expressionsOfInterest.id });
  foreign.eoi = eoi!.id;
  const [farTeacher] = await server.query<{
    email: string;
  }>`select email from users where id = ${foreign.olympiadTeacher}`;
  const own = await server.db
    .insert(expressionsOfInterest)
    .values(
      [`own-${Date.now()}@example.org`, farTeacher!.email].map((teacherEmail) => ({
        olympiadId: demo.geoDemo,
        schoolName: 'Own Primary',
        teacherFirstName: 'Own',
        teacherLastName: 'Teacher',
        teacherEmail,
        town: 'Pretoria',
      })),
    )
    .returning({ id: expressionsOfInterest.id });
  foreign.ownEoi = own[0]!.id;
  foreign.ownEoiForeignEmail = own[1]!.id;
  const faq = await server.api('POST', '/faq/v-rest/', {
    token: otherToken,
    body: { audience: 'olympiad', olympiadId: olympiad.id, question: 'Isolated question?', answer: '<p>Theirs</p>' },
  });
  foreign.faq = faq.body.faq.id;
  const ended = await createOlympiad(server.db, {
    startsAt: new Date(Date.now() - 86_400_000 * 30),
    endsAt: new Date(Date.now() - 86_400_000 * 20),
  });
  foreign.endedOlympiad = ended.id;
  foreign.endedOlympiadName = ended.varName;
  const endedFaq = await server.api('POST', '/faq/v-rest/', {
    token: tokens.overlord,
    body: { audience: 'olympiad', olympiadId: ended.id, question: 'For that olympiad only?', answer: '<p>Yes</p>' },
  });
  foreign.endedFaq = endedFaq.body.faq.id;
});
afterAll(() => server?.close());

const q = () => `olympiadId=${demo.geoDemo}`;
const onlyOwn = (field: string, own: () => number) => (res: ApiResponse) => {
  expect(res.status).toBe(200);
  expect(res.body.items.length).toBeGreaterThan(0);
  for (const item of res.body.items) expect(item[field]).toBe(own());
};

/** Every teacher-reachable call of the features, with another school's ids. */
const teacherCalls: Call[] = [
  { name: 'read another school', method: 'GET', path: () => `/school/v-rest/${foreign.school}`, expect: 404 },
  {
    name: 'edit another school’s contact details',
    method: 'PUT',
    path: () => `/school/v-rest/${foreign.school}`,
    body: () => ({ phone: '000' }),
    expect: 404,
  },
  { name: 'list schools', method: 'GET', path: () => '/school/v-rest/', expect: 403 },
  { name: 'read another teacher', method: 'GET', path: () => `/teacher/v-rest/${foreign.teacher}`, expect: 403 },
  {
    name: 'edit another teacher',
    method: 'PUT',
    path: () => `/teacher/v-rest/${foreign.teacher}`,
    body: teacherEdit,
    expect: 403,
  },
  {
    name: 'disable another teacher',
    method: 'POST',
    path: () => `/teacher/v-rest/${foreign.teacher}/disable`,
    expect: 403,
  },
  {
    name: 'reset another teacher’s password',
    method: 'POST',
    path: () => `/teacher/v-rest/${foreign.teacher}/reset-password`,
    expect: 403,
  },
  {
    name: 'list entries: only their own school’s',
    method: 'GET',
    path: () => `/school-participant/v-rest/?${q()}`,
    expect: onlyOwn('schoolId', () => demo.school1),
  },
  {
    name: 'read another school’s entry',
    method: 'GET',
    path: () => `/school-participant/v-rest/${foreign.participant}`,
    expect: 404,
  },
  {
    name: 'change another school’s entry',
    method: 'PUT',
    path: () => `/school-participant/v-rest/${foreign.participant}`,
    body: () => ({ status: 'withdrawn' }),
    expect: 403,
  },
  {
    name: 'remove another school’s entry',
    method: 'DELETE',
    path: () => `/school-participant/v-rest/${foreign.participant}`,
    expect: 403,
  },
  {
    name: 'enter another school',
    method: 'POST',
    path: () => '/school-participant/v-rest/',
    body: () => ({ olympiadId: demo.geoDemo, schoolId: foreign.school }),
    expect: 403,
  },
  {
    name: 'list another entry’s learners',
    method: 'GET',
    path: () => `/participant/v-rest/?customerParticipantId=${foreign.participant}`,
    expect: 404,
  },
  {
    name: 'list learners: only their own school’s',
    method: 'GET',
    path: () => `/learner/v-rest/?${q()}&pageSize=500`,
    expect: onlyOwn('schoolId', () => demo.school1),
  },
  {
    name: 'list another school’s learners',
    method: 'GET',
    path: () => `/learner/v-rest/?${q()}&schoolId=${foreign.school}`,
    expect: 404,
  },
  {
    name: 'read another school’s learner',
    method: 'GET',
    path: () => `/learner/v-rest/${foreign.learner}`,
    expect: 404,
  },
  {
    name: 'edit another school’s learner',
    method: 'PUT',
    path: () => `/learner/v-rest/${foreign.learner}`,
    body: () => ({ firstName: 'Hacked', lastName: 'X', grade: 5 }),
    expect: 404,
  },
  {
    name: 'remove another school’s learner',
    method: 'DELETE',
    path: () => `/learner/v-rest/${foreign.learner}`,
    expect: 404,
  },
  {
    name: 'set another school’s learner’s password',
    method: 'PUT',
    path: () => `/api/auth/set-learner-passwords/${foreign.learner}`,
    body: () => ({ password: 'hijacked-123' }),
    expect: 404,
  },
  {
    name: 'add a learner to another school',
    method: 'POST',
    path: () => '/learner/v-rest/',
    body: () => ({ olympiadId: demo.geoDemo, schoolId: foreign.school, firstName: 'A', lastName: 'B', grade: 5 }),
    expect: 404,
  },
  {
    name: 'check a file for another school',
    method: 'POST',
    path: () => `/learner/v-rest/import/preview?${q()}&schoolId=${foreign.school}`,
    csv,
    expect: 404,
  },
  {
    name: 'import a file into another school',
    method: 'POST',
    path: () => `/learner/v-rest/import?${q()}&schoolId=${foreign.school}`,
    csv,
    expect: 404,
  },
  {
    name: 'see another school’s import',
    method: 'GET',
    path: () => `/learner/v-rest/import/${foreign.heldImport}`,
    expect: 404,
  },
  {
    name: 'start another school’s import',
    method: 'POST',
    path: () => `/learner/v-rest/import/${foreign.heldImport}/start`,
    expect: 404,
  },
  {
    name: 'another school’s slips (PDF)',
    method: 'GET',
    path: () => `/learner/v-rest/slips.pdf?${q()}&schoolId=${foreign.school}`,
    expect: 404,
  },
  {
    name: 'another school’s slips (CSV)',
    method: 'GET',
    path: () => `/learner/v-rest/slips.csv?${q()}&schoolId=${foreign.school}`,
    expect: 404,
  },
  {
    name: 'slips naming another school’s learner: only their own school’s learners are printed',
    method: 'GET',
    path: () => `/learner/v-rest/slips.csv?${q()}&ids=${foreign.learner}`,
    expect: (res) => {
      expect(res.status).toBe(200);
      expect(res.text).not.toContain(foreign.learnerUsername);
    },
  },
  {
    name: 'FAQs of an olympiad outside their portal',
    method: 'GET',
    path: () => `/faq/v-rest/?olympiadId=${foreign.endedOlympiad}`,
    expect: 404,
  },
  {
    name: 'an FAQ for the teachers of an olympiad outside their portal',
    method: 'GET',
    path: () => `/faq/v-rest/${foreign.endedFaq}`,
    expect: 404,
  },
  {
    name: 'edit an FAQ',
    method: 'PUT',
    path: () => `/faq/v-rest/${foreign.endedFaq}`,
    body: () => ({ audience: 'portal', question: 'Taken over?', answer: '<p>x</p>' }),
    expect: 403,
  },
  {
    name: 'the portal page of an olympiad their school is not in (and that is over)',
    method: 'GET',
    path: () => `/api/portal/olympiads/${foreign.endedOlympiadName}`,
    expect: 404,
  },
  {
    name: 'enter their school in an olympiad that is over',
    method: 'POST',
    path: () => '/teacher-expression/rest/',
    body: () => ({ olympiadId: foreign.endedOlympiad }),
    expect: (res) => expect(res.status).toBe(409),
  },
  { name: 'write an FAQ', method: 'POST', path: () => '/faq/v-rest/', body: () => ({}), expect: 403 },
  { name: 'read the EOIs', method: 'GET', path: () => '/expression-of-interest/rest/', expect: 403 },
];

/** Every call an olympiad's admin can make in the same features, with another olympiad's ids. */
const adminCalls: Call[] = [
  {
    name: 'list another olympiad’s schools',
    method: 'GET',
    path: () => `/school/v-rest/?olympiadId=${foreign.olympiad}`,
    expect: 404,
  },
  {
    name: 'read a school of another olympiad',
    method: 'GET',
    path: () => `/school/v-rest/${foreign.olympiadSchool}`,
    expect: 404,
  },
  {
    name: 'edit a school (the overlord’s)',
    method: 'PUT',
    path: () => `/school/v-rest/${foreign.olympiadSchool}`,
    body: () => ({ name: 'Hacked' }),
    expect: 403,
  },
  {
    name: 'list another olympiad’s teachers',
    method: 'GET',
    path: () => `/teacher/v-rest/?olympiadId=${foreign.olympiad}`,
    expect: 404,
  },
  {
    name: 'read a teacher of another olympiad',
    method: 'GET',
    path: () => `/teacher/v-rest/${foreign.olympiadTeacher}`,
    expect: 404,
  },
  {
    name: 'add a teacher to a school of another olympiad',
    method: 'POST',
    path: () => '/teacher/v-rest/',
    body: () => ({ schoolId: foreign.olympiadSchool, firstName: 'A', lastName: 'B', email: 'new-iso@example.org' }),
    expect: 404,
  },
  {
    name: 'edit a teacher of another olympiad',
    method: 'PUT',
    path: () => `/teacher/v-rest/${foreign.olympiadTeacher}`,
    body: teacherEdit,
    expect: 404,
  },
  {
    name: 'move their own teacher into a school of another olympiad',
    method: 'PUT',
    path: () => `/teacher/v-rest/${demo.users.teacher}`,
    body: () => ({ ...teacherEdit(), email: 'teacher@waterkloof.example.org', schoolId: foreign.olympiadSchool }),
    expect: 404,
  },
  ...(['resend-verification', 'reset-password', 'disable', 'enable'] as const).map((action): Call => ({
    name: `${action} a teacher of another olympiad`,
    method: 'POST',
    path: () => `/teacher/v-rest/${foreign.olympiadTeacher}/${action}`,
    expect: 404,
  })),
  {
    name: 'list another olympiad’s entries',
    method: 'GET',
    path: () => `/school-participant/v-rest/?olympiadId=${foreign.olympiad}`,
    expect: 404,
  },
  {
    name: 'read an entry of another olympiad',
    method: 'GET',
    path: () => `/school-participant/v-rest/${foreign.olympiadParticipant}`,
    expect: 404,
  },
  {
    name: 'enter a school in another olympiad',
    method: 'POST',
    path: () => '/school-participant/v-rest/',
    body: () => ({ olympiadId: foreign.olympiad, schoolId: demo.school1 }),
    expect: 404,
  },
  {
    name: 'change an entry of another olympiad',
    method: 'PUT',
    path: () => `/school-participant/v-rest/${foreign.olympiadParticipant}`,
    body: () => ({ status: 'withdrawn' }),
    expect: 404,
  },
  {
    name: 'remove an entry of another olympiad',
    method: 'DELETE',
    path: () => `/school-participant/v-rest/${foreign.olympiadParticipant}`,
    expect: 404,
  },
  {
    name: 'list the learners of an entry of another olympiad',
    method: 'GET',
    path: () => `/participant/v-rest/?customerParticipantId=${foreign.olympiadParticipant}`,
    expect: 404,
  },
  {
    name: 'list another olympiad’s learners',
    method: 'GET',
    path: () => `/learner/v-rest/?olympiadId=${foreign.olympiad}`,
    expect: 404,
  },
  {
    name: 'read a learner of another olympiad',
    method: 'GET',
    path: () => `/learner/v-rest/${foreign.olympiadLearner}`,
    expect: 404,
  },
  {
    name: 'edit a learner of another olympiad',
    method: 'PUT',
    path: () => `/learner/v-rest/${foreign.olympiadLearner}`,
    body: () => ({ firstName: 'Hacked', lastName: 'X', grade: 5 }),
    expect: 404,
  },
  {
    name: 'remove a learner of another olympiad',
    method: 'DELETE',
    path: () => `/learner/v-rest/${foreign.olympiadLearner}`,
    expect: 404,
  },
  {
    name: 'set the password of a learner of another olympiad',
    method: 'PUT',
    path: () => `/api/auth/set-learner-passwords/${foreign.olympiadLearner}`,
    body: () => ({ password: 'hijacked-123' }),
    expect: 404,
  },
  {
    name: 'add a learner in another olympiad',
    method: 'POST',
    path: () => '/learner/v-rest/',
    body: () => ({
      olympiadId: foreign.olympiad,
      schoolId: foreign.olympiadSchool,
      firstName: 'A',
      lastName: 'B',
      grade: 5,
    }),
    expect: 404,
  },
  {
    name: 'check a file for another olympiad',
    method: 'POST',
    path: () => `/learner/v-rest/import/preview?olympiadId=${foreign.olympiad}&schoolId=${foreign.olympiadSchool}`,
    csv,
    expect: 404,
  },
  {
    name: 'import a file into another olympiad',
    method: 'POST',
    path: () => `/learner/v-rest/import?olympiadId=${foreign.olympiad}&schoolId=${foreign.olympiadSchool}`,
    csv,
    expect: 404,
  },
  {
    name: 'see another olympiad’s import',
    method: 'GET',
    path: () => `/learner/v-rest/import/${foreign.olympiadImport}`,
    expect: 404,
  },
  {
    name: 'start another olympiad’s import',
    method: 'POST',
    path: () => `/learner/v-rest/import/${foreign.olympiadImport}/start`,
    expect: 404,
  },
  {
    name: 'slips of another olympiad',
    method: 'GET',
    path: () => `/learner/v-rest/slips.csv?olympiadId=${foreign.olympiad}&schoolId=${foreign.olympiadSchool}`,
    expect: 404,
  },
  {
    name: 'EOIs of another olympiad',
    method: 'GET',
    path: () => `/expression-of-interest/rest/?olympiadId=${foreign.olympiad}`,
    expect: 404,
  },
  {
    name: 'possible matches of another olympiad’s EOI',
    method: 'GET',
    path: () => `/expression-of-interest/rest/get-possible-matches?expressionId=${foreign.eoi}`,
    expect: 404,
  },
  {
    name: 'process another olympiad’s EOI',
    method: 'POST',
    path: () => `/expression-of-interest/rest/${foreign.eoi}/process`,
    body: () => ({}),
    expect: 404,
  },
  // Their own olympiad's expressions, pointing at another olympiad's records.
  {
    name: 'process their own EOI, linking another olympiad’s teacher by id',
    method: 'POST',
    path: () => `/expression-of-interest/rest/${foreign.ownEoi}/process`,
    body: () => ({ schoolId: demo.school1, teacherId: foreign.olympiadTeacher }),
    expect: 404,
  },
  {
    name: 'process their own EOI into a school of another olympiad, adding a teacher account to it',
    method: 'POST',
    path: () => `/expression-of-interest/rest/${foreign.ownEoi}/process`,
    body: () => ({ schoolId: foreign.olympiadSchool }),
    expect: (res) => expect(res.status).toBe(409),
  },
  {
    name: 'process their own EOI whose email is another olympiad’s teacher (moving them)',
    method: 'POST',
    path: () => `/expression-of-interest/rest/${foreign.ownEoiForeignEmail}/process`,
    body: () => ({ schoolId: demo.school1 }),
    expect: (res) => expect(res.status).toBe(409),
  },
  {
    name: 'process their own EOI naming a school that does not exist',
    method: 'POST',
    path: () => `/expression-of-interest/rest/${foreign.ownEoi}/process`,
    body: () => ({ schoolId: 2_000_000_000 }),
    expect: 404,
  },
  {
    name: 'decline another olympiad’s EOI',
    method: 'POST',
    path: () => `/expression-of-interest/rest/${foreign.eoi}/decline`,
    body: () => ({ reason: 'Not yours to decline' }),
    expect: 404,
  },
  { name: 'delete another olympiad’s EOI', method: 'DELETE', path: () => `/interest/rest/${foreign.eoi}`, expect: 404 },
  {
    name: 'FAQs of another olympiad',
    method: 'GET',
    path: () => `/faq/v-rest/?olympiadId=${foreign.olympiad}`,
    expect: 404,
  },
  { name: 'read an FAQ of another olympiad', method: 'GET', path: () => `/faq/v-rest/${foreign.faq}`, expect: 404 },
  {
    name: 'add an FAQ to another olympiad',
    method: 'POST',
    path: () => '/faq/v-rest/',
    body: () => ({ audience: 'olympiad', olympiadId: foreign.olympiad, question: 'Mine now?', answer: '<p>x</p>' }),
    expect: 404,
  },
  {
    name: 'edit an FAQ of another olympiad',
    method: 'PUT',
    path: () => `/faq/v-rest/${foreign.faq}`,
    body: () => ({ audience: 'olympiad', olympiadId: demo.geoDemo, question: 'Taken over', answer: '<p>x</p>' }),
    expect: 404,
  },
  {
    name: 'delete an FAQ of another olympiad',
    method: 'DELETE',
    path: () => `/faq/v-rest/${foreign.faq}`,
    expect: 404,
  },
  {
    name: 'reorder another olympiad’s FAQs',
    method: 'POST',
    path: () => '/faq/v-rest/reorder',
    body: () => ({ audience: 'olympiad', olympiadId: foreign.olympiad, ids: [foreign.faq] }),
    expect: 404,
  },
];

async function walk(who: string, calls: Call[]) {
  const problems: string[] = [];
  for (const call of calls) {
    const before = await snapshot();
    const res = call.csv
      ? await upload(call.path(), tokens[who]!, call.csv)
      : await server.api(call.method, call.path(), {
          token: tokens[who]!,
          ...(call.body
            ? { body: call.body() }
            : call.method === 'GET' || call.method === 'DELETE'
              ? {}
              : { body: {} }),
        });
    const label = `${who}: ${call.name} (${call.method} ${call.path()})`;
    if (typeof call.expect === 'number') {
      if (res.status !== call.expect) problems.push(`${label} answered ${res.status}, not ${call.expect}: ${res.text}`);
      else if (res.body?.success !== false) problems.push(`${label}: not the one error shape`);
    } else {
      try {
        call.expect(res);
      } catch (error) {
        problems.push(`${label}: ${(error as Error).message}`);
      }
    }
    const after = await snapshot();
    for (const table of watched) {
      if (JSON.stringify(after[table]) !== JSON.stringify(before[table])) problems.push(`${label} changed ${table}`);
    }
  }
  expect(problems).toEqual([]);
}

describe('isolation: every call with someone else’s ids', () => {
  it(`a teacher reaches only their own school (${teacherCalls.length} calls)`, async () => {
    await walk('teacher', teacherCalls);
  });

  it(`an admin reaches only their own olympiad (${adminCalls.length} calls)`, async () => {
    await walk('admin', adminCalls);
  });

  it('the calls do reach the records for their owners (the table is not vacuous)', async () => {
    expect(
      (await server.api('GET', `/learner/v-rest/import/${foreign.heldImport}`, { token: tokens.teacher2! })).status,
    ).toBe(200);
    expect((await server.api('GET', `/school/v-rest/${foreign.school}`, { token: tokens.teacher2! })).status).toBe(200);
    expect(
      (await server.api('GET', `/learner/v-rest/${foreign.olympiadLearner}`, { token: tokens.overlord! })).status,
    ).toBe(200);
    expect((await server.api('GET', `/faq/v-rest/${foreign.faq}`, { token: tokens.overlord! })).status).toBe(200);
    expect(
      (
        await server.api('GET', `/expression-of-interest/rest/get-possible-matches?expressionId=${foreign.eoi}`, {
          token: tokens.overlord!,
        })
      ).status,
    ).toBe(200);
  });
});
