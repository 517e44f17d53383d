import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, pgArray, untypedPreparedRows, untypedRows } from '../../db/client.js';
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
 * setting (`FINE_STEP`, at least one a second), up to the setting (then null). So a storm beyond what the servers manage queues
 * learners instead of slowing all. A room that has been quiet for a minute starts again at an eighth of the setting
 * (`START_SHARE`, decision 055) and climbs while the servers keep up: the first seconds of a storm never admit far
 * more than the servers have shown they manage.
 */

/** The admin's setting in force: the olympiad's own, else the server's default. */
const setting = (defaultRate: number) => `coalesce(r.admissions_per_second, ${Math.trunc(defaultRate)})`;

/** The rate in force now: the setting, or lower while the servers run slow (`least` passes over a null). */
const inForce = (defaultRate: number) => `least(r.adaptive_rate, ${setting(defaultRate)})::real`;

/**
 * Tokens available now: the stored ones plus the refill since, capped at a quarter second's worth (at least one;
 * none while admission is paused).
 * A room that has been quiet so lets in a quarter second's learners at once, not a whole second's: in a storm that
 * first burst reaches the password check together, before any process can judge how it fares (decision 053).
 */
const available = (defaultRate: number) =>
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

const asAdmission = (r: { ticket: string | number; admitted: string | number; rate: string | number }) => ({
  ticket: Number(r.ticket),
  admitted: Number(r.admitted),
  rate: Number(r.rate),
});

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
  const [row] = await untypedPreparedRows<{ ticket: string; admitted: string; rate: number }>(
    q,
    `sitting.waiting-place-${Math.trunc(defaultRate)}`,
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

/** A room's admission now, one read by its primary key; null before the olympiad's first arrival. */
async function roomNow(q: Queryable, olympiadId: number, defaultRate: number): Promise<RoomNow | null> {
  const [row] = await untypedPreparedRows<{ joined: string; admitted: string; rate: number }>(
    q,
    `sitting.waiting-room-now-${Math.trunc(defaultRate)}`,
    sql`select r.joined, r.admitted, ${sql.raw(inForce(defaultRate))} as rate
        from waiting_rooms r where r.olympiad_id = ${olympiadId}`,
  );
  return row ? { joined: Number(row.joined), admitted: Number(row.admitted), rate: Number(row.rate) } : null;
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
  const [row] = await untypedPreparedRows<{ ticket: string | null; admitted: string | null; rate: number }>(
    q,
    `sitting.waiting-place-for-session-${Math.trunc(defaultRate)}`,
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
 * Who arrives at the room: a learner known by id (their first look at the sitting), or by the username they sign in
 * with (the queue at sign-in, decision 053), which is read with their place in the same statement (decision 057).
 */
export type Arrival = { userId: number } | { username: string };

/** An arrival's outcome: the learner, and their admission, or null when they have started and need none. */
export interface Placed {
  userId: number;
  place: Admission | null;
}

/** The statement of `takePlaces`, and its name (it differs with the rate and with a starting rate). */
export function placesStatement(
  olympiadId: number,
  arrivals: readonly Arrival[],
  defaultRate: number,
  startsSlow: boolean,
): { name: string; statement: SQL } {
  const avail = available(defaultRate);
  const start = Math.max(1, defaultRate * START_SHARE);
  const startRate = startsSlow && defaultRate > start ? start : null;
  const rate = startRate ?? defaultRate;
  // A new room's bucket: a quarter second's tokens, at least one (none while admission is paused).
  const startTokens = rate >= 1 ? Math.max(1, rate / 4) : 0;
  const startAdmitted = sql`least(n, floor(${startTokens}::real))`;
  // Those arriving now (`excluded.joined` of them) are admitted at once only while nobody is waiting before them.
  const admitNow = sql`(case when r.admitted = r.joined then least(excluded.joined, floor(${avail}))::bigint else 0 end)`;
  const ids = arrivals.map((a) => ('userId' in a ? a.userId : null));
  const names = arrivals.map((a) => ('username' in a ? a.username.toLowerCase() : null));
  return {
    name: `sitting.waiting-places-${Math.trunc(defaultRate)}-${startRate != null}`,
    statement: sql`
    with asked as (
      select i.user_id, i.username, i.ord
      from unnest(${pgArray(ids)}::int[], ${pgArray(names)}::text[]) with ordinality as i(user_id, username, ord)
    ), who as (
      -- By the learner's key, a scalar read for each: a join might scan every user when the statistics are stale.
      select coalesce(a.user_id, (
               select u.id from users u
               where u.olympiad_id = ${olympiadId} and lower(u.username) = a.username
                 and u.role = 'learner' and u.disabled_at is null and u.password_hash is not null)) as user_id,
             a.ord
      from asked a
    ), seen as (
      select w.user_id, w.ord,
             -- A scalar read by the learner's key, not exists (…): the planner may answer that by hashing every
             -- attempt of the olympiad once a statement, which in a storm is every learner already writing.
             coalesce((select a.started_at is not null or a.finished_at is not null from attempts a
                       where a.olympiad_id = ${olympiadId} and a.user_id = w.user_id), false) as started,
             (select p.ticket from waiting_places p
              where p.olympiad_id = ${olympiadId} and p.user_id = w.user_id) as ticket
      from who w where w.user_id is not null
    ), need as (
      select user_id, row_number() over (order by min(ord)) as k, count(*) over () as n
      from seen where not started and ticket is null group by user_id
    ), room as (
      insert into waiting_rooms as r (olympiad_id, joined, admitted, tokens, refilled_at, adaptive_rate)
      select ${olympiadId}, n, ${startAdmitted}, ${startTokens}::real - ${startAdmitted}, now(), ${startRate}::real
      from need where k = 1
      on conflict (olympiad_id) do update
        set joined = r.joined + excluded.joined,
            admitted = r.admitted + ${admitNow},
            tokens = ${avail} - ${admitNow},
            refilled_at = now()
      returning r.joined, r.admitted, ${sql.raw(inForce(defaultRate))} as rate
    ), placed as (
      insert into waiting_places (olympiad_id, user_id, ticket)
      select ${olympiadId}, need.user_id, room.joined - need.n + need.k from need cross join room
      on conflict (olympiad_id, user_id) do nothing
      returning user_id, ticket
    )
    select seen.ord, seen.user_id, seen.started,
           coalesce(placed.ticket, seen.ticket) as ticket,
           coalesce(room.admitted, held.admitted) as admitted,
           coalesce(room.rate, held.rate) as rate
    from seen
    left join placed on placed.user_id = seen.user_id
    left join room on true
    left join (select r.admitted, ${sql.raw(inForce(defaultRate))} as rate
               from waiting_rooms r where r.olympiad_id = ${olympiadId}) held on true`,
  };
}

/**
 * Takes places in a room for learners arriving together, in the order given, in one statement (decision 057). For
 * each learner it reads whether they have started (they need no place) and the place they hold; the others take
 * the room's next tickets in order, and while nobody is waiting as many of them as there are tokens are admitted at
 * once. The room is created at the olympiad's first arrival, starting as one quiet for a minute does when the rate
 * adapts (decision 055). A learner who already holds a place keeps it: one who took it in the same moment through
 * another window wastes a ticket number, which admission passes over, and is read again.
 *
 * A username names an enabled learner of this olympiad with a password; anyone else (unknown, disabled, no password
 * yet) is answered undefined, for the sign-in to refuse precisely. The answers are in the order of `arrivals`.
 */
export async function takePlaces(
  q: Queryable,
  olympiadId: number,
  arrivals: readonly Arrival[],
  defaultRate: number,
  startsSlow: boolean,
): Promise<Array<Placed | undefined>> {
  const { name, statement } = placesStatement(olympiadId, arrivals, defaultRate, startsSlow);
  const found = await untypedPreparedRows<{
    ord: string | number;
    user_id: number;
    started: boolean;
    ticket: string | null;
    admitted: string | null;
    rate: number | null;
  }>(q, name, statement);
  const answers: Array<Placed | undefined> = arrivals.map(() => undefined);
  for (const row of found) {
    const place =
      row.started || row.ticket == null
        ? null
        : asAdmission({ ticket: row.ticket, admitted: row.admitted ?? 0, rate: row.rate ?? defaultRate });
    // Not started and no ticket: another window of the same learner took their place in the same moment; read it.
    const taken = row.started || place ? place : await placeOf(q, olympiadId, row.user_id, defaultRate);
    answers[Number(row.ord) - 1] = { userId: row.user_id, place: taken };
  }
  return answers;
}

/**
 * Each process's desk for places (decision 057): the learners arriving at an olympiad while its statement is on its
 * way take their places together in the next one, in the order they came. With no pressure a learner's statement
 * goes at once, alone; in a storm each process sends one statement at a time per olympiad, holding the room's row
 * once for many learners instead of once each, and a queued sign-in costs a share of one statement. At most `most`
 * learners a statement.
 */
export interface PlaceDesk {
  /** `takePlaces` for one arrival, together with whoever else arrives meanwhile. */
  take(olympiadId: number, arrival: Arrival): Promise<Placed | undefined>;
}

export function placeDesk(q: Queryable, defaultRate: number, startsSlow: boolean, most = 500): PlaceDesk {
  type Asking = {
    arrival: Arrival;
    answers: Array<{ resolve(p: Placed | undefined): void; reject(e: unknown): void }>;
  };
  /** Per olympiad, those waiting for the next statement, by who they are (one asking twice shares the answer). */
  const lines = new Map<number, Map<string, Asking>>();
  const busy = new Set<number>();
  const send = (olympiadId: number) => {
    const line = lines.get(olympiadId);
    if (!line?.size) {
      busy.delete(olympiadId);
      lines.delete(olympiadId);
      return;
    }
    busy.add(olympiadId);
    const now = [...line.entries()].slice(0, most);
    for (const [who] of now) line.delete(who);
    const asking = now.map(([, a]) => a);
    takePlaces(
      q,
      olympiadId,
      asking.map((a) => a.arrival),
      defaultRate,
      startsSlow,
    )
      .then(
        (placed) => asking.forEach((a, i) => a.answers.forEach((p) => p.resolve(placed[i]))),
        (err: unknown) => asking.forEach((a) => a.answers.forEach((p) => p.reject(err))),
      )
      .finally(() => send(olympiadId));
  };
  return {
    take: (olympiadId, arrival) =>
      new Promise((resolve, reject) => {
        let line = lines.get(olympiadId);
        if (!line) lines.set(olympiadId, (line = new Map()));
        const who = 'userId' in arrival ? `id:${arrival.userId}` : `name:${arrival.username.toLowerCase()}`;
        const asking = line.get(who);
        if (asking) asking.answers.push({ resolve, reject });
        else line.set(who, { arrival, answers: [{ resolve, reject }] });
        if (!busy.has(olympiadId)) send(olympiadId);
      }),
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
  const done = await untypedPreparedRows<{ admitted: string }>(
    q,
    `sitting.waiting-admit-${Math.trunc(defaultRate)}`,
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
 * hundredth of the setting, at least one (decision 055), back to the setting, where it becomes null again. A
 * room with no arrival for a minute is set to start again at an eighth of the setting (on a fine tick; decision
 * 055), so that a storm's first seconds admit what the servers have shown they manage, not the whole setting. One statement; any process
 * may run it, each with its own verdict, so the slowest process's word weighs as much as its work does.
 */
/** A slow tick keeps this share of the rate in force (decision 051; 0.7 in decision 053, 0.8 since 055). */
export const SLOW_FACTOR = 0.8;
/** A fine tick raises the rate in force by this share of the setting, at least one a second (decision 055). */
export const FINE_STEP = 0.01;
/** A room quiet for a minute starts again at this share of the setting (decision 055). */
export const START_SHARE = 0.125;

export async function adaptRates(q: Queryable, verdict: Verdict, defaultRate: number): Promise<void> {
  const set = sql.raw(`${setting(defaultRate)}::real`);
  const current = sql.raw(inForce(defaultRate));
  const start = sql.raw(`greatest(1, ${setting(defaultRate)} * ${START_SHARE})::real`);
  const busy = sql`r.refilled_at > now() - interval '1 minute'`;
  const slow = verdict === 'slow';
  await untypedPreparedRows(
    q,
    `sitting.waiting-adapt-${slow ? 'slow' : 'fine'}-${Math.trunc(defaultRate)}`,
    slow
      ? sql`
    update waiting_rooms r set adaptive_rate = greatest(1, ${current} * ${SLOW_FACTOR})
    where ${busy} and ${set} > 0`
      : sql`
    update waiting_rooms r
    set adaptive_rate = case
      when ${busy} then nullif(least(${set}, r.adaptive_rate + greatest(1, ${set} * ${FINE_STEP})), ${set})
      else ${start} end
    where (${busy} and r.adaptive_rate is not null)
       or (not ${busy} and ${set} > ${start} and r.adaptive_rate is distinct from ${start})`,
  );
}

/** The admin's view of the room: who is waiting, how many were admitted, the setting and the rate in force. */
export async function roomOf(q: Queryable, olympiadId: number, defaultRate: number) {
  const [row] = await untypedRows<{
    joined: string;
    admitted: string;
    admissions_per_second: number | null;
    in_force: number;
  }>(
    q,
    sql`select joined, admitted, admissions_per_second, ${sql.raw(inForce(defaultRate))} as in_force
        from waiting_rooms r where olympiad_id = ${olympiadId}`,
  );
  return {
    waiting: row ? Number(row.joined) - Number(row.admitted) : 0,
    admitted: row ? Number(row.admitted) : 0,
    admissionsPerSecond: row?.admissions_per_second ?? null,
    admittingPerSecond: row ? Math.floor(Number(row.in_force)) : defaultRate,
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
