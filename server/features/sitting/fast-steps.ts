import { createHmac } from 'node:crypto';
import { inGradeRange } from '#contract/grades';
import type { Paper, SittingState, WaitingRoomPlace } from '#contract/sitting';
import type { Db } from '../../db/client.js';
import { iso } from '../../platform/dates.js';
import { hashPin } from '../../platform/passwords.js';
import { tokenHash } from '../../platform/secrets.js';
import { stateOf } from './attempt-queries.js';
import * as queries from './session-step-queries.js';
import { catalogueByName } from './catalogue.js';
import { finishLocked } from './finishing.js';
import { handInLate } from './offline.js';
import type { ServerLocale } from '../../platform/i18n.js';
import { type Room, newPin, presentPaper, stateFrom } from './steps.js';
import { estimateSeconds, isAdmitted, placeForSession, positionOf } from './waiting-room.js';

/**
 * The arrival's fast paths (decision 049): each step of a learner's arrival in one statement that authenticates
 * and does the work together (session-step-queries.ts, `…ForSession`), the way the answer save does (decision 019).
 * The olympiad comes from the process's copy of its paper (catalogue.ts: forgotten at once when the database
 * announces a change, decision 040); the rules that decide a write (the window, the waiting room, the step) are
 * read fresh inside the statement. Each answers its result, or undefined having changed nothing: the route then
 * runs the ordinary way (steps.ts), which answers the precise refusal.
 */

export interface FastInput {
  secret: string;
  token: string;
  olympiadName: string;
}

/** The olympiad named and the session's token as the database keeps it. */
async function target(db: Db, input: FastInput) {
  const paperOf = await catalogueByName(db, input.olympiadName);
  return paperOf && { paperOf, olympiadId: paperOf.olympiad.id, tokenHash: tokenHash(input.secret, input.token) };
}

export async function stateFast(
  db: Db,
  input: FastInput,
  room: Room,
  locale: ServerLocale = 'en',
): Promise<SittingState | undefined> {
  const t = await target(db, input);
  if (!t) return undefined;
  const found = await stateOf(db, { tokenHash: t.tokenHash, olympiadId: t.olympiadId });
  if (!found) return undefined;
  return stateFrom(db, room, { olympiad: t.paperOf.olympiad, paperOf: t.paperOf, found, sits: true, locale });
}

export async function waitingPlaceFast(db: Db, input: FastInput, room: Room): Promise<WaitingRoomPlace | undefined> {
  const t = await target(db, input);
  if (!t) return undefined;
  const found = await placeForSession(db, t.tokenHash, t.olympiadId, room.defaultRate);
  if (!found) return undefined;
  // No place: the learner never needed one (they started before, or arrived before the room existed).
  const a = found.place ?? { ticket: 0, admitted: 0, rate: room.defaultRate };
  return { success: true, admitted: isAdmitted(a), position: positionOf(a), estimateSeconds: estimateSeconds(a) };
}

export async function acceptDeclarationFast(db: Db, input: FastInput): Promise<boolean> {
  const t = await target(db, input);
  return t != null && (await queries.acceptDeclarationForSession(db, t.tokenHash, t.olympiadId));
}

/**
 * The salt of the PINs issued through this session: one per session, unknown without APP_SECRET. The PIN the
 * learner sends back hashed with it is the stored hash exactly when it is the newest PIN this session was shown,
 * so the confirmation is one statement; a PIN shown through another session (another sign-in) goes the ordinary
 * way, which verifies it against the stored hash.
 */
const sessionPinSalt = (secret: string, sessionTokenHash: string) =>
  createHmac('sha256', secret).update(`recovery-pin:${sessionTokenHash}`).digest().subarray(0, 16);

export async function issueRecoveryPinFast(
  db: Db,
  input: FastInput,
): Promise<{ pin: string; replaced: boolean } | undefined> {
  const t = await target(db, input);
  if (!t) return undefined;
  const pin = newPin();
  const pinHash = await hashPin(pin, sessionPinSalt(input.secret, t.tokenHash));
  const issued = await queries.issuePinForSession(db, t.tokenHash, t.olympiadId, pinHash);
  return issued ? { pin, replaced: issued.replaced } : undefined;
}

export async function confirmRecoveryPinFast(db: Db, input: FastInput, pin: string): Promise<boolean> {
  const t = await target(db, input);
  if (!t) return false;
  const pinHash = await hashPin(pin, sessionPinSalt(input.secret, t.tokenHash));
  return queries.confirmPinForSession(db, t.tokenHash, t.olympiadId, pinHash);
}

export async function confirmDetailsFast(
  db: Db,
  input: FastInput,
  details: { firstName: string; lastName: string; grade: number },
): Promise<boolean> {
  const t = await target(db, input);
  // A grade outside the olympiad's range (decision 045) goes the ordinary way, which names the range.
  if (!t || !inGradeRange(details.grade, t.paperOf.olympiad)) return false;
  return queries.confirmDetailsForSession(db, t.tokenHash, t.olympiadId, details);
}

/** The first paper call: the timer started in the same statement (its answers: none yet). */
export async function paperFast(db: Db, input: FastInput): Promise<Paper | undefined> {
  const t = await target(db, input);
  if (!t) return undefined;
  const started = await queries.startAttemptForSession(db, t.tokenHash, t.olympiadId);
  return started ? presentPaper(db, t.paperOf.olympiad, started, true) : undefined;
}

/**
 * The finish in one transaction of three statements: lock the session's started attempt, read its answers and the
 * keys, close and mark it (decision 061). A finished attempt answers its finish time, unchanged. A finish given
 * before the deadline that arrives after it (`late.givenAt`, on a device that was offline) is handed in at that
 * moment, within the grace (decision 087): one statement more, only then.
 */
export async function finishFast(
  db: Db,
  input: FastInput,
  late: { givenAt: string | undefined; graceMinutes: number },
): Promise<{ success: true; finishedAt: string } | undefined> {
  const t = await target(db, input);
  if (!t) return undefined;
  return db.transaction(async (tx) => {
    const attempt = await queries.lockStartedAttemptForSession(tx, t.tokenHash, t.olympiadId);
    if (!attempt) return undefined;
    let finishedAt = attempt.finishedAt;
    if (!finishedAt) {
      const [done] = await finishLocked(tx, [attempt], attempt.overdue ? 'time_up' : 'submitted');
      finishedAt = done!.finishedAt!;
    }
    if (attempt.finishedAt || attempt.overdue) {
      finishedAt = (await handInLate(tx, { attemptId: attempt.id, ...late })) ?? finishedAt;
    }
    return { success: true as const, finishedAt: iso(finishedAt) };
  });
}
