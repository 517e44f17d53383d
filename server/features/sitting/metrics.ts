import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Counter, Gauge, Histogram } from 'prom-client';
import { z } from 'zod';
import { rows } from '../../db/client.js';
import { readAtMost } from '../../platform/metrics.js';
import type { AnswerSaves } from './answer-batches.js';
import { inForce } from './waiting-room.js';

/** The save's buckets (seconds): fine around its 100 ms target (SITTING_SAVE_TARGET_MS, decision 056). */
const saveBuckets = [0.005, 0.01, 0.02, 0.03, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 1, 2.5];

/**
 * Exam day's figures (decision 101). Per process, summed over a machine: the answer saves acknowledged (a save's
 * 200, so `rate()` is saves a second) and their time, and the statements that wrote them (decision 063), read from
 * the batcher's own tallies at scrape time. Read from the database at scrape time, once per machine: each active
 * waiting room's queue (the queue at sign-in and before the paper are the one room, decisions 041 and 053), its
 * admissions so far and the rate in force (decisions 051 and 055).
 *
 * Answers the save route's `onResponse`: an increment and an observation.
 */
export function sittingMetrics(app: FastifyInstance, saves: AnswerSaves, defaultRate: number) {
  const registers = [app.metrics.process];
  const acknowledged = new Counter({
    name: 'olympus_answer_saves_total',
    help: 'Answer saves acknowledged (answered 200: stored durably)',
    registers,
  });
  const saveTime = new Histogram({
    name: 'olympus_answer_save_duration_seconds',
    help: 'Time from an acknowledged answer save’s arrival to its answer',
    buckets: saveBuckets,
    registers,
  });
  const tally = (name: string, help: string, of: (f: ReturnType<AnswerSaves['figures']>) => number) =>
    new Counter({
      name,
      help,
      registers,
      collect() {
        this.reset();
        this.inc(of(saves.figures()));
      },
    });
  tally(
    'olympus_answer_save_statements_total',
    'Statements that wrote answer saves (batches and saves alone)',
    (f) => f.statements,
  );
  tally('olympus_answer_saves_batched_total', 'Answer saves written in a statement with others', (f) => f.batched);
  tally(
    'olympus_answer_saves_retried_alone_total',
    'Answer saves tried again alone after their batch’s statement failed',
    (f) => f.retriedAlone,
  );

  const Room = z.object({
    olympiad: z.string(),
    waiting: z.number(),
    admitted: z.number(),
    rate: z.number(),
  });
  // Rooms with learners waiting, or with an arrival in the last hour: the day's rooms, not every past olympiad's.
  const read = readAtMost(
    () =>
      rows(
        app.db,
        Room,
        sql`select o.var_name as olympiad, (r.joined - r.admitted)::float8 as waiting, r.admitted::float8 as admitted,
                   ${sql.raw(inForce(defaultRate))}::float8 as rate
            from waiting_rooms r join olympiads o on o.id = r.olympiad_id
            where r.joined > r.admitted or r.refilled_at > now() - interval '1 hour'`,
      ),
    app.log,
  );
  const labelNames = ['olympiad'];
  const shared = [app.metrics.shared];
  const each = (set: (room: z.infer<typeof Room>) => void) => async () => {
    for (const room of (await read()) ?? []) set(room);
  };
  new Gauge({
    name: 'olympus_waiting_room_waiting',
    help: 'Learners queued in the waiting room (at sign-in or before the paper), by olympiad',
    labelNames,
    registers: shared,
    async collect() {
      this.reset();
      await each((r) => this.set({ olympiad: r.olympiad }, r.waiting))();
    },
  });
  new Counter({
    name: 'olympus_waiting_room_admitted_total',
    help: 'Learners admitted by the waiting room since its first arrival, by olympiad',
    labelNames,
    registers: shared,
    async collect() {
      this.reset();
      await each((r) => this.inc({ olympiad: r.olympiad }, r.admitted))();
    },
  });
  new Gauge({
    name: 'olympus_waiting_room_rate_in_force',
    help: 'Admissions a second the waiting room admits at now (the setting, or less while the servers run slow)',
    labelNames,
    registers: shared,
    async collect() {
      this.reset();
      await each((r) => this.set({ olympiad: r.olympiad }, r.rate))();
    },
  });

  return {
    /** The save route's `onResponse`: an acknowledged save counted and timed. */
    saveAnswered(reply: FastifyReply) {
      if (reply.statusCode !== 200) return;
      acknowledged.inc();
      saveTime.observe(reply.elapsedTime / 1000);
    },
  };
}
