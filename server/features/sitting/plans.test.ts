import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { rows } from '../../db/client.js';
import { createOlympiad } from '../../seed/factories.js';
import { type TestServer, startTestServer } from '../../test/harness.js';
import { saveAnswerFor } from './answer-queries.js';
import { sessionLearner } from './learner-session.js';
import { placesStatement } from './waiting-places.js';

/**
 * Exam day's statements read a learner's rows by the learner's key, whatever the statistics say.
 *
 * The answer save's plan does not depend on the statistics (decision 056). A new database's first exam day has none
 * for `attempts` (never analysed); the planner then priced the sweep's partial index of running attempts below the
 * learner's own key, and every save read every running attempt. Its own server: the test empties `attempts`.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** The olympiad of the exam day's size the tests plan in: set up once (the first test). */
let olympiadId: number;
const examDay = async () => {
  if (olympiadId) return olympiadId;
  // As on a new database: `truncate` leaves the table with no statistics, as before its first analysis.
  await server.query`truncate attempts cascade`;
  // An exam day's size: a thousand more learners of the olympiad, a third of them writing.
  const [first] = await server.query<{ olympiad_id: number }>`
    select olympiad_id from users where role = 'learner' order by id limit 1`;
  olympiadId = first!.olympiad_id;
  await server.query`
    insert into users (role, username, olympiad_id)
    select 'learner', 'plan-learner-' || i, ${olympiadId}::int from generate_series(1, 1000) i`;
  await server.query`
    insert into attempts (olympiad_id, user_id, declaration_accepted_at, started_at, deadline_at)
    select u.olympiad_id, u.id, now(),
           case when u.id % 3 = 0 then now() end, case when u.id % 3 = 0 then now() + interval '1 hour' end
    from users u where u.role = 'learner' and u.olympiad_id is not null`;
  const [writing] = await server.query<{ n: number }>`select count(*)::int as n from attempts`;
  expect(writing!.n).toBeGreaterThan(1000);
  return olympiadId;
};

/** The one row of `explain (format json)`. */
const Explained = z.object({ 'QUERY PLAN': z.unknown() });

/** Every scan of `table` in a JSON plan. */
function scansOf(plan: unknown, table: string): Array<Record<string, unknown>> {
  const found: Array<Record<string, unknown>> = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      const n = node as Record<string, unknown>;
      if (n['Relation Name'] === table && String(n['Node Type']).includes('Scan')) found.push(n);
      Object.values(n).forEach(walk);
    }
  };
  walk(plan);
  return found;
}

it('the places statement reads each arriving learner’s attempt and place by their key, with thousands writing', async () => {
  // Statistics taken before the exam day, when an olympiad had a hundred attempts; then thousands start writing.
  const olympiad = await createOlympiad(server.db, { varName: 'plans-places', open: true });
  const learners = async (from: number, to: number) => {
    await server.query`
      insert into users (role, username, olympiad_id, password_hash)
      select 'learner', 'places-learner-' || i, ${olympiad.id}::int, 'x' from generate_series(${from}::int, ${to}::int) i`;
    await server.query`
      insert into attempts (olympiad_id, user_id, declaration_accepted_at, started_at, deadline_at)
      select u.olympiad_id, u.id, now(), now(), now() + interval '1 hour'
      from users u where u.olympiad_id = ${olympiad.id} and u.id not in (select user_id from attempts)`;
  };
  await learners(1, 100);
  await server.query`analyze attempts`;
  await server.query`analyze users`;
  await learners(101, 3000);
  // As in a storm: learners signing in by name and looking in by id, together (decision 057).
  const { statement } = placesStatement(
    olympiad.id,
    [{ username: 'places-learner-7' }, { username: 'places-learner-8' }, { userId: 1 }],
    50,
    true,
  );
  const [explained] = await rows(server.db, Explained, sql`explain (format json) ${statement}`);
  const plan = explained!['QUERY PLAN'];
  const attempts = scansOf(plan, 'attempts');
  expect(attempts.length).toBeGreaterThan(0);
  // Each read of `attempts` is by the learner (an index condition on user_id), never every attempt of the olympiad
  // hashed once a statement, which `exists (…)` allowed.
  for (const scan of attempts) expect(String(scan['Index Cond'])).toContain('user_id');
  expect(JSON.stringify(plan)).not.toContain('hashed SubPlan');
  for (const scan of scansOf(plan, 'waiting_places')) expect(String(scan['Index Cond'])).toContain('user_id');
  // The username is looked up in the learners' index, not by reading every user.
  const users = scansOf(plan, 'users');
  expect(users.length).toBeGreaterThan(0);
  for (const scan of users) expect(String(scan['Index Cond'])).toMatch(/username/);
});

it('the answer save finds its attempt by the learner’s key on a table never analysed, with hundreds writing', async () => {
  const olympiadId = await examDay();
  const statement = saveAnswerFor(sessionLearner('a-token-hash', olympiadId), {
    olympiadId,
    questionId: 1,
    value: { type: 'single', optionId: 'a' },
    flagged: false,
    position: { moduleIndex: 0, questionIndex: 0 },
    ip: '127.0.0.1',
  });
  const plan = JSON.stringify(await rows(server.db, Explained, sql`explain (format json) ${statement}`));
  expect(plan).not.toContain('attempts_overdue_idx');
  expect(plan).toMatch(/"Index Name":\s*"(attempts_olympiad_user_uq|attempts_user_idx)"/);
});
