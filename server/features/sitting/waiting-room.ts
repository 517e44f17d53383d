import { sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { NoRow, type Queryable, preparedRows, rows } from '../../db/client.js';
import { waitingPlaces, waitingRooms } from '../../db/schema/index.js';
import type { ArrivalGauge, Verdict } from './admission-gauge.js';
import { sessionLearner } from './learner-session.js';

/**
 * Exam day's waiting room (decision 041). A learner takes a ticket at their first look at the sitting (after
 * the password check, before the paper); tickets are numbered in arrival order per olympiad, and every ticket
 * up to the room's `admitted` may go on. Admission is a token bucket kept in the room's row: tokens refill at
 * the admissions-per-second setting (the olympiad's own, else the server's) up to a quarter second's worth, and
 * whoever touches the row (an arrival, or any process's admitting tick) refills and spends them in the same
 * statement. So there is no leader, no process-local state, and nothing lost on a restart. With no pressure an
 * arrival finds nobody waiting and a token in the bucket, and is admitted in the same statement: the room is
 * invisible.
 *
 * The rate in force adapts (decision 051): while a process finds its arrival steps slow, its tick lowers the
 * room's `adaptive_rate` by a fifth (`SLOW_FACTOR`); while they are fine, it raises it again by a hundredth of the
 * setting (`FINE_STEP`, at least one a second), or by a tenth of itself while every measured sign is far within its
 * target (`ROOMY_FACTOR`, decision 104), up to the setting (then null). So a storm beyond what the servers manage queues
 * learners instead of slowing all. A room that has been quiet for a minute starts again at an eighth of the setting
 * (`START_SHARE`, decision 055) and climbs while the servers keep up: the first seconds of a storm never admit far
 * more than the servers have shown they manage.
 */

/** The admin's setting in force: the olympiad's own, else the server's default. */
const setting = (defaultRate: number) => `coalesce(r.admissions_per_second, ${Math.trunc(defaultRate)})`;

/** The rate in force now: the setting, or lower while the servers run slow (`least` passes over a null). */
export const inForce = (defaultRate: number) => `least(r.adaptive_rate, ${setting(defaultRate)})::real`;

/**
 * Tokens available now: the stored ones plus the refill since, capped at a quarter second's worth (at least one;
 * none while admission is paused).
 * A room that has been quiet so lets in a quarter second's learners at once, not a whole second's: in a storm that
 * first burst reaches the password check together, before any process can judge how it fares (decision 053).
 */
export const available = (defaultRate: number) =>
  sql.raw(`least(
      case when ${inForce(defaultRate)} > 0 then greatest(1, ${inForce(defaultRate)} / 4) else 0 end,
      r.tokens + ${inForce(defaultRate)} * greatest(0, extract(epoch from (now() - r.refilled_at))))`);

export interface Admission {
  ticket: number;
  /** Every ticket up to this one is admitted. */
  admitted: number;
  /** Admissions a second now in force for this olympiad. */
  rate: number;
}

/** Is this ticket admitted? */
export const isAdmitted = (a: Admission) => a.ticket <= a.admitted;

/** How many are to be admitted before this learner, themselves included (0 once admitted). */
export const positionOf = (a: Admission) => Math.max(0, a.ticket - a.admitted);

/** An honest estimate: the queue moves at the admission rate; none while nobody is being admitted. */
export const estimateSeconds = (a: Admission) => {
  const position = positionOf(a);
  if (position === 0) return 0;
  return a.rate > 0 ? Math.ceil(position / a.rate) : null;
};

export const asAdmission = (r: { ticket: number; admitted: number; rate: number }): Admission => ({
  ticket: r.ticket,
  admitted: r.admitted,
  rate: r.rate,
});

const room = createSelectSchema(waitingRooms).shape;
const ticket = createSelectSchema(waitingPlaces).shape.ticket;

/** A learner's ticket, how far their room has admitted, and the rate in force. */
const PlaceRow = z.object({ ticket, admitted: room.admitted, rate: z.number() });

/**
 * A learner's place, or null when they have none yet: one read by two primary keys (what the waiting page
 * polls).
 */
export async function placeOf(
  q: Queryable,
  olympiadId: number,
  userId: number,
  defaultRate: number,
): Promise<Admission | null> {
  const [row] = await preparedRows(
    q,
    `sitting.waiting-place-${Math.trunc(defaultRate)}`,
    PlaceRow,
    sql`
    select p.ticket, r.admitted, ${sql.raw(inForce(defaultRate))} as rate
    from waiting_places p join waiting_rooms r on r.olympiad_id = p.olympiad_id
    where p.olympiad_id = ${olympiadId} and p.user_id = ${userId}`,
  );
  return row ? asAdmission(row) : null;
}

/** A room's admission at a moment: how many have joined and been admitted, and the rate in force. */
export interface RoomNow {
  joined: number;
  admitted: number;
  rate: number;
}

const RoomNowRow = z.object({ joined: room.joined, admitted: room.admitted, rate: z.number() });

/** A room's admission now, one read by its primary key; null before the olympiad's first arrival. */
async function roomNow(q: Queryable, olympiadId: number, defaultRate: number): Promise<RoomNow | null> {
  const [row] = await preparedRows(
    q,
    `sitting.waiting-room-now-${Math.trunc(defaultRate)}`,
    RoomNowRow,
    sql`select r.joined, r.admitted, ${sql.raw(inForce(defaultRate))} as rate
        from waiting_rooms r where r.olympiad_id = ${olympiadId}`,
  );
  return row ? { joined: row.joined, admitted: row.admitted, rate: row.rate } : null;
}

/**
 * Each process's copy of its rooms' admission, read at most once per `maxAgeMs` per olympiad however many ask
 * meanwhile (the asks share the one read). The queue at sign-in's poll needs nothing else: the learner's ticket
 * comes in their signed pass and a place never changes its ticket, so in a storm thousands of polls cost no
 * statement each (decision 055). A copy is at most `maxAgeMs` behind the room; the admitting tick moves it every
 * half second, and the pages poll every few seconds.
 */
export function roomCopies(db: Queryable, defaultRate: number, maxAgeMs: number) {
  const copies = new Map<number, { at: number; room: Promise<RoomNow | null> }>();
  return (olympiadId: number): Promise<RoomNow | null> => {
    const now = performance.now();
    const copy = copies.get(olympiadId);
    if (copy && now - copy.at < maxAgeMs) return copy.room;
    const room = roomNow(db, olympiadId, defaultRate);
    copies.set(olympiadId, { at: now, room });
    // A failed read is not kept: the next ask reads again.
    room.catch(() => copies.delete(olympiadId));
    return room;
  };
}

/**
 * The place of a ticket in a room as it is now. A ticket past the room's last (the room was cleared since)
 * counts as admitted: signing in again takes a new place if one is still needed.
 */
export function placeInRoom(ticket: number, room: RoomNow | null, defaultRate: number): Admission {
  if (!room || ticket > room.joined) return { ticket: 0, admitted: 0, rate: defaultRate };
  return { ticket, admitted: room.admitted, rate: room.rate };
}

/**
 * `placeOf` for the bearer session's learner (learner-session.ts), the waiting page's poll in one statement with
 * its session check: null when the session is not a learner's of this olympiad; else their place, if any.
 */
export async function placeForSession(
  q: Queryable,
  tokenHash: string,
  olympiadId: number,
  defaultRate: number,
): Promise<{ place: Admission | null } | null> {
  const [row] = await preparedRows(
    q,
    `sitting.waiting-place-for-session-${Math.trunc(defaultRate)}`,
    PlaceRow.extend({ ticket: ticket.nullable(), admitted: room.admitted.nullable() }),
    sql`
    with me as (${sessionLearner(tokenHash, olympiadId)})
    select p.ticket, r.admitted, coalesce(${sql.raw(inForce(defaultRate))}, ${defaultRate}::real) as rate
    from me left join waiting_places p on p.olympiad_id = me.olympiad_id and p.user_id = me.user_id
         left join waiting_rooms r on r.olympiad_id = me.olympiad_id`,
  );
  if (!row) return null;
  return {
    place: row.ticket == null ? null : asAdmission({ ...row, ticket: row.ticket, admitted: row.admitted ?? 0 }),
  };
}

/**
 * Admits the next learners of every room with a queue, as many as its tokens allow. Any process may run it at
 * any moment: the refill is computed from the time since the row last refilled, under the row's lock, so
 * several processes ticking together admit no more than one would.
 */
export async function admitWaiting(q: Queryable, defaultRate: number): Promise<number> {
  const avail = available(defaultRate);
  const next = sql`least(r.joined, r.admitted + floor(${avail})::bigint)`;
  const done = await preparedRows(
    q,
    `sitting.waiting-admit-${Math.trunc(defaultRate)}`,
    RoomNowRow.pick({ admitted: true }),
    sql`
    update waiting_rooms r
    set admitted = ${next}, tokens = ${avail} - (${next} - r.admitted), refilled_at = now()
    where r.joined > r.admitted
    returning r.admitted`,
  );
  return done.length;
}

/**
 * The rate follows the servers' verdict on the last tick (decision 051), in every room with arrivals in the
 * last minute: slow lowers it by a fifth (to at least one a second: the queue always moves); fine raises it by a
 * hundredth of the setting, at least one (decision 055); roomy (every measured sign far within its target) raises
 * it by a tenth of itself, or as fine does where that is more (decision 104): a multiplicative increase while the
 * servers show room to spare, as TCP's slow start grows until its first loss, and the additive one near their
 * limit. Either way up to the setting, where it becomes null again. A room with no arrival for a minute is set to
 * start again at an eighth of the setting (on a fine or roomy tick; decision 055), so that a storm's first
 * seconds admit what the servers have shown they manage, not the whole setting. One statement; any process may
 * run it, each with its own verdict, so the slowest process's word weighs as much as its work does.
 */
/** A slow tick keeps this share of the rate in force (decision 051; 0.7 in decision 053, 0.8 since 055). */
export const SLOW_FACTOR = 0.8;
/** A fine tick raises the rate in force by this share of the setting, at least one a second (decision 055). */
export const FINE_STEP = 0.01;
/** A roomy tick multiplies the rate in force by this, at least by a fine tick's step (decision 104). */
export const ROOMY_FACTOR = 1.1;
/** A room quiet for a minute starts again at this share of the setting (decision 055). */
export const START_SHARE = 0.125;

export async function adaptRates(q: Queryable, verdict: Verdict, defaultRate: number): Promise<void> {
  const set = sql.raw(`${setting(defaultRate)}::real`);
  const current = sql.raw(inForce(defaultRate));
  const start = sql.raw(`greatest(1, ${setting(defaultRate)} * ${START_SHARE})::real`);
  const busy = sql`r.refilled_at > now() - interval '1 minute'`;
  const slow = verdict === 'slow';
  const step = sql.raw(`greatest(1, ${setting(defaultRate)} * ${FINE_STEP})`);
  const raised =
    verdict === 'roomy'
      ? sql`greatest(r.adaptive_rate * ${sql.raw(String(ROOMY_FACTOR))}, r.adaptive_rate + ${step})`
      : sql`r.adaptive_rate + ${step}`;
  await preparedRows(
    q,
    `sitting.waiting-adapt-${verdict}-${Math.trunc(defaultRate)}`,
    NoRow,
    slow
      ? sql`
    update waiting_rooms r set adaptive_rate = greatest(1, ${current} * ${SLOW_FACTOR})
    where ${busy} and ${set} > 0`
      : sql`
    update waiting_rooms r
    set adaptive_rate = case
      when ${busy} then nullif(least(${set}, ${raised}), ${set})
      else ${start} end
    where (${busy} and r.adaptive_rate is not null)
       or (not ${busy} and ${set} > ${start} and r.adaptive_rate is distinct from ${start})`,
  );
}

/** The admin's view of the room: who is waiting, how many were admitted, the setting and the rate in force. */
export async function roomOf(q: Queryable, olympiadId: number, defaultRate: number) {
  const [row] = await rows(
    q,
    RoomNowRow.pick({ joined: true, admitted: true }).extend({
      admissionsPerSecond: room.admissionsPerSecond,
      inForce: z.number(),
    }),
    sql`select joined, admitted, admissions_per_second, ${sql.raw(inForce(defaultRate))} as in_force
        from waiting_rooms r where olympiad_id = ${olympiadId}`,
  );
  return {
    waiting: row ? row.joined - row.admitted : 0,
    admitted: row ? row.admitted : 0,
    admissionsPerSecond: row?.admissionsPerSecond ?? null,
    admittingPerSecond: row ? Math.floor(row.inForce) : defaultRate,
  };
}

/** Sets (or, with null, clears) an olympiad's own admissions a second. */
export async function setAdmissionRate(q: Queryable, olympiadId: number, rate: number | null): Promise<void> {
  await q.execute(sql`
    insert into waiting_rooms (olympiad_id, admissions_per_second) values (${olympiadId}, ${rate})
    on conflict (olympiad_id) do update set admissions_per_second = excluded.admissions_per_second`);
}

/**
 * Every process admits on a short tick, after giving its verdict on how its arrival steps fared since the
 * last one (decision 051; no gauge: the rate stays the setting); 0 turns it off (tests admit by calling
 * admitWaiting).
 */
export function startAdmitting(
  deps: { db: Queryable; log: { error(obj: unknown, msg: string): void } },
  defaultRate: number,
  tickMs: number,
  gauge?: ArrivalGauge,
): () => void {
  if (!tickMs) return () => undefined;
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    (async () => {
      if (gauge) await adaptRates(deps.db, gauge.take(), defaultRate);
      await admitWaiting(deps.db, defaultRate);
    })()
      .catch((err: unknown) => deps.log.error({ err }, 'waiting room: admitting failed'))
      .finally(() => {
        busy = false;
      });
  }, tickMs);
  timer.unref();
  return () => clearInterval(timer);
}
