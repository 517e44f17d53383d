import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModule, createOlympiad, createQuestion, createUser, enterSchool, grant } from '../../seed/factories.js';
import type { Client } from '../../test/client.js';
import { expectError, forbiddenFor, notFoundUnchanged, unauthenticated } from '../../test/endpoint.js';
import { type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';

let server: TestServer;
let demo: DemoIds;

beforeAll(async () => {
  server = await startTestServer({ env: { MAIL_SENDER: 'false' } });
  demo = await demoIds(server);
});
afterAll(() => server?.close());

const CODE = 'ABCD2345EFGH';

/** Everything a forgetting touches, read back whole: a refused call must leave all of it as it was. */
const everything = (userId: number) => async () => ({
  user: await server.query`select * from users where id = ${userId}`,
  answers: await server.query`select an.* from answers an join attempts a on a.id = an.attempt_id
    where a.user_id = ${userId} order by an.question_id`,
  attempts: await server.query`select * from attempts where user_id = ${userId}`,
  sessions: await server.query`select * from sessions where user_id = ${userId} order by id`,
  certificates: await server.query`select * from certificates where user_id = ${userId}`,
  mail: await server.query`select * from emails order by id`,
  erasures: await server.query`select * from learner_erasures order by user_id`,
});

interface Fixture {
  olympiadId: number;
  varName: string;
  learnerId: number;
  username: string;
  attemptId: number;
  choiceId: number;
  textId: number;
}

let counter = 0;

/**
 * An olympiad the demo admin administers, open (its learner signs in), with results published; a learner of the
 * demo teacher's school who wrote two questions (a choice and a short text), has a result, a certificate, a mail
 * sent to them and one to their teacher naming them, and a session.
 */
async function writtenLearner(): Promise<Fixture> {
  const db = server.db;
  const n = ++counter;
  const day = 24 * 3_600_000;
  const o = await createOlympiad(db, {
    startsAt: new Date(Date.now() - day),
    endsAt: new Date(Date.now() + day),
    open: true,
  });
  await grant(db, demo.users.admin, o.id, 'admin');
  const participant = await enterSchool(db, o.id, demo.school1);
  await enterSchool(db, o.id, demo.school2);
  const module = await createModule(db, { olympiadId: o.id, title: 'Maps' });
  const choice = await createQuestion(db, { moduleId: module.id });
  const text = await createQuestion(db, {
    moduleId: module.id,
    type: 'short_text',
    options: [],
    answerKey: { type: 'short_text', accepted: ['Limpopo'] } as never,
    marks: 2,
  });
  const learner = await createUser(db, {
    role: 'learner',
    username: `zanele.pd${n}`,
    firstName: 'Zanele',
    lastName: `Secretname${n}`,
    olympiadId: o.id,
    schoolId: demo.school1,
    grade: 10,
    password: 'olympus-demo',
    email: `zanele.parent${n}@example.org`,
  });
  const [attempt] = await server.query<{ id: number }>`
    insert into attempts (olympiad_id, user_id, started_at, finished_at, finish_reason, score, max_score, marked_at,
      last_ip, feedback_comment, feedback_rating, feedback_at)
    values (${o.id}, ${learner.id}, now() - interval '1 hour', now() - interval '20 minutes', 'submitted', 3, 3, now(),
      '198.51.100.7', 'My teacher Mr Dlamini helped me', 4, now())
    returning id`;
  await server.query`insert into answers (attempt_id, question_id, value, marks_awarded) values
    (${attempt!.id}, ${choice.id}, '{"type":"single","optionId":"a"}'::jsonb, 1),
    (${attempt!.id}, ${text.id}, '{"type":"short_text","text":"Zanele from Polokwane says Limpopo"}'::jsonb, 2)`;
  await server.query`insert into olympiad_results (olympiad_id, published_at) values (${o.id}, now())`;
  await server.query`insert into learner_results (attempt_id, olympiad_id, user_id, school_participant_id, grade,
      score, max_score, percent, percentile, rank, award)
    values (${attempt!.id}, ${o.id}, ${learner.id}, ${participant.id}, 10, 3, 3, 100, 100, 1, 'gold')`;
  const code = `${CODE.slice(0, 10)}${String.fromCharCode(65 + n)}${String.fromCharCode(66 + n)}`.replace(
    /[IOLU]/g,
    'Z',
  );
  await server.query`insert into certificates (olympiad_id, attempt_id, user_id, school_participant_id, kind, code,
      learner_name, school_name, grade, award_label)
    values (${o.id}, ${attempt!.id}, ${learner.id}, ${participant.id}, 'gold', ${code}, ${`Zanele Secretname${n}`},
      'Waterkloof', 10, 'Gold')`;
  await server.query`insert into emails (kind, to_address, subject, text_body, status, user_id, olympiad_id) values
    ('learner-note', ${`zanele.parent${n}@example.org`}, 'Your results', 'Dear Zanele, well done', 'held',
      ${learner.id}, ${o.id}),
    ('slips', 'teacher@example.org', 'Sign-in slips',
      ${`Zanele Secretname${n}: username zanele.pd${n}`}, 'sent', ${demo.users.teacher}, ${o.id})`;
  return {
    olympiadId: o.id,
    varName: o.varName,
    learnerId: learner.id,
    username: learner.username,
    attemptId: attempt!.id,
    choiceId: choice.id,
    textId: text.id,
  };
}

/** An admin of another olympiad only. */
async function othersAdmin(): Promise<Client> {
  const o = await createOlympiad(server.db);
  const admin = await createUser(server.db, { role: 'admin', password: 'olympus-demo' });
  await grant(server.db, admin.id, o.id, 'admin');
  return server.as(admin.username, { password: 'olympus-demo' });
}

describe('GET /learner/v-rest/{id}/personal-data', () => {
  let f: Fixture;
  let learnerToken: string;
  beforeAll(async () => {
    f = await writtenLearner();
    learnerToken = (await server.signIn(f.username, { password: 'olympus-demo', olympiadName: f.varName })).accessToken
      .token;
  });
  const read = (id: number) => (c: Client) => c.get(`/learner/v-rest/${id}/personal-data`);

  it('401 without a token, 403 for finance, funding and a learner (the learner themself too)', async () => {
    await unauthenticated(server, read(f.learnerId));
    await forbiddenFor(server, ['accountant', 'funding', 'learner1'], read(f.learnerId));
    expectError(await read(f.learnerId)(server.withToken(learnerToken)), 403, 'the learner');
  });

  it('404 for another school’s teacher and another olympiad’s admin, nothing written (no audit row)', async () => {
    const audit = `select * from audit_log where action = 'personal-data.read' order by id`;
    await notFoundUnchanged(server, audit, await server.as('teacher2'), read(f.learnerId));
    await notFoundUnchanged(server, audit, await othersAdmin(), read(f.learnerId));
    await notFoundUnchanged(server, audit, await server.as('teacher'), read(demo.users.teacher));
  });

  it('the teacher, the admin and the overlord read everything held; each read is audited', async () => {
    for (const who of ['teacher', 'admin', 'overlord'] as const) {
      const res = await read(f.learnerId)(await server.as(who));
      expect(res.status, res.text).toBe(200);
    }
    const res = await read(f.learnerId)(await server.as('teacher'));
    const body = res.body;
    expect(body.details).toMatchObject({
      id: f.learnerId,
      username: f.username,
      firstName: 'Zanele',
      grade: 10,
      school: { id: demo.school1 },
      olympiad: { id: f.olympiadId },
      canSignIn: true,
    });
    expect(body.details.email).toMatch(/^zanele\.parent/);
    expect(body.forgotten).toBeNull();
    expect(body.signIns.length).toBeGreaterThanOrEqual(1);
    expect(body.attempts).toHaveLength(1);
    expect(body.attempts[0]).toMatchObject({ score: 3, lastAddress: '198.51.100.7', feedbackRating: 4 });
    expect(body.attempts[0].answers).toHaveLength(2);
    expect(body.attempts[0].answers.find((a: { questionId: number }) => a.questionId === f.textId).value).toEqual({
      type: 'short_text',
      text: 'Zanele from Polokwane says Limpopo',
    });
    expect(body.results).toEqual([expect.objectContaining({ score: 3, rank: 1, award: 'gold' })]);
    expect(body.certificates).toHaveLength(1);
    expect(body.mail.map((m: { relation: string }) => m.relation).sort()).toEqual(['about', 'to']);
    expect(body.retention.months).toBe(24);
    expect(body.retention.until).not.toBeNull();
    // Loaded by a factory, without the school's confirmation of consent; once confirmed, the read says who and how.
    expect(body.consent).toBeNull();
    await server.query`insert into learner_consents (user_id, olympiad_id, confirmed_by, method)
      values (${f.learnerId}, ${f.olympiadId}, ${demo.users.teacher}, 'import')`;
    const withConsent = (await read(f.learnerId)(await server.as('admin'))).body;
    expect(withConsent.consent).toMatchObject({ method: 'import', confirmedBy: expect.any(String) });
    const audits = await server.query<{ actor_id: number; entity_id: string; olympiad_id: number }>`
      select actor_id, entity_id, olympiad_id from audit_log
      where action = 'personal-data.read' and entity_id = ${String(f.learnerId)} order by id`;
    expect(audits.map((a) => a.actor_id)).toEqual([
      demo.users.teacher,
      demo.users.admin,
      demo.users.overlord,
      demo.users.teacher,
      demo.users.admin,
    ]);
    expect(audits.every((a) => a.olympiad_id === f.olympiadId)).toBe(true);
    // The reads show in the learner's own audit section.
    const again = await read(f.learnerId)(await server.as('admin'));
    expect(again.body.audit.some((a: { action: string }) => a.action === 'personal-data.read')).toBe(true);
  });
});

describe('POST /learner/v-rest/{id}/forget', () => {
  let f: Fixture;
  let learnerToken: string;
  beforeAll(async () => {
    f = await writtenLearner();
    learnerToken = (await server.signIn(f.username, { password: 'olympus-demo', olympiadName: f.varName })).accessToken
      .token;
  });
  const forget = (id: number) => (c: Client) => c.post(`/learner/v-rest/${id}/forget`);

  it('401 without a token, 403 for finance, funding and learners, everything unchanged', async () => {
    const before = await everything(f.learnerId)();
    await unauthenticated(server, forget(f.learnerId));
    await forbiddenFor(server, ['accountant', 'funding', 'learner1'], forget(f.learnerId));
    expectError(await forget(f.learnerId)(server.withToken(learnerToken)), 403, 'the learner');
    expect(await everything(f.learnerId)()).toEqual(before);
  });

  it('404 for another school’s teacher and another olympiad’s admin, everything unchanged', async () => {
    await notFoundUnchanged(server, everything(f.learnerId), await server.as('teacher2'), forget(f.learnerId));
    await notFoundUnchanged(server, everything(f.learnerId), await othersAdmin(), forget(f.learnerId));
    await notFoundUnchanged(server, everything(f.learnerId), await server.as('admin'), forget(demo.users.teacher));
  });

  it('the admin forgets the learner: the label replaces the name, free text goes, marks, results and the certificate stay', async () => {
    const [marksBefore] = await server.query<{ total: number }>`
      select sum(marks_awarded)::float as total from answers where attempt_id = ${f.attemptId}`;
    const res = await forget(f.learnerId)(await server.as('admin'));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      alreadyForgotten: false,
      forgotten: { reason: 'request', forgottenBy: expect.stringContaining('admin') },
      removed: { freeTextAnswers: 1, mailRedacted: 2, certificatesUnnamed: 1 },
    });
    expect(res.body.removed.sessionsEnded).toBeGreaterThanOrEqual(1);
    const label: string = res.body.forgotten.label;
    expect(label).toMatch(/^Anonymous learner [0-9A-Z]{4}$/);
    expect(res.body.message).toContain('Zanele');

    const [user] = await server.query<Record<string, unknown>>`select * from users where id = ${f.learnerId}`;
    expect(`${user!.first_name} ${user!.last_name}`).toBe(label);
    expect(user).toMatchObject({ email: null, password_hash: null, initial_password_enc: null, grade: 10 });
    expect(user!.school_id).toBe(demo.school1);
    expect(user!.username).not.toContain('zanele');
    expect(user!.disabled_at).not.toBeNull();

    const answers = await server.query<{ question_id: number; value: unknown; marks_awarded: number }>`
      select question_id, value, marks_awarded from answers where attempt_id = ${f.attemptId} order by question_id`;
    expect(answers.find((a) => a.question_id === f.textId)!.value).toEqual({ type: 'short_text', text: '' });
    expect(answers.find((a) => a.question_id === f.choiceId)!.value).toEqual({ type: 'single', optionId: 'a' });
    const [marksAfter] = await server.query<{ total: number }>`
      select sum(marks_awarded)::float as total from answers where attempt_id = ${f.attemptId}`;
    expect(marksAfter).toEqual(marksBefore);
    const [attempt] = await server.query<Record<string, unknown>>`select * from attempts where id = ${f.attemptId}`;
    expect(attempt).toMatchObject({
      score: 3,
      max_score: 3,
      feedback_comment: null,
      last_ip: null,
      feedback_rating: 4,
    });
    const [result] =
      await server.query`select score, rank, award from learner_results where attempt_id = ${f.attemptId}`;
    expect(result).toEqual({ score: 3, rank: 1, award: 'gold' });

    // Every session ended: the learner's token is refused at once.
    const open = await server.query`select id from sessions where user_id = ${f.learnerId} and revoked_at is null`;
    expect(open).toHaveLength(0);
    expect((await server.api('GET', '/api/auth/me', { token: learnerToken })).status).toBe(401);
    const leftovers =
      await server.query`select id from sessions where user_id = ${f.learnerId} and (ip is not null or user_agent is not null)`;
    expect(leftovers).toHaveLength(0);

    // The certificate verifies by its code, with no name.
    const [cert] = await server.query<{ code: string; learner_name: string }>`
      select code, learner_name from certificates where user_id = ${f.learnerId}`;
    expect(cert!.learner_name).toBe('');
    const check = await server.anonymous().get(`/api/public/certificates/${cert!.code}`);
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ valid: true, anonymised: true, learnerName: '', awardLabel: 'Gold' });
    expect(check.text).not.toContain('Zanele');

    // Mail to the learner: redacted and never sent; mail about them: the name and username replaced.
    const mail = await server.query<{ kind: string; to_address: string; text_body: string; status: string }>`
      select kind, to_address, text_body, status from emails where olympiad_id = ${f.olympiadId} order by id`;
    expect(mail[0]).toMatchObject({ kind: 'learner-note', to_address: '', status: 'suppressed' });
    expect(mail[0]!.text_body).not.toContain('Zanele');
    expect(mail[1]!.to_address).toBe('teacher@example.org');
    expect(mail[1]!.text_body).toContain(label);
    expect(mail[1]!.text_body).not.toMatch(/Secretname|zanele\.pd/);

    const [erasure] = await server.query<Record<string, unknown>>`
      select label, reason, forgotten_by from learner_erasures where user_id = ${f.learnerId}`;
    expect(erasure).toEqual({ label, reason: 'request', forgotten_by: demo.users.admin });
    const audits = await server.query<{ actor_id: number; data: Record<string, unknown> }>`
      select actor_id, data from audit_log where action = 'learner.forget' and entity_id = ${String(f.learnerId)}`;
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actor_id).toBe(demo.users.admin);
    expect(JSON.stringify(audits[0]!.data)).not.toContain('Zanele');

    // The personal data now reads as forgotten, and holds nothing of the name.
    const after = await (await server.as('teacher')).get(`/learner/v-rest/${f.learnerId}/personal-data`);
    expect(after.body.forgotten).toMatchObject({ label, reason: 'request' });
    expect(after.text).not.toMatch(/Zanele|Secretname|Polokwane|198\.51\.100\.7|zanele\.parent/);
  });

  it('forgetting again answers 200 with the first forgetting and changes nothing', async () => {
    const teacher = await server.as('teacher');
    const before = await everything(f.learnerId)();
    const again = await forget(f.learnerId)(teacher);
    expect(again.status).toBe(200);
    expect(again.body.alreadyForgotten).toBe(true);
    expect(again.body.removed.freeTextAnswers).toBe(1);
    expect(await everything(f.learnerId)()).toEqual(before);
    const audits =
      await server.query`select id from audit_log where action = 'learner.forget' and entity_id = ${String(f.learnerId)}`;
    expect(audits).toHaveLength(1);
  });

  it('the teacher forgets their own learner; the label is used in the results list', async () => {
    const g = await writtenLearner();
    const res = await forget(g.learnerId)(await server.as('teacher'));
    expect(res.status, res.text).toBe(200);
    const ranked = await (await server.as('admin')).get(`/olympiad/results/${g.olympiadId}/learners`);
    expect(ranked.status, ranked.text).toBe(200);
    expect(ranked.body.items).toEqual([
      expect.objectContaining({ userId: g.learnerId, score: 3, rank: 1, firstName: 'Anonymous learner' }),
    ]);
    const item = ranked.body.items[0] as { firstName: string; lastName: string };
    expect(`${item.firstName} ${item.lastName}`).toBe(res.body.forgotten.label);
  });
});
