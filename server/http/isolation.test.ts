import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.js';
import { expressionsOfInterest } from '../db/schema/index.js';
import {
  createContact,
  createModule,
  createOlympiad,
  createProject,
  createQuestion,
  createSchool,
  createUser,
  enterSchool,
  grant,
} from '../seed/factories.js';
import { type ApiResponse, type DemoIds, type TestServer, demoIds, startTestServer } from '../test/harness.js';

/**
 * The rule: "a teacher sees and changes only their own school's data; every call tested for another school's
 * ids (404, rows unchanged)", and the same for an admin and another olympiad's records. Every call a teacher
 * (or an olympiad's admin) can make in the schools, teachers, participating-schools, learners and FAQ
 * features is made here with ids that belong to someone else. Each must give the documented answer (404
 * for a record out of reach, 403 where the role may not call at all, or a list that holds only the caller's
 * rows) and leave every row of the affected tables exactly as it was.
 *
 * The second half turns it around: callers act on their OWN records (their module, mailing, attachment, FAQ,
 * purchase order, school, sitting) while the body or query names another olympiad's record by id (a question
 * or module to reorder, an attachment or upload, an olympiad to move into, an entry, a project). Each must be
 * refused the same way (404, 403 by role, or the documented 400/409) with nothing changed, and the same calls
 * with the callers' own ids must go through, so that the refusals are about the foreign id.
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
  /** The other olympiad's module, question, upload, attachment, mailing, purchase order and project. */
  module: number;
  question: number;
  upload: number;
  uploadFilename: string;
  attachment: number;
  mailing: number;
  order: number;
  project: number;
};

/** The callers' own records, which the calls below point at someone else's ids. */
const ours = {} as {
  module: number;
  questions: number[];
  modules: number[];
  attachment: number;
  attachmentUpload: number;
  mailing: number;
  faq: number;
  faqs: number[];
  order: number;
  orderParticipant: number;
  olympiadName: string;
  contact: number;
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
  'question_modules',
  'questions',
  'mass_mails',
  'uploads',
  'attachments',
  'olympiads',
  'projects',
  'sub_projects',
  'useful_contacts',
] as const;

async function snapshot(): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of watched) {
    const list = await rows<{ r: string }>(server.db, sql.raw(`select row_to_json(t)::text as r from ${table} t`));
    out[table] = list.map((x) => x.r).sort();
  }
  return out;
}

async function upload(path: string, token: string, csv: string, name = 'class.csv'): Promise<ApiResponse> {
  const form = new FormData();
  form.append('file', new Blob([csv]), name);
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
  expect: 404 | 403 | 400 | 409 | ((res: ApiResponse) => void);
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

  // Records of both olympiads that bodies and queries name by id.
  foreign.module = (await createModule(server.db, { olympiadId: olympiad.id })).id;
  foreign.question = (await createQuestion(server.db, { moduleId: foreign.module })).id;
  ours.module = (await createModule(server.db, { olympiadId: demo.geoDemo })).id;
  ours.questions = [
    (await createQuestion(server.db, { moduleId: ours.module })).id,
    (await createQuestion(server.db, { moduleId: ours.module })).id,
  ];
  ours.modules = (
    await server.query<{ id: number }>`
      select id from question_modules where olympiad_id = ${demo.geoDemo} order by position, id`
  ).map((m) => m.id);
  const theirUpload = await upload(`/upload/api/?olympiadId=${olympiad.id}`, otherToken, 'notes', 'notes.txt');
  foreign.upload = theirUpload.body.upload.id;
  const [stored] = await server.query<{ filename: string }>`select filename from uploads where id = ${foreign.upload}`;
  foreign.uploadFilename = stored!.filename;
  const theirAttachment = await upload(`/attachment/api/?olympiadId=${olympiad.id}`, otherToken, 'x', 'theirs.txt');
  foreign.attachment = theirAttachment.body.attachment.id;
  const mine = await upload(`/attachment/api/?olympiadId=${demo.geoDemo}`, tokens.admin!, 'y', 'mine.txt');
  ours.attachment = mine.body.attachment.id;
  const [mineRow] = await server.query<{ upload_id: number }>`
    select upload_id from attachments where id = ${ours.attachment}`;
  ours.attachmentUpload = mineRow!.upload_id;
  const mailing = (olympiadId: number, token: string) =>
    server.api('POST', '/emailer/api/', {
      token,
      body: { olympiadId, subject: 'Hello', html: '<p>Hello</p>', audience: { kind: 'participating-teachers' } },
    });
  foreign.mailing = (await mailing(olympiad.id, otherToken)).body.mailing.id;
  ours.mailing = (await mailing(demo.geoDemo, tokens.admin!)).body.mailing.id;
  const ownFaq = await server.api('POST', '/faq/v-rest/', {
    token: tokens.admin,
    body: { audience: 'olympiad', olympiadId: demo.geoDemo, question: 'Ours?', answer: '<p>Ours</p>' },
  });
  ours.faq = ownFaq.body.faq.id;
  ours.faqs = (
    await server.query<{ id: number }>`
      select id from faqs where audience = 'olympiad' and olympiad_id = ${demo.geoDemo} order by position, id`
  ).map((f) => f.id);
  const orderOf = async (olympiadId: number) => {
    const [row] = await server.query<{ id: number; participant: number }>`
      select po.id, po.school_participant_id as participant from purchase_orders po
      join school_participants sp on sp.id = po.school_participant_id
      where sp.olympiad_id = ${olympiadId} and po.deleted_at is null order by po.id limit 1`;
    return row!;
  };
  const ownOrder = await orderOf(demo.geoDemo);
  ours.order = ownOrder.id;
  ours.orderParticipant = ownOrder.participant;
  foreign.order = (await orderOf(olympiad.id)).id;
  foreign.project = (await createProject(server.db)).id;
  for (const u of ['accountant', 'funding']) tokens[u] = (await server.signIn(u)).accessToken.token;
  ours.contact = (await createContact(server.db, demo.geoDemo)).id;
  const [geo] = await server.query<{ var_name: string }>`select var_name from olympiads where id = ${demo.geoDemo}`;
  ours.olympiadName = geo!.var_name;
  tokens.learner1 = (await server.signIn('learner1', { olympiadName: geo!.var_name })).accessToken.token;
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
  {
    name: 'add a learner to their own school in an olympiad their school is not in',
    method: 'POST',
    path: () => '/learner/v-rest/',
    body: () => ({ olympiadId: foreign.olympiad, schoolId: demo.school1, firstName: 'A', lastName: 'B', grade: 5 }),
    expect: 409,
  },
  {
    name: 'import a file into their own school in an olympiad their school is not in',
    method: 'POST',
    path: () => `/learner/v-rest/import?olympiadId=${foreign.olympiad}&schoolId=${demo.school1}`,
    csv,
    expect: 409,
  },
  {
    name: 'add a learner to their own school in an olympiad outside their portal',
    method: 'POST',
    path: () => '/learner/v-rest/',
    body: () => ({
      olympiadId: foreign.endedOlympiad,
      schoolId: demo.school1,
      firstName: 'A',
      lastName: 'B',
      grade: 5,
    }),
    expect: 404,
  },
  {
    name: 'import a file into their own school in an olympiad outside their portal',
    method: 'POST',
    path: () => `/learner/v-rest/import?olympiadId=${foreign.endedOlympiad}&schoolId=${demo.school1}`,
    csv,
    expect: 404,
  },
  {
    name: 'enter their own school in another olympiad by the entry call',
    method: 'POST',
    path: () => '/school-participant/v-rest/',
    body: () => ({ olympiadId: foreign.olympiad, schoolId: demo.school1 }),
    expect: 403,
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

const aQuestion = () => ({
  type: 'single',
  prompt: '<p>Planted?</p>',
  options: [
    { id: 'a', text: 'Yes', imageUrl: null },
    { id: 'b', text: 'No', imageUrl: null },
  ],
  answerKey: { type: 'single', correct: 'a' },
});
const aMailing = (olympiadId: number, attachmentIds: number[] = []) => ({
  olympiadId,
  subject: 'Hello again',
  html: '<p>Hello</p>',
  audience: { kind: 'participating-teachers' },
  attachmentIds,
});

/**
 * An olympiad's admin acting on their own olympiad's records (or calling with their own olympiad) while the
 * body or the query names a record of another olympiad: questions, modules, mail, FAQs and the olympiad itself.
 */
const adminPointingCalls: Call[] = [
  {
    name: 'add a question to another olympiad’s module',
    method: 'POST',
    path: () => '/question/v-rest/',
    body: () => ({ questionModuleId: foreign.module, ...aQuestion() }),
    expect: 404,
  },
  {
    name: 'list the questions of another olympiad’s module',
    method: 'GET',
    path: () => `/question/v-rest/?questionModuleId=${foreign.module}`,
    expect: 404,
  },
  {
    name: 'read a question of another olympiad',
    method: 'GET',
    path: () => `/question/v-rest/single?questionId=${foreign.question}`,
    expect: 404,
  },
  {
    name: 'reorder their own module’s questions, slipping in another olympiad’s question',
    method: 'POST',
    path: () => `/question/v-rest/reorder?questionModuleId=${ours.module}`,
    body: () => ({ ids: [...ours.questions, foreign.question] }),
    expect: 400,
  },
  {
    name: 'reorder their own module with another olympiad’s question in place of one of theirs',
    method: 'POST',
    path: () => `/question/v-rest/reorder?questionModuleId=${ours.module}`,
    body: () => ({ ids: [ours.questions[0], foreign.question] }),
    expect: 400,
  },
  {
    name: 'reorder another olympiad’s module',
    method: 'POST',
    path: () => `/question/v-rest/reorder?questionModuleId=${foreign.module}`,
    body: () => ({ ids: [foreign.question] }),
    expect: 404,
  },
  {
    name: 'reorder their own olympiad’s modules, slipping in another olympiad’s module',
    method: 'POST',
    path: () => `/question-module/v-rest/reorder?olympiadId=${demo.geoDemo}`,
    body: () => ({ ids: [...ours.modules, foreign.module] }),
    expect: 400,
  },
  {
    name: 'reorder another olympiad’s modules',
    method: 'POST',
    path: () => `/question-module/v-rest/reorder?olympiadId=${foreign.olympiad}`,
    body: () => ({ ids: [foreign.module] }),
    expect: 404,
  },
  {
    name: 'add a module to another olympiad',
    method: 'POST',
    path: () => '/question-module/v-rest/',
    body: () => ({ olympiadId: foreign.olympiad, title: 'Planted' }),
    expect: 404,
  },
  {
    name: 'import questions into another olympiad’s module',
    method: 'POST',
    path: () => `/question/v-rest/import?questionModuleId=${foreign.module}`,
    csv: 'Type,Question,Option A,Option B,Correct\nsingle,Planted?,Yes,No,A\n',
    expect: 404,
  },
  {
    name: 'import QTI into another olympiad’s module',
    method: 'POST',
    path: () => `/question/v-rest/import-qti?questionModuleId=${foreign.module}`,
    csv: '<qti-assessment-item/>',
    expect: 404,
  },
  {
    name: 'export another olympiad’s module',
    method: 'GET',
    path: () => `/question/v-rest/export?questionModuleId=${foreign.module}&format=csv`,
    expect: 404,
  },
  {
    name: 'upload a question image into another olympiad',
    method: 'POST',
    path: () => `/question/image?olympiadId=${foreign.olympiad}`,
    csv: 'not an image',
    expect: 404,
  },
  {
    name: 'compose a mailing in their olympiad with another olympiad’s attachment',
    method: 'POST',
    path: () => '/emailer/api/',
    body: () => aMailing(demo.geoDemo, [foreign.attachment]),
    expect: 400,
  },
  {
    name: 'compose a mailing in another olympiad',
    method: 'POST',
    path: () => '/emailer/api/',
    body: () => aMailing(foreign.olympiad),
    expect: 404,
  },
  {
    name: 'edit their own mailing, attaching another olympiad’s attachment',
    method: 'PUT',
    path: () => `/emailer/api/${ours.mailing}`,
    body: () => aMailing(demo.geoDemo, [foreign.attachment]),
    expect: 400,
  },
  {
    name: 'edit their own mailing, moving it into another olympiad',
    method: 'PUT',
    path: () => `/emailer/api/${ours.mailing}`,
    body: () => aMailing(foreign.olympiad),
    expect: 400,
  },
  {
    name: 'edit another olympiad’s mailing, naming their own olympiad',
    method: 'PUT',
    path: () => `/emailer/api/${foreign.mailing}`,
    body: () => aMailing(demo.geoDemo),
    expect: 404,
  },
  {
    name: 'count the audience of another olympiad',
    method: 'POST',
    path: () => '/emailer/api/audience-count',
    body: () => ({ olympiadId: foreign.olympiad, audience: { kind: 'all-teachers' } }),
    expect: 404,
  },
  {
    name: 'delete their own attachment, naming another olympiad’s upload',
    method: 'DELETE',
    path: () => `/attachment/api/${ours.attachment}?uploadId=${foreign.upload}`,
    expect: 404,
  },
  {
    name: 'rename their own attachment, naming another olympiad’s upload',
    method: 'POST',
    path: () => `/attachment/api/${ours.attachment}/update-filename?uploadId=${foreign.upload}&filename=renamed.txt`,
    expect: 404,
  },
  {
    name: 'delete another olympiad’s attachment, naming their own upload',
    method: 'DELETE',
    path: () => `/attachment/api/${foreign.attachment}?uploadId=${ours.attachmentUpload}`,
    expect: 404,
  },
  {
    name: 'delete another olympiad’s upload by its stored name',
    method: 'DELETE',
    path: () => `/upload/api/${foreign.upload}?filename=${encodeURIComponent(foreign.uploadFilename)}`,
    expect: 404,
  },
  {
    name: 'upload a file into another olympiad',
    method: 'POST',
    path: () => `/upload/api/?olympiadId=${foreign.olympiad}`,
    csv: 'planted',
    expect: 404,
  },
  {
    name: 'release a batch of another olympiad’s mailing',
    method: 'POST',
    path: () => `/queued-email/release-batch/?massMailId=${foreign.mailing}&qty=1`,
    expect: 403,
  },
  {
    name: 'edit their own FAQ, moving it into another olympiad',
    method: 'PUT',
    path: () => `/faq/v-rest/${ours.faq}`,
    body: () => ({ audience: 'olympiad', olympiadId: foreign.olympiad, question: 'Moved?', answer: '<p>x</p>' }),
    expect: 404,
  },
  {
    name: 'reorder their own olympiad’s FAQs, slipping in another olympiad’s FAQ',
    method: 'POST',
    path: () => '/faq/v-rest/reorder',
    body: () => ({ audience: 'olympiad', olympiadId: demo.geoDemo, ids: [...ours.faqs, foreign.faq] }),
    expect: 400,
  },
  {
    name: 'add an FAQ to a project',
    method: 'POST',
    path: () => '/faq/v-rest/',
    body: () => ({ audience: 'project', projectId: foreign.project, question: 'Project?', answer: '<p>x</p>' }),
    expect: 403,
  },
  {
    name: 'add a teacher to their own olympiad’s school, acting within another olympiad',
    method: 'POST',
    path: () => '/teacher/v-rest/',
    body: () => ({
      schoolId: demo.school1,
      olympiadId: foreign.olympiad,
      firstName: 'A',
      lastName: 'B',
      email: 'acting-elsewhere@example.org',
    }),
    expect: 404,
  },
  {
    name: 'merge another olympiad’s school into their own',
    method: 'POST',
    path: () => '/school/v-rest/merge',
    body: () => ({ sourceId: foreign.olympiadSchool, targetId: demo.school1 }),
    expect: 403,
  },
  {
    name: 'point their own olympiad at another project',
    method: 'PUT',
    path: () => `/olympiad/v-rest/${demo.geoDemo}`,
    body: () => ({ projectId: foreign.project }),
    expect: 403,
  },
  {
    name: 'grant themselves a role in another olympiad',
    method: 'POST',
    path: () => '/olympiad-grant/v-rest/',
    body: () => ({ olympiadId: foreign.olympiad, userId: demo.users.admin, role: 'admin' }),
    expect: 403,
  },
  {
    name: 'change their own olympiad’s purchase order, naming another olympiad’s entry',
    method: 'PUT',
    path: () => `/purchase-order/rest/${ours.order}?status=paid&customerParticipantId=${foreign.olympiadParticipant}`,
    expect: 409,
  },
];

/** A learner of the admin's olympiad, in their own sitting, answering another olympiad's question. */
const learnerCalls: Call[] = [
  {
    name: 'answer another olympiad’s question in their own sitting',
    method: 'PUT',
    path: () => `/api/sitting/${ours.olympiadName}/answers/${foreign.question}`,
    body: () => ({ value: { type: 'single', optionId: 'a' } }),
    expect: 404,
  },
];

/** The accountant of the admin's olympiad: purchase orders. */
const accountantCalls: Call[] = [
  {
    name: 'list another olympiad’s purchase orders',
    method: 'GET',
    path: () => `/purchase-order/api/?olympiadId=${foreign.olympiad}`,
    expect: 404,
  },
  {
    name: 'mark their own olympiad’s purchase order paid, naming another olympiad’s entry',
    method: 'PUT',
    path: () => `/purchase-order/rest/${ours.order}?status=paid&customerParticipantId=${foreign.olympiadParticipant}`,
    expect: 409,
  },
  {
    name: 'remove their own olympiad’s purchase order, naming another olympiad’s entry',
    method: 'DELETE',
    path: () => `/purchase-order/rest/${ours.order}?status=delete&customerParticipantId=${foreign.olympiadParticipant}`,
    expect: 409,
  },
  {
    name: 'mark another olympiad’s purchase order paid, naming their own entry',
    method: 'PUT',
    path: () => `/purchase-order/rest/${foreign.order}?status=paid&customerParticipantId=${ours.orderParticipant}`,
    expect: 404,
  },
  {
    name: 'remove another olympiad’s purchase order',
    method: 'DELETE',
    path: () =>
      `/purchase-order/rest/${foreign.order}?status=delete&customerParticipantId=${foreign.olympiadParticipant}`,
    expect: 404,
  },
  {
    name: 'compose a mailing',
    method: 'POST',
    path: () => '/emailer/api/',
    body: () => aMailing(demo.geoDemo),
    expect: 403,
  },
];

/** Funding staff of the admin's olympiad: mass mail and its attachments. */
const fundingCalls: Call[] = [
  {
    name: 'compose a mailing in their olympiad with another olympiad’s attachment',
    method: 'POST',
    path: () => '/emailer/api/',
    body: () => aMailing(demo.geoDemo, [foreign.attachment]),
    expect: 400,
  },
  {
    name: 'edit their olympiad’s mailing, attaching another olympiad’s attachment',
    method: 'PUT',
    path: () => `/emailer/api/${ours.mailing}`,
    body: () => aMailing(demo.geoDemo, [foreign.attachment]),
    expect: 400,
  },
  {
    name: 'edit another olympiad’s mailing',
    method: 'PUT',
    path: () => `/emailer/api/${foreign.mailing}`,
    body: () => aMailing(demo.geoDemo),
    expect: 404,
  },
  {
    name: 'read another olympiad’s attachment',
    method: 'GET',
    path: () => `/attachment/api/${foreign.attachment}`,
    expect: 404,
  },
  {
    name: 'list another olympiad’s useful contacts',
    method: 'GET',
    path: () => `/useful-contact/v-rest/?olympiadId=${foreign.olympiad}`,
    expect: 404,
  },
  {
    name: 'edit their olympiad’s useful contact, moving it into another olympiad',
    method: 'PUT',
    path: () => `/useful-contact/v-rest/${ours.contact}`,
    body: () => ({ olympiadId: foreign.olympiad, name: 'Moved', email: 'moved@example.org' }),
    expect: 400,
  },
  {
    name: 'add a useful contact to another olympiad',
    method: 'POST',
    path: () => '/useful-contact/v-rest/',
    body: () => ({ olympiadId: foreign.olympiad, name: 'Planted', email: 'planted@example.org' }),
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

  it(`an admin’s own records cannot be pointed at another olympiad’s ids (${adminPointingCalls.length} calls)`, async () => {
    await walk('admin', adminPointingCalls);
  });

  it(`the accountant’s calls stay in their olympiad (${accountantCalls.length} calls)`, async () => {
    await walk('accountant', accountantCalls);
  });

  it(`funding staff’s calls stay in their olympiad (${fundingCalls.length} calls)`, async () => {
    await walk('funding', fundingCalls);
  });

  it(`a learner answers only their own paper’s questions (${learnerCalls.length} call)`, async () => {
    await walk('learner1', learnerCalls);
  });

  it('the same calls with the callers’ own ids go through (the refusals above are about the foreign id)', async () => {
    const ok = async (who: string, method: 'POST' | 'PUT', path: string, body?: unknown) => {
      const res = await server.api(method, path, { token: tokens[who]!, ...(body ? { body } : {}) });
      expect(res.status, `${who} ${method} ${path}: ${res.text}`).toBe(200);
    };
    await ok('admin', 'POST', '/teacher/v-rest/', {
      schoolId: demo.school1,
      olympiadId: demo.geoDemo,
      firstName: 'Acting',
      lastName: 'Within',
      email: 'acting-within@example.org',
    });
    await ok('admin', 'POST', `/question/v-rest/reorder?questionModuleId=${ours.module}`, {
      ids: [...ours.questions].reverse(),
    });
    await ok('admin', 'POST', `/question-module/v-rest/reorder?olympiadId=${demo.geoDemo}`, { ids: ours.modules });
    await ok('admin', 'POST', '/faq/v-rest/reorder', {
      audience: 'olympiad',
      olympiadId: demo.geoDemo,
      ids: ours.faqs,
    });
    await ok('admin', 'PUT', `/emailer/api/${ours.mailing}`, aMailing(demo.geoDemo, [ours.attachment]));
    await ok('funding', 'POST', '/emailer/api/', aMailing(demo.geoDemo, [ours.attachment]));
    await ok(
      'accountant',
      'PUT',
      `/purchase-order/rest/${ours.order}?status=paid&customerParticipantId=${ours.orderParticipant}`,
    );
    await ok(
      'admin',
      'POST',
      `/attachment/api/${ours.attachment}/update-filename?uploadId=${ours.attachmentUpload}&filename=renamed.txt`,
    );
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
