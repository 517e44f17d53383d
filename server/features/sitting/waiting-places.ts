import { type SQL, sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { type Queryable, pgArray, preparedRows } from '../../db/client.js';
import { users, waitingPlaces, waitingRooms } from '../../db/schema/index.js';
import { type Admission, START_SHARE, asAdmission, available, inForce, placeOf } from './waiting-room.js';

/*
 * Taking places in the waiting room (waiting-room.ts, decision 041): learners arriving together take the room's next
 * tickets in one statement, through each process's desk (decision 057).
 */

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

/** An arriving learner by their place in the arrivals (1-based), whether they have started, and their place. */
const PlacedRow = z.object({
  ord: z.number(),
  userId: createSelectSchema(users).shape.id,
  started: z.boolean(),
  ticket: createSelectSchema(waitingPlaces).shape.ticket.nullable(),
  admitted: createSelectSchema(waitingRooms).shape.admitted.nullable(),
  rate: z.number().nullable(),
});

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
  const found = await preparedRows(q, name, PlacedRow, statement);
  const answers: Array<Placed | undefined> = arrivals.map(() => undefined);
  for (const row of found) {
    const place =
      row.started || row.ticket == null
        ? null
        : asAdmission({ ticket: row.ticket, admitted: row.admitted ?? 0, rate: row.rate ?? defaultRate });
    // Not started and no ticket: another window of the same learner took their place in the same moment; read it.
    const taken = row.started || place ? place : await placeOf(q, olympiadId, row.userId, defaultRate);
    answers[row.ord - 1] = { userId: row.userId, place: taken };
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
