import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { createModule, createOlympiad, createSchool, createUser, enterSchool, grant } from '../../seed/factories.js';
import { type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';

/** Setup shared by the results test files: a server, and closed olympiads with marked attempts built here. */

export let server: TestServer;
export let demo: DemoIds;

export function useResultsServer(): void {
  beforeAll(async () => {
    server = await startTestServer({ env: { MAIL_SENDER: 'false', SITTING_SWEEP_SECONDS: '0' } });
    demo = await demoIds(server);
  });
  afterAll(() => server?.close());
}

export interface Written {
  score: number | null;
  grade?: number;
  /** Which school: 1 (the demo teacher's, Waterkloof), 2 (teacher2's) or 3 (one of this olympiad only). */
  school?: 1 | 2 | 3;
  /** Not finished (still writing, or reset): not counted. */
  unfinished?: boolean;
  firstName?: string;
  lastName?: string;
}

export interface Built {
  id: number;
  varName: string;
  moduleIds: number[];
  participants: Record<1 | 2 | 3, number>;
  learners: Array<{ userId: number; attemptId: number; username: string }>;
}

/**
 * A closed olympiad (its window ended yesterday) that the demo `admin` administers, with Waterkloof (the demo
 * `teacher`'s school), Rondebosch (`teacher2`'s) and a third school entered, and one learner per `written`
 * with a finished, marked attempt (score out of 40, in two modules).
 */
export async function closedOlympiad(written: Written[], options: { open?: boolean } = {}): Promise<Built> {
  const db = server.db;
  const day = 24 * 3_600_000;
  const olympiad = await createOlympiad(db, {
    startsAt: new Date(Date.now() - 2 * day),
    endsAt: new Date(Date.now() + (options.open ? day : -day)),
  });
  await grant(db, demo.users.admin, olympiad.id, 'admin');
  const modules = [
    await createModule(db, { olympiadId: olympiad.id, title: 'Maps' }),
    await createModule(db, { olympiadId: olympiad.id, title: 'Climate' }),
  ];
  const third = await createSchool(db, { name: 'Hoërskool Menlopark', province: 'Limpopo' });
  const participants = {
    1: (await enterSchool(db, olympiad.id, demo.school1)).id,
    2: (await enterSchool(db, olympiad.id, demo.school2)).id,
    3: (await enterSchool(db, olympiad.id, third.id)).id,
  };
  const schoolIds = { 1: demo.school1, 2: demo.school2, 3: third.id };
  const learners: Built['learners'] = [];
  for (const w of written) {
    const user = await createUser(db, {
      role: 'learner',
      olympiadId: olympiad.id,
      schoolId: schoolIds[w.school ?? 1],
      grade: w.grade ?? 10,
      password: 'olympus-demo',
      ...(w.firstName ? { firstName: w.firstName } : {}),
      ...(w.lastName ? { lastName: w.lastName } : {}),
    });
    const finished = !w.unfinished;
    const half = w.score == null ? null : w.score / 2;
    const moduleScores =
      half == null
        ? null
        : JSON.stringify([
            { moduleId: modules[0]!.id, score: half, maxScore: 20 },
            { moduleId: modules[1]!.id, score: half, maxScore: 20 },
          ]);
    const [attempt] = await server.query<{ id: number }>`
      insert into attempts (olympiad_id, user_id, started_at, finished_at, finish_reason, score, max_score,
        module_scores, marked_at)
      values (${olympiad.id}, ${user.id}, now() - interval '2 days',
        ${finished ? sql`now() - interval '2 days' + interval '40 minutes'` : null},
        ${finished ? 'submitted' : null}, ${w.score}, ${w.score == null ? null : 40}, ${moduleScores}::jsonb,
        ${finished && w.score != null ? sql`now()` : null})
      returning id`;
    learners.push({ userId: user.id, attemptId: attempt!.id, username: user.username });
  }
  return {
    id: olympiad.id,
    varName: olympiad.varName,
    moduleIds: modules.map((m) => m.id),
    participants,
    learners,
  };
}

/** An olympiad of its own admin (`res-admin-N`), out of the demo admin's reach. */
export async function othersOlympiad(written: Written[] = [{ score: 10 }]) {
  const built = await closedOlympiad(written);
  await server.query`delete from olympiad_grants where olympiad_id = ${built.id}`;
  const admin = await createUser(server.db, { role: 'admin', password: 'olympus-demo' });
  await grant(server.db, admin.id, built.id, 'admin');
  return { ...built, admin: await server.as(admin.username as never, { password: 'olympus-demo' }) };
}

export async function moderate(attemptId: number, decision: 'disqualified' | 'adjusted' | 'reset', adjusted?: number) {
  await server.query`
    insert into attempt_moderations (attempt_id, olympiad_id, decision, adjusted_score, reason)
    select id, olympiad_id, ${decision}, ${adjusted ?? null}, 'test' from attempts where id = ${attemptId}`;
}
