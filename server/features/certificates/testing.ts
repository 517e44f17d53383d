import { afterAll, beforeAll } from 'vitest';
import { sql } from 'drizzle-orm';
import { defaultAwardRule } from '#contract/results';
import { createSelectSchema } from 'drizzle-zod';
import { IdRow, rows } from '../../db/client.js';
import { schoolParticipants } from '../../db/schema/index.js';
import { createOlympiad, createSchool, createUser, enterSchool } from '../../seed/factories.js';
import { type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';
import { type TestSmtp, startTestSmtp } from '../../test/smtp.js';

/**
 * Setup shared by the certificate test files: a server (its job worker off: tests run jobs with `runJobs()`), a
 * real SMTP server, geo-demo with learners' published results at both demo schools, and another olympiad with
 * its own school and results (out of reach of the demo admin and teachers).
 */
export let server: TestServer;
export let demo: DemoIds;
export let smtp: TestSmtp;
/** geo-demo's school participants: Hoërskool Waterkloof (teacher) and Rondebosch (teacher2). */
export let waterkloof: number;
export let rondebosch: number;
export let other: { olympiadId: number; participantId: number };

export interface LearnerResult {
  first: string;
  last: string;
  grade?: number;
  score: number;
  award: string;
  best?: boolean;
}

/** Learners who wrote (finished, marked attempts) with their published results rows (ranks from the scores). */
export async function addResults(olympiadId: number, participantId: number, learners: LearnerResult[]) {
  const [sp] = await rows(
    server.db,
    createSelectSchema(schoolParticipants).pick({ schoolId: true }),
    sql`select school_id from school_participants where id = ${participantId}`,
  );
  const made: { userId: number; attemptId: number }[] = [];
  for (const l of learners) {
    const user = await createUser(server.db, {
      role: 'learner',
      olympiadId,
      schoolId: sp!.schoolId,
      firstName: l.first,
      lastName: l.last,
      grade: l.grade ?? 10,
    });
    const [attempt] = await rows(
      server.db,
      IdRow,
      sql`insert into attempts (olympiad_id, user_id, started_at, finished_at, finish_reason, score, max_score, marked_at)
        values (${olympiadId}, ${user.id}, now() - interval '50 minutes', now() - interval '10 minutes', 'submitted',
          ${l.score}, 50, now()) returning id`,
    );
    await server.db.execute(
      sql`insert into learner_results (attempt_id, olympiad_id, user_id, school_participant_id, grade, province, score,
          max_score, percent, percentile, rank, award, best_in_school)
        values (${attempt!.id}, ${olympiadId}, ${user.id}, ${participantId}, ${l.grade ?? 10}, 'Gauteng', ${l.score}, 50,
          ${(100 * l.score) / 50}, ${l.score * 2}, ${51 - l.score}, ${l.award}, ${l.best ?? false})`,
    );
    made.push({ userId: user.id, attemptId: attempt!.id });
  }
  return made;
}

/** The olympiad's results published (now), with the contract's default award rule unless given. */
export async function publish(olympiadId: number, at: Date | null = new Date(), rule = defaultAwardRule) {
  await server.db.execute(
    sql`insert into olympiad_results (olympiad_id, award_rule, published_at)
      values (${olympiadId}, ${JSON.stringify(rule)}::jsonb, ${at})
      on conflict (olympiad_id) do update set award_rule = excluded.award_rule, published_at = excluded.published_at`,
  );
}

/** Runs queued background jobs in this process until none is left (the worker is off in these tests). */
export async function runJobs(): Promise<void> {
  while (await server.app.jobs.runOnce()) {
    // one job per pass
  }
}

/** Waits until `check` holds (mail delivered by the background sender), or fails after `ms`. */
export async function eventually(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('eventually: the condition never held');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A PDF answer as bytes. */
export async function download(token: string | null, path: string) {
  const res = await fetch(server.url + path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    bytes: new Uint8Array(await res.arrayBuffer()),
  };
}

export function useCertificatesServer(): void {
  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer({
      env: { JOBS_WORKER: 'false', SMTP_URL: smtp.url, MAIL_POLL_MS: '50', MAIL_RETRY_BASE_SECONDS: '0' },
    });
    demo = await demoIds(server);
    const participants = await server.query<{ id: number; school_id: number }>`
      select id, school_id from school_participants where olympiad_id = ${demo.geoDemo}`;
    waterkloof = participants.find((p) => p.school_id === demo.school1)!.id;
    rondebosch = participants.find((p) => p.school_id === demo.school2)!.id;
    const olympiad = await createOlympiad(server.db, { varName: 'certs-other', title: 'Other Olympiad' });
    const school = await createSchool(server.db, { name: 'Other High School' });
    const entry = await enterSchool(server.db, olympiad.id, school.id);
    await createUser(server.db, { role: 'teacher', schoolId: school.id, email: 'other-teacher@example.org' });
    other = { olympiadId: olympiad.id, participantId: entry.id };
    await addResults(olympiad.id, entry.id, [{ first: 'Other', last: 'Learner', score: 30, award: 'merit' }]);
    await publish(olympiad.id);
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });
}
