import { sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdText } from '#contract/ids';
import { AnswerValue } from '#contract/questions';
import { WatchResult } from '#contract/public';
import { SaveAnswerResult } from '#contract/sitting';
import { IdRow, preparedRows, rows } from '../../server/db/client.js';
import { answers } from '../../server/db/schema/index.js';
import { route } from '../../server/http/route.js';
import { batcher } from '../../server/platform/batches.js';

/** The bare upsert's answer: when it saved. */
const SavedAt = createSelectSchema(answers).pick({ savedAt: true });
const BatchSavedAt = createSelectSchema(answers).pick({ attemptId: true, savedAt: true });

interface BareUpsert {
  attemptId: number;
  questionId: number;
  value: unknown;
}

/**
 * The bare limits for `npm run bench:exam`: HTTP routes doing one answer upsert and nothing else (no session, no
 * order checks), one statement a request, and the same upsert batched as the real save batches (decision 104),
 * which is the floor the saturated real save is compared with. Only the benchmarks' own server entry (server-entry.ts beside this file) registers it;
 * it declares `public` access because it measures the floor under the real route. It lives under bench/, so no
 * setting of the product's server (server/main.ts) can register it.
 */
export async function benchRoutes(app: FastifyInstance): Promise<void> {
  // The floor under the Watch call (bench/watch.ts): a constant answer of the same shape, no cache, no query.
  const watchShaped = {
    success: true as const,
    refreshedAt: new Date(0).toISOString(),
    refreshSeconds: 5,
    totals: { writing: 0, started: 0, finished: 0 },
    open: [],
    coming: [],
  };
  route(app, {
    method: 'GET',
    url: '/api/bench/bare-json',
    summary: 'Benchmark only: a constant JSON answer shaped like the Watch call’s, nothing else',
    tags: ['bench'],
    access: 'public',
    response: WatchResult,
    handler: async () => watchShaped,
  });

  route(app, {
    method: 'GET',
    url: '/api/bench/bare-targets',
    summary: 'Benchmark only: attempts and questions the bare route may write to',
    tags: ['bench'],
    access: 'public',
    response: z.object({ success: z.literal(true), attempts: z.array(z.number()), questions: z.array(z.number()) }),
    handler: async () => {
      const attempts = await rows(
        app.db,
        IdRow,
        sql`
        select a.id from attempts a join users u on u.id = a.user_id
        where u.username like 'bare-%' order by a.id`,
      );
      const questions = await rows(
        app.db,
        IdRow,
        sql`
        select qu.id from questions qu join question_modules m on m.id = qu.module_id
        join olympiads o on o.id = m.olympiad_id where o.var_name = 'geo-bench' order by qu.id`,
      );
      return { success: true as const, attempts: attempts.map((r) => r.id), questions: questions.map((r) => r.id) };
    },
  });

  // The bare upsert batched as the real save is (decision 104): the same batcher (server/platform/batches.ts), the
  // same lanes and most a statement, one write per attempt a statement as the real save has one per session, and a
  // batch's statement planned for each batch from a JSON parameter, not prepared, as the real batch's is.
  const upsertOne = async (u: BareUpsert) => {
    const [row] = await preparedRows(
      app.db,
      'bench.bare-answer',
      SavedAt,
      sql`
      insert into answers (attempt_id, question_id, value, flagged, saved_at)
      values (${u.attemptId}, ${u.questionId}, ${JSON.stringify(u.value)}::jsonb, false, now())
      on conflict (attempt_id, question_id) do update set value = excluded.value, saved_at = excluded.saved_at
      returning saved_at`,
    );
    return row!.savedAt;
  };
  const upserts = batcher<BareUpsert, Date>({
    lanes: 4,
    most: 200,
    keyOf: (u) => String(u.attemptId),
    one: upsertOne,
    many: async (inputs) => {
      const items = JSON.stringify(
        inputs.map((u) => ({ attempt_id: u.attemptId, question_id: u.questionId, value: u.value })),
      );
      const saved = await rows(
        app.db,
        BatchSavedAt,
        sql`
        insert into answers (attempt_id, question_id, value, flagged, saved_at)
        select i.attempt_id, i.question_id, i.value, false, now()
        from (select * from jsonb_to_recordset(${items}::jsonb) as i(attempt_id int, question_id int, value jsonb)
              limit ${inputs.length}) i
        on conflict (attempt_id, question_id) do update set value = excluded.value, saved_at = excluded.saved_at
        returning attempt_id, saved_at`,
      );
      const byAttempt = new Map(saved.map((r) => [r.attemptId, r.savedAt]));
      return inputs.map((u) => byAttempt.get(u.attemptId)!);
    },
  });

  route(app, {
    method: 'PUT',
    url: '/api/bench/bare-batched-answer/:attemptId/:questionId',
    summary: 'Benchmark only: one answer upsert, batched with those arriving together as the real save is',
    tags: ['bench'],
    access: 'public',
    params: z.strictObject({
      attemptId: IdText,
      questionId: IdText,
    }),
    body: z.strictObject({ value: AnswerValue }),
    response: SaveAnswerResult.pick({ success: true, savedAt: true }),
    handler: async ({ params, body }) => {
      const savedAt = await upserts.write({
        attemptId: Number(params.attemptId),
        questionId: Number(params.questionId),
        value: body.value,
      });
      return { success: true as const, savedAt: savedAt.toISOString() };
    },
  });

  route(app, {
    method: 'PUT',
    url: '/api/bench/bare-answer/:attemptId/:questionId',
    summary: 'Benchmark only: one answer upsert, nothing else',
    tags: ['bench'],
    access: 'public',
    params: z.strictObject({
      attemptId: IdText,
      questionId: IdText,
    }),
    body: z.strictObject({ value: AnswerValue }),
    response: SaveAnswerResult.pick({ success: true, savedAt: true }),
    handler: async ({ params, body }) => {
      // Prepared like the real route's statement (decision 019), so the floor is measured the same way.
      const [row] = await preparedRows(
        app.db,
        'bench.bare-answer',
        SavedAt,
        sql`
        insert into answers (attempt_id, question_id, value, flagged, saved_at)
        values (${params.attemptId}, ${params.questionId}, ${JSON.stringify(body.value)}::jsonb, false, now())
        on conflict (attempt_id, question_id) do update set value = excluded.value, saved_at = excluded.saved_at
        returning saved_at`,
      );
      return { success: true as const, savedAt: row!.savedAt.toISOString() };
    },
  });
}
