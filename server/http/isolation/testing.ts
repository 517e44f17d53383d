import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { z } from 'zod';
import { rows } from '../../db/client.js';
import { expressionsOfInterest } from '../../db/schema/index.js';
import {
  createContact,
  createCountry,
  createModule,
  createOlympiad,
  createProject,
  createQuestion,
  createSchool,
  createUser,
  enterCountry,
  enterSchool,
  grant,
} from '../../seed/factories.js';
import type { Role } from '#contract/roles';
import { type ApiResponse, type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';
import type { Access, RegisteredRoute } from '../route.js';
import { type DocumentedAnswers, servedDocumentAnswers } from './documented.js';

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

/** This file's server, its demo ids and the callers' tokens (set by useIsolationServer's beforeAll). */
export let server: TestServer;
export let demo: DemoIds;
export const tokens: Record<string, string> = {};
/** The API document's checker of the walk's answers (documented.ts), made when the first answer comes. */
let documented: Promise<DocumentedAnswers> | undefined;

/** Everything the callers must not reach. */
export const foreign = {} as {
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
  /** The other olympiad's varName, a written text of its general copy and of its project's website copy. */
  olympiadName: string;
  copy: number;
  websiteCopy: number;
  contact: number;
  /** A staff user of the other olympiad (iso-admin). */
  staffUser: number;
  /** igeo-demo, its Germany entry (the team admin's), and Brazil entered beside it (another country's team). */
  igeo: number;
  igeoName: string;
  /** Germany and a country no olympiad uses, in the shared list. */
  germany: number;
  unusedCountry: number;
  germanyParticipant: number;
  brazilParticipant: number;
  brazilTeam: number;
  brazilEntry: number;
  brazilLearner: number;
};

/** The callers' own records, which the calls below point at someone else's ids. */
export const ours = {} as {
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
  'sessions',
  'system_config',
  'countries',
  'country_participants',
  'general_copy',
  'website_copy',
  'attempts',
  'answers',
  'waiting_rooms',
  'waiting_places',
] as const;

/** One watched table's row, whole, as text. */
const TextRow = z.object({ r: z.string() });

async function snapshot(): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of watched) {
    // A session's last seen is the caller's own, written by authentication itself at most once a minute
    // (decision 107), refused call or not; a read of personal data that is answered records who read it (decision
    // 109). Neither is a change the call made to anyone's records.
    const reads = table === 'audit_log' ? ` where t.action <> 'personal-data.read'` : '';
    const list = await rows(
      server.db,
      TextRow,
      sql.raw(`select (to_jsonb(t) - 'last_seen_at')::text as r from ${table} t${reads}`),
    );
    out[table] = list.map((x) => x.r).sort();
  }
  return out;
}

function upload(path: string, token: string, csv: string, name = 'class.csv'): Promise<ApiResponse> {
  return server.withToken(token).upload(path, { bytes: csv, name });
}

export interface Call {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: () => string;
  body?: () => unknown;
  /** A multipart upload (CSV text) instead of a JSON body. */
  csv?: string;
  /** 404 (out of reach), 403 (the role may not call it), or a check of a 200 answer that holds only own rows. */
  expect: 404 | 403 | 400 | 409 | ((res: ApiResponse) => void);
}

export const csv = 'First name,Surname,Grade\nIntruder,Person,9\n';
export const teacherEdit = () => ({ firstName: 'Hacked', lastName: 'X', email: 'hacked@example.org' });

/** Starts the calling file's server and builds every record the calls point at. */
export function useIsolationServer(): void {
  beforeAll(async () => {
    // No background work beside the walk: the deadline sweep, the automatic moderation start (geo-2025 is closed
    // and never flagged), the job worker and the mail sender would change watched rows between a call's two
    // snapshots. What a call queues is still seen: the queueing is the call's own write.
    server = await startTestServer({ env: { SITTING_SWEEP_SECONDS: '0', JOBS_WORKER: 'false', MAIL_SENDER: 'false' } });
    demo = await demoIds(server);
    for (const u of ['admin', 'teacher', 'teacher2', 'overlord'])
      tokens[u] = (await server.signIn(u)).accessToken.token;

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
    const [stored] = await server.query<{
      filename: string;
    }>`select filename from uploads where id = ${foreign.upload}`;
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

    // Records of the operations walk (operations-calls.ts): copy, contacts, staff, countries and teams.
    foreign.olympiadName = olympiad.varName;
    foreign.staffUser = otherAdmin.id;
    foreign.contact = (await createContact(server.db, olympiad.id)).id;
    const [copyRow] = await server.query<{ id: number }>`
    insert into general_copy (olympiad_id, key, body) values (${olympiad.id}, 'finished-message', 'Theirs')
    returning id`;
    foreign.copy = copyRow!.id;
    const [webRow] = await server.query<{ id: number }>`
    insert into website_copy (project_id, section, body) values (${olympiad.projectId}, 'about', '<p>Theirs</p>')
    returning id`;
    foreign.websiteCopy = webRow!.id;
    const [igeo] = await server.query<{ id: number; var_name: string }>`
    select id, var_name from olympiads where var_name = 'igeo-demo'`;
    foreign.igeo = igeo!.id;
    foreign.igeoName = igeo!.var_name;
    const [de] = await server.query<{ id: number; country: number }>`
    select cp.id, c.id as country from country_participants cp join countries c on c.id = cp.country_id
    where c.code = 'DE' and cp.olympiad_id = ${igeo!.id}`;
    foreign.germanyParticipant = de!.id;
    foreign.germany = de!.country;
    foreign.unusedCountry = (await createCountry(server.db, { code: 'TV', name: 'Tuvalu' })).id;
    const [br] = await server.query<{ id: number; name: string }>`select id, name from countries where code = 'BR'`;
    const brazil = await enterCountry(server.db, igeo!.id, br!);
    foreign.brazilParticipant = brazil.participant.id;
    foreign.brazilTeam = brazil.team.id;
    foreign.brazilEntry = brazil.entry.id;
    foreign.brazilLearner = (
      await createUser(server.db, { role: 'learner', olympiadId: igeo!.id, schoolId: brazil.team.id, grade: 10 })
    ).id;
    tokens.teamadmin = (await server.signIn('teamadmin')).accessToken.token;
  });
  afterAll(() => server?.close());
}

export const q = () => `olympiadId=${demo.geoDemo}`;
export const onlyOwn = (field: string, own: () => number) => (res: ApiResponse) => {
  expect(res.status).toBe(200);
  expect(res.body.items.length).toBeGreaterThan(0);
  for (const item of res.body.items) expect(item[field]).toBe(own());
};

/** Every teacher-reachable call of the features, with another school's ids. */

export const aQuestion = () => ({
  type: 'single',
  prompt: '<p>Planted?</p>',
  options: [
    { id: 'a', text: 'Yes', imageUrl: null },
    { id: 'b', text: 'No', imageUrl: null },
  ],
  answerKey: { type: 'single', correct: 'a' },
});
export const aMailing = (olympiadId: number, attachmentIds: number[] = []) => ({
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

/** A walker's role: the demo users the walks sign in as, by what they are. */
export const roleOf: Record<string, Role> = {
  admin: 'admin',
  accountant: 'accountant',
  funding: 'funding',
  teacher: 'teacher',
  teamadmin: 'teacher',
  learner1: 'learner',
};

const trimmed = (path: string) => (path.length > 1 ? path.replace(/\/$/, '') : path);

/** The registered route a request makes: the most specific one whose path matches (a fixed segment before `:id`). */
export function routeAt(method: string, url: string): RegisteredRoute | undefined {
  const path = trimmed(url.split('?')[0]!);
  return server.app.apiRoutes
    .filter((r) => r.method === method && new RegExp(`^${trimmed(r.url).replace(/:\w+/g, '[^/]+')}$`).test(path))
    .sort((a, b) => (a.url.match(/:/g)?.length ?? 0) - (b.url.match(/:/g)?.length ?? 0))[0];
}

/** The registered route a call makes. */
export const routeOf = (call: Call) => routeAt(call.method, call.path());

/** What is wrong with an answer by the API document (documented.ts), or null. */
export async function undocumented(method: string, url: string, res: ApiResponse): Promise<string | null> {
  const route = routeAt(method, url);
  if (!route) return `no route answers ${method} ${url}`;
  return (await (documented ??= servedDocumentAnswers(server))).problem(route, res);
}

/** May `role` call the route at all (the role gate lets it through)? */
export const passesGate = (access: Access, role: Role) =>
  access === 'signedIn' || (Array.isArray(access) && access.includes(role));

/** The calls whose route `role` may call: the rest answer the role gate's 403 (authorization.test.ts). */
export const callableBy = (role: Role, calls: Call[]): Call[] =>
  calls.filter((call) => {
    const route = routeOf(call);
    return route != null && passesGate(route.access, role);
  });

/** How long one walk may take: two snapshots of every watched table per call, on a machine shared with other work. */
export const WALK_TIMEOUT = 180_000;

/**
 * Makes every call as `who`; each must give its documented answer (the one its call expects, and one the API
 * document describes: documented.ts) and leave every watched table unchanged.
 */
export async function walk(who: string, calls: Call[]) {
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
    const unlikeItsDocument = await undocumented(call.method, call.path(), res);
    if (unlikeItsDocument) problems.push(`${label}: ${unlikeItsDocument}`);
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
