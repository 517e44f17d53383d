import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WaitingRoomPlace } from '#contract/sitting';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { GateAnswer } from '../../platform/arrival-gate.js';
import { catalogueByName } from './catalogue.js';
import { type Room, writingWindow } from './steps.js';
import { estimateSeconds, isAdmitted, placeInRoom, positionOf } from './waiting-room.js';

/**
 * The queue at sign-in (decision 053). A learner queued before their password is checked has no session; their page
 * polls their place with a pass: the olympiad, the learner and their ticket, signed with APP_SECRET, so that
 * nobody can read another learner's place or make one up. The pass grants nothing else: once admitted, the learner
 * signs in again with their password.
 */
const signature = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`signin-queue:${payload}`).digest('base64url').slice(0, 22);

export function queuePass(secret: string, olympiadId: number, userId: number, ticket: number): string {
  const payload = `${olympiadId}.${userId}.${ticket}`;
  return `${payload}.${signature(secret, payload)}`;
}

/** The olympiad, learner and ticket a pass names, or null when it is not one this server signed. */
export function readPass(secret: string, pass: string): { olympiadId: number; userId: number; ticket: number } | null {
  const match = /^(\d{1,9})\.(\d{1,12})\.(\d{1,15})\.([\w-]{22})$/.exec(pass);
  if (!match) return null;
  const [, olympiadId, userId, ticket, sent] = match;
  const expected = Buffer.from(signature(secret, `${olympiadId}.${userId}.${ticket}`));
  const given = Buffer.from(sent!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { olympiadId: Number(olympiadId), userId: Number(userId), ticket: Number(ticket) };
}

/**
 * The rule the sign-in asks before the password check (platform/arrival-gate.ts): a learner goes on when their
 * olympiad is not open for writing now, when they have started (signing in again mid-paper is never queued), or
 * when their place is admitted; else they are told their place and given a pass. The learner is found by their
 * username in the same statement that gives their place, the one they hold or the next (the process's desk,
 * waiting-places.ts `placeDesk`, decision 057): in a storm a queued sign-in costs a share of one statement. With no
 * pressure the place is admitted at once, and the sitting's first look finds it.
 */
export async function gateAtSignin(
  db: Db,
  room: Room,
  secret: string,
  learner: { olympiadName: string; username: string },
): Promise<GateAnswer> {
  const paperOf = await catalogueByName(db, learner.olympiadName);
  if (!paperOf || !writingWindow(paperOf.olympiad).open) return { admitted: true };
  const olympiadId = paperOf.olympiad.id;
  const placed = await room.desk.take(olympiadId, { username: learner.username });
  if (!placed?.place || isAdmitted(placed.place)) return { admitted: true };
  const { place } = placed;
  return {
    admitted: false,
    position: positionOf(place),
    estimateSeconds: estimateSeconds(place),
    pass: queuePass(secret, olympiadId, placed.userId, place.ticket),
  };
}

/**
 * GET …/queue?pass: the place of a learner queued at sign-in. The ticket is the pass's own (a place keeps its
 * ticket), compared with the process's copy of the room (waiting-room.ts `roomCopies`), so a poll sends no
 * statement of its own.
 */
export async function queuePlace(
  db: Db,
  room: Room,
  secret: string,
  olympiadName: string,
  pass: string,
): Promise<WaitingRoomPlace> {
  const named = readPass(secret, pass);
  if (!named) {
    throw badRequest('This place in the queue is not one we gave: sign in again to take yours', [
      { path: 'query.pass', message: 'Sign in again to take your place in the queue' },
    ]);
  }
  const paperOf = await catalogueByName(db, olympiadName);
  if (!paperOf || paperOf.olympiad.id !== named.olympiadId) throw notFound('That olympiad’s queue');
  const a = placeInRoom(named.ticket, await room.now(named.olympiadId), room.defaultRate);
  return { success: true, admitted: isAdmitted(a), position: positionOf(a), estimateSeconds: estimateSeconds(a) };
}
