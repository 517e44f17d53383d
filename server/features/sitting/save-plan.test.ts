import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rows } from '../../db/client.js';
import { type TestServer, startTestServer } from '../../test/harness.js';
import { saveAnswerFor } from './answer-queries.js';
import { sessionLearner } from './learner-session.js';

/**
 * The answer save's plan does not depend on the statistics (decision 056). A new database's first exam day has none
 * for `attempts` (never analysed); the planner then priced the sweep's partial index of running attempts below the
 * learner's own key, and every save read every running attempt. Its own server: the test empties `attempts`.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

it('the answer save finds its attempt by the learner’s key on a table never analysed, with hundreds writing', async () => {
  // As on a new database: `truncate` leaves the table with no statistics, as before its first analysis.
  await server.query`truncate attempts cascade`;
  // An exam day's size: a thousand more learners of the olympiad, a third of them writing.
  const [first] = await server.query<{ olympiad_id: number }>`
    select olympiad_id from users where role = 'learner' order by id limit 1`;
  const olympiadId = first!.olympiad_id;
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
  const statement = saveAnswerFor(sessionLearner('a-token-hash', olympiadId), {
    olympiadId,
    questionId: 1,
    value: { type: 'single', optionId: 'a' },
    flagged: false,
    position: { moduleIndex: 0, questionIndex: 0 },
    ip: '127.0.0.1',
  });
  const plan = JSON.stringify(await rows(server.db, sql`explain (format json) ${statement}`));
  expect(plan).not.toContain('attempts_overdue_idx');
  expect(plan).toMatch(/"Index Name":\s*"(attempts_olympiad_user_uq|attempts_user_idx)"/);
});
