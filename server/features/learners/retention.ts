import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { RetentionRow } from '#contract/personal-data';
import { type Db, IdRow, type Queryable, rows } from '../../db/client.js';
import { audit } from '../../platform/audit.js';
import { iso, isoOrNull } from '../../platform/dates.js';
import { nextTurn } from '../../platform/turns.js';
import { forgetLearner } from './forget.js';
import { findSubject } from './personal-data-queries.js';

/*
 * Retention (decision 108): an olympiad keeps its learners' personal data for `retention_months` after its results
 * are published. The overlord reads the report (a dry run: it changes nothing), confirms an olympiad whose period is
 * over, and a week later the daily job forgets the learners that were counted when it was confirmed, unless the
 * confirmation was withdrawn or the period lengthened meanwhile. Each olympiad it finishes gets one audit row with
 * the counts, readable in the activity log.
 */

/** Days between the overlord's confirmation and the job acting on it: time for an admin to object. */
export const GRACE_DAYS = 7;

/** Learners forgotten per transaction: a large olympiad is worked through in short steps, resumable. */
const BATCH = 100;

const ReportRow = z.object({
  olympiadId: z.number(),
  title: z.string(),
  year: z.number(),
  publishedAt: z.date(),
  retentionMonths: z.number(),
  until: z.date(),
  past: z.boolean(),
  learners: z.number(),
  forgotten: z.number(),
  confirmedAt: z.date().nullable(),
  confirmedBy: z.string().nullable(),
  dueAt: z.date().nullable(),
  learnersSeen: z.number().nullable(),
  actedAt: z.date().nullable(),
  anonymised: z.number().nullable(),
});

const untilSql = sql`(r.published_at + make_interval(months => o.retention_months))`;

/** The report: every olympiad with published results, the soonest to expire first; or one olympiad. */
export async function retentionReport(q: Queryable, olympiadId?: number): Promise<RetentionRow[]> {
  const found = await rows(
    q,
    ReportRow,
    sql`select o.id as olympiad_id, o.title, o.year, r.published_at, o.retention_months, ${untilSql} as until,
          ${untilSql} <= now() as past,
          (select count(*)::int from users u where u.olympiad_id = o.id and u.role = 'learner'
             and not exists (select 1 from learner_erasures e where e.user_id = u.id)) as learners,
          (select count(*)::int from learner_erasures e where e.olympiad_id = o.id) as forgotten,
          c.confirmed_at, case when b.id is null then null else b.username end as confirmed_by, c.due_at,
          c.learners_seen, c.acted_at, c.anonymised
        from olympiads o join olympiad_results r on r.olympiad_id = o.id
          left join retention_confirmations c on c.olympiad_id = o.id
          left join users b on b.id = c.confirmed_by
        where r.published_at is not null ${olympiadId == null ? sql`` : sql`and o.id = ${olympiadId}`}
        order by until, o.id`,
  );
  return found.map((r) => ({
    olympiadId: r.olympiadId,
    title: r.title,
    year: r.year,
    resultsPublishedAt: iso(r.publishedAt),
    retentionMonths: r.retentionMonths,
    until: iso(r.until),
    past: r.past,
    learners: r.learners,
    forgotten: r.forgotten,
    confirmation:
      r.confirmedAt == null
        ? null
        : {
            confirmedAt: iso(r.confirmedAt),
            confirmedBy: r.confirmedBy,
            dueAt: iso(r.dueAt!),
            learnersSeen: r.learnersSeen ?? 0,
            actedAt: isoOrNull(r.actedAt),
            anonymised: r.anonymised,
          },
  }));
}

/** The overlord confirms an olympiad past its period: the job may act on it from a week later. */
export async function confirmRetention(q: Queryable, olympiadId: number, by: number, learners: number) {
  await q.execute(
    sql`insert into retention_confirmations (olympiad_id, confirmed_by, confirmed_at, due_at, learners_seen)
        values (${olympiadId}, ${by}, now(), now() + make_interval(days => ${GRACE_DAYS}), ${learners})
        on conflict (olympiad_id) do update set confirmed_by = excluded.confirmed_by,
          confirmed_at = excluded.confirmed_at, due_at = excluded.due_at, learners_seen = excluded.learners_seen,
          acted_at = null, anonymised = null`,
  );
}

export async function withdrawRetention(q: Queryable, olympiadId: number): Promise<boolean> {
  const gone = await rows(
    q,
    z.object({ olympiadId: z.number() }),
    sql`delete from retention_confirmations where olympiad_id = ${olympiadId} and acted_at is null
        returning olympiad_id`,
  );
  return gone.length > 0;
}

const Due = z.object({ olympiadId: z.number(), confirmedBy: z.number().nullable(), confirmedAt: z.date() });

export interface RetentionRun {
  olympiadId: number;
  anonymised: number;
}

/**
 * One run of the job: every confirmed olympiad that is due and still past its period, in steps of BATCH learners.
 * Each step claims the confirmation row `FOR UPDATE SKIP LOCKED`, so of several server processes one works on an
 * olympiad at a time; a crash loses at most the step in hand, and the next run carries on.
 */
export async function runRetention(db: Db): Promise<RetentionRun[]> {
  const done: RetentionRun[] = [];
  const worked = new Map<number, number>();
  for (;;) {
    const step = await db.transaction(async (tx) => {
      const [due] = await rows(
        tx,
        Due,
        sql`select c.olympiad_id, c.confirmed_by, c.confirmed_at
            from retention_confirmations c join olympiads o on o.id = c.olympiad_id
              join olympiad_results r on r.olympiad_id = o.id
            where c.acted_at is null and c.due_at <= now() and r.published_at is not null and ${untilSql} <= now()
            order by c.due_at, c.olympiad_id limit 1
            for update of c skip locked`,
      );
      if (!due) return null;
      // Only the learners the overlord's report counted: one loaded since is not the overlord's decision.
      const ids = await rows(
        tx,
        IdRow,
        sql`select u.id from users u
            where u.olympiad_id = ${due.olympiadId} and u.role = 'learner' and u.created_at <= ${due.confirmedAt}
              and not exists (select 1 from learner_erasures e where e.user_id = u.id)
            order by u.id limit ${BATCH} for update of u`,
      );
      for (const { id } of ids) {
        const subject = await findSubject(tx, id);
        if (subject) await forgetLearner(tx, subject, { reason: 'retention', by: null });
      }
      const total = (worked.get(due.olympiadId) ?? 0) + ids.length;
      worked.set(due.olympiadId, total);
      if (ids.length < BATCH) {
        await tx.execute(
          sql`update retention_confirmations set acted_at = now(), anonymised = ${total}
              where olympiad_id = ${due.olympiadId}`,
        );
        await audit(
          tx,
          due.confirmedBy == null ? null : { userId: due.confirmedBy, impersonatorId: null },
          'retention.anonymise',
          {
            entityId: due.olympiadId,
            olympiadId: due.olympiadId,
            data: { anonymised: total, confirmedAt: iso(due.confirmedAt), by: 'retention job' },
          },
        );
        return { olympiadId: due.olympiadId, anonymised: total, finished: true };
      }
      return { olympiadId: due.olympiadId, anonymised: total, finished: false };
    });
    if (!step) return done;
    if (step.finished) done.push({ olympiadId: step.olympiadId, anonymised: step.anonymised });
    await nextTurn();
  }
}

const DAY_MS = 24 * 3_600_000;

/**
 * Runs the job daily in this process (unref'd: it never holds the process open), the first run a few minutes after
 * start so a restart does not wait a day; answers a stop function. Several processes may all run it: the claim
 * above keeps their work apart.
 */
export function startRetentionSchedule(deps: { db: Db; log: FastifyBaseLogger }): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    runRetention(deps.db)
      .then((runs) => {
        for (const r of runs) deps.log.info(r, 'retention job anonymised the learners of an olympiad');
      })
      .catch((err: unknown) => deps.log.warn({ err }, 'retention job failed; it runs again tomorrow'))
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(tick, 5 * 60_000);
  const daily = setInterval(tick, DAY_MS);
  first.unref();
  daily.unref();
  return () => {
    clearTimeout(first);
    clearInterval(daily);
  };
}
