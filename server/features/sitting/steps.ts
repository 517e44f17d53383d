import { randomInt } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { PaperLanguage } from '#contract/questions';
import type { Paper, SittingState, WaitingRoomPlace } from '#contract/sitting';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { checkGrade, conflict, forbidden, olympiadNotFound } from '../../http/errors.js';
import { iso, isoOrNull } from '../../platform/dates.js';
import type { Olympiad } from '../../platform/olympiad-lookup.js';
import { hashPin, verifyPassword } from '../../platform/passwords.js';
import { schoolMayWrite, unpaidMessage } from '../../platform/payment-gate.js';
import * as queries from './attempt-queries.js';
import { type Catalogue, catalogue, learnerModules } from './catalogue.js';
import { detailsLocked, languageNotOffered } from './errors.js';
import { finishAttempts, settle } from './finishing.js';
import { handInLate } from './offline.js';
import { learnerOlympiad } from './load.js';
import { sittingPolicy } from './policy.js';
import { presentSavedAnswer, presentState } from './present.js';
import { answersOf } from './answer-queries.js';
import { resolveGeneralCopy } from '../../platform/general-copy.js';
import type { PlaceDesk } from './waiting-places.js';
import { type Admission, type RoomNow, estimateSeconds, isAdmitted, placeOf, positionOf } from './waiting-room.js';
import { reconnectSpreadSeconds, writersNow } from './writers-now.js';
import { formatInZone, siteTimeZone } from '#contract/site-time';
import { type ServerLocale, serverDateLocale, translator } from '../../platform/i18n.js';

/** The learner's steps, in order (docs/spec.md §7); each loads the learner's own olympiad first. */

/** A time in the learner's zone, worded as the request's language writes dates (af-ZA for Afrikaans). */
const when = (d: Date | string, zone: string, locale: ServerLocale) =>
  formatInZone(new Date(d).toISOString(), zone, serverDateLocale[locale]);

/**
 * Is the olympiad open for entry now, and if not, the sentence that says why, with times in `zone` (the
 * learner's: a country's team reads its country's, decision 039).
 */
export function writingWindow(
  o: Pick<Olympiad, 'open' | 'startsAt' | 'endsAt' | 'durationMinutes'>,
  now = new Date(),
  zone: string = siteTimeZone,
  locale: ServerLocale = 'en',
): { open: boolean; message: string | null } {
  const say = translator(locale);
  if (!o.open) return { open: false, message: say('api-learner.window.notOpen') };
  if (o.startsAt && new Date(o.startsAt) > now)
    return { open: false, message: say('api-learner.window.opensOn', { when: when(o.startsAt, zone, locale) }) };
  if (o.endsAt && new Date(o.endsAt) <= now)
    return { open: false, message: say('api-learner.window.closedOn', { when: when(o.endsAt, zone, locale) }) };
  if (!o.durationMinutes) return { open: false, message: say('api-learner.window.noTime') };
  return { open: true, message: null };
}

/** The window for this learner: closed, too, while their school has not paid when the olympiad requires it. */
async function windowFor(
  db: Db,
  o: Olympiad,
  schoolId: number | null,
  zone?: string,
  locale: ServerLocale = 'en',
): Promise<{ open: boolean; message: string | null }> {
  const w = writingWindow(o, new Date(), zone, locale);
  if (!w.open || !o.paymentRequired) return w;
  return (await schoolMayWrite(db, o, schoolId)) ? w : { open: false, message: unpaidMessage(o.kind) };
}

async function requireWindow(db: Db, o: Olympiad, actor: Actor): Promise<void> {
  const w = await windowFor(db, o, actor.schoolId);
  if (!w.open) throw forbidden(w.message!);
}

/** The waiting room's setting a step needs: the server's admissions a second (an olympiad may set its own). */
export interface Room {
  defaultRate: number;
  /** The process's copy of a room's admission (waiting-room.ts `roomCopies`): what the sign-in queue's poll reads. */
  now: (olympiadId: number) => Promise<RoomNow | null>;
  /** The rate adapts (decision 051), so a new room starts at a share of the setting (decision 055). */
  startsSlow: boolean;
  /** Where the process's learners take their places, together when they come together (decision 057). */
  desk: PlaceDesk;
}

const waitingOf = (a: Admission): SittingState['waiting'] =>
  isAdmitted(a) ? null : { position: positionOf(a), estimateSeconds: estimateSeconds(a) };

const notAdmitted = (a: Admission) => {
  const wait = estimateSeconds(a);
  return conflict(
    `You are in the waiting room: number ${positionOf(a)} in the queue` +
      (wait == null ? '.' : `, about ${Math.max(1, Math.round(wait / 60))} min.`) +
      ' Your time has not started; this page lets you in when it is your turn.',
  );
};

/**
 * The learner's admission: the place they hold, else a new one (admitted at once with no pressure). Only a
 * learner who has not started yet needs one; `place` is what the step's own query read.
 */
async function admissionOf(
  room: Room,
  olympiadId: number,
  userId: number,
  place: { ticket: number; admitted: number; rate: number | null } | null,
): Promise<Admission> {
  if (place) return { ticket: place.ticket, admitted: place.admitted, rate: place.rate ?? room.defaultRate };
  // Having started in the same moment (another window), the learner needs no place.
  return (await room.desk.take(olympiadId, { userId }))?.place ?? { ticket: 0, admitted: 0, rate: room.defaultRate };
}

export async function state(
  db: Db,
  actor: Actor,
  olympiadName: string,
  room: Room,
  locale: ServerLocale = 'en',
): Promise<SittingState> {
  const olympiad = await learnerOlympiad(db, actor, olympiadName, false);
  const [paperOf, found] = await Promise.all([
    catalogue(db, olympiad.id),
    queries.stateOf(db, { actor: { userId: actor.userId, olympiadId: olympiad.id } }),
  ]);
  const sits = sittingPolicy.can(actor, 'sit', olympiad);
  return stateFrom(db, room, { olympiad, paperOf, found: found!, sits, locale });
}

/**
 * The state from what was read: the olympiad, its paper, and the learner's row (`stateOf`). `sits`: the caller
 * is the learner themselves (not someone acting as them, who only looks and never takes a place).
 */
export async function stateFrom(
  db: Db,
  room: Room,
  input: {
    olympiad: Olympiad;
    paperOf: Catalogue | null;
    found: queries.StateRead;
    sits: boolean;
    /** The request's language: the window's message is worded in it (decision 091). */
    locale?: ServerLocale;
  },
): Promise<SittingState> {
  const { olympiad, paperOf, found } = input;
  const { learner, place, copy } = found;
  const attempt = await settle(db, found.attempt);
  const window = await windowFor(db, olympiad, learner.schoolId, learner.timeZone, input.locale);
  // A learner who has not started takes their place in the waiting room at their first look while the olympiad
  // is open to them (decision 041). A look before the window opens takes none: a place taken then would be
  // admitted at once, in a quiet room, and let its holder pass the queue when the window opens.
  const needsPlace = !attempt?.startedAt && !attempt?.finishedAt && (place != null || window.open);
  const admission =
    needsPlace && (place || input.sits) ? await admissionOf(room, olympiad.id, learner.id, place) : null;
  const questions = paperOf?.questions ?? [];
  return presentState({
    olympiad,
    counts: { modules: new Set(questions.map((q) => q.moduleId)).size, questions: questions.length },
    learner,
    attempt,
    window,
    copy: resolveGeneralCopy(copy, olympiad.kind),
    waiting: admission ? waitingOf(admission) : null,
  });
}

/** GET …/waiting-room: the waiting page's poll, one read by primary keys. */
export async function waitingPlace(db: Db, actor: Actor, olympiadName: string, room: Room): Promise<WaitingRoomPlace> {
  const olympiad = await learnerOlympiad(db, actor, olympiadName, false);
  const place = await placeOf(db, olympiad.id, actor.userId, room.defaultRate);
  // No place: the learner never needed one (they started before, or arrived before the room existed).
  const a = place ?? { ticket: 0, admitted: 0, rate: room.defaultRate };
  return { success: true, admitted: isAdmitted(a), position: positionOf(a), estimateSeconds: estimateSeconds(a) };
}

/**
 * A learner writes once: nothing before the step they are at may be redone after they started. Before the
 * start, only a learner admitted from the waiting room may take a step.
 */
async function attemptForStep(db: Db, actor: Actor, olympiad: Olympiad, room: Room): Promise<queries.AttemptRow> {
  const found = await queries.ensureAttempt(db, olympiad.id, actor.userId);
  const attempt = await settle(db, found);
  if (attempt!.finishedAt) throw conflict('You have already written this olympiad; a learner writes once.');
  if (!attempt!.startedAt) {
    const place =
      found.ticket == null
        ? null
        : { ticket: Number(found.ticket), admitted: Number(found.roomAdmitted ?? 0), rate: found.roomRate };
    const admission = await admissionOf(room, olympiad.id, actor.userId, place);
    if (!isAdmitted(admission)) throw notAdmitted(admission);
  }
  return attempt!;
}

export async function acceptDeclaration(db: Db, actor: Actor, olympiadName: string, room: Room): Promise<void> {
  const olympiad = await learnerOlympiad(db, actor, olympiadName);
  const attempt = await attemptForStep(db, actor, olympiad, room);
  if (!attempt.startedAt) await requireWindow(db, olympiad, actor);
  await queries.acceptDeclaration(db, attempt.id);
}

/**
 * The language the learner writes in (decision 091), one the olympiad offers. A choice, not a step: allowed at
 * any point of the sitting, in the waiting room and after finishing too (the finished page and the feedback read
 * it), and the attempt is created when the learner has none yet, as the declaration does.
 */
export async function chooseLanguage(
  db: Db,
  actor: Actor,
  olympiadName: string,
  language: PaperLanguage,
): Promise<PaperLanguage> {
  const olympiad = await learnerOlympiad(db, actor, olympiadName);
  if (!olympiad.languages.includes(language)) throw languageNotOffered(language);
  const attempt = await queries.ensureAttempt(db, olympiad.id, actor.userId);
  await queries.setLanguage(db, attempt.id, language);
  return language;
}

/**
 * Six digits; only an argon2 hash is kept. Until the learner confirms writing it down, asking again replaces it
 * with a fresh one (a reload, a phone that slept): the PIN is never stored where it could be shown again, to the
 * learner or anyone else. Once confirmed, no PIN is issued again.
 */
export async function issueRecoveryPin(
  db: Db,
  actor: Actor,
  olympiadName: string,
  room: Room,
): Promise<{ pin: string; replaced: boolean }> {
  const olympiad = await learnerOlympiad(db, actor, olympiadName);
  const attempt = await attemptForStep(db, actor, olympiad, room);
  if (!attempt.declarationAcceptedAt) throw conflict('Accept the declaration first.');
  if (attempt.pinIssuedAt) throw pinAlreadyConfirmed();
  await requireWindow(db, olympiad, actor);
  const pin = newPin();
  const issued = await queries.issuePin(db, attempt.id, await hashPin(pin));
  if (!issued) throw pinAlreadyConfirmed();
  return { pin, replaced: attempt.recoveryPinHash != null };
}

export const newPin = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

const pinAlreadyConfirmed = () =>
  conflict(
    'You already wrote down your recovery PIN; it cannot be shown again. Ask your teacher or the organisers if you lost it.',
  );

/**
 * "I have written it down": the page sends the PIN it showed, so a PIN replaced since (in another window) is
 * never the one the learner goes on with.
 */
export async function confirmRecoveryPin(
  db: Db,
  actor: Actor,
  olympiadName: string,
  pin: string,
  room: Room,
): Promise<void> {
  const olympiad = await learnerOlympiad(db, actor, olympiadName);
  const attempt = await attemptForStep(db, actor, olympiad, room);
  if (!attempt.recoveryPinHash) throw conflict('Get your recovery PIN first.');
  const newest =
    (await verifyPassword(attempt.recoveryPinHash, pin)) &&
    (await queries.confirmPin(db, attempt.id, attempt.recoveryPinHash));
  if (!newest) {
    const message =
      'This is not your newest recovery PIN: a new one was shown since, perhaps in another window. Show your PIN again and write down the new one.';
    throw conflict(message, [{ path: 'body.pin', message }]);
  }
}

export async function confirmDetails(
  db: Db,
  actor: Actor,
  olympiadName: string,
  details: { firstName: string; lastName: string; grade: number },
  room: Room,
): Promise<void> {
  const olympiad = await learnerOlympiad(db, actor, olympiadName);
  checkGrade(olympiad, details.grade);
  const attempt = await attemptForStep(db, actor, olympiad, room);
  if (!attempt.pinIssuedAt) throw conflict('Write down your recovery PIN first.');
  if (attempt.startedAt) throw detailsLocked();
  await requireWindow(db, olympiad, actor);
  const ok = await queries.confirmDetails(db, attempt.id, actor.userId, details);
  if (!ok) throw detailsLocked();
}

/** The paper. The first call starts the timer; later calls resume with the saved answers. */
export async function paper(db: Db, actor: Actor, olympiadName: string, room: Room): Promise<Paper> {
  const olympiad = await learnerOlympiad(db, actor, olympiadName);
  let attempt = await attemptForStep(db, actor, olympiad, room);
  if (!attempt.declarationAcceptedAt) throw conflict('Accept the declaration before the questions.');
  if (!attempt.pinIssuedAt) throw conflict('Write down your recovery PIN before the questions.');
  if (!attempt.detailsConfirmedAt) throw conflict('Confirm your details before the questions.');
  let justStarted = false;
  if (!attempt.startedAt) {
    await requireWindow(db, olympiad, actor);
    const started = await queries.startAttempt(db, attempt.id, olympiad);
    justStarted = started != null;
    attempt = started ?? (await queries.attemptOf(db, olympiad.id, actor.userId))!;
  }
  return presentPaper(db, olympiad, attempt, justStarted);
}

export async function presentPaper(
  db: Db,
  olympiad: Olympiad,
  attempt: queries.AttemptRow,
  justStarted: boolean,
): Promise<Paper> {
  // An attempt started by this very call has no answers yet: no need to ask.
  const [paperOf, answers, writers] = await Promise.all([
    catalogue(db, olympiad.id),
    justStarted ? Promise.resolve([]) : answersOf(db, attempt.id),
    writersNow(db),
  ]);
  return {
    success: true,
    modules: paperOf ? learnerModules(paperOf, { attemptId: attempt.id, shuffle: olympiad.shuffleOptions }) : [],
    answers: answers.map(presentSavedAnswer),
    startedAt: iso(attempt.startedAt!),
    deadlineAt: iso(attempt.deadlineAt!),
    serverNow: new Date().toISOString(),
    reconnectSpreadSeconds: reconnectSpreadSeconds(writers),
  };
}

/**
 * The learner finishes. `late`: when the finish was given (a device that was offline) and the grace after the
 * deadline in which such a finish still says when the learner handed in (decision 087).
 */
export async function finish(
  db: Db,
  actor: Actor,
  olympiadName: string,
  late: { givenAt: string | undefined; graceMinutes: number } = { givenAt: undefined, graceMinutes: 0 },
): Promise<{ finishedAt: string }> {
  const olympiad = await learnerOlympiad(db, actor, olympiadName);
  const attempt = await queries.attemptOf(db, olympiad.id, actor.userId);
  if (!attempt?.startedAt) throw conflict('You have not started writing yet.');
  const handedIn = async () => (await handInLate(db, { attemptId: attempt.id, ...late })) ?? undefined;
  if (attempt.finishedAt) return { finishedAt: iso((await handedIn()) ?? attempt.finishedAt) };
  let [done] = await finishAttempts(db, [attempt.id], attempt.overdue ? 'time_up' : 'submitted');
  // Read as overdue, but its deadline was extended (an admin's extra time) before this request locked it: the lock
  // found nothing overdue. The learner still asked to finish, so it is their own submission.
  if (!done && attempt.overdue) [done] = await finishAttempts(db, [attempt.id], 'submitted');
  // Nothing finished: another request did it first, since this one read the attempt.
  const finishedAt = done?.finishedAt ?? (await queries.attemptOf(db, olympiad.id, actor.userId))?.finishedAt;
  if (!finishedAt) throw conflict('Your paper could not be finished just now. Please try again.');
  return { finishedAt: iso((attempt.overdue ? await handedIn() : undefined) ?? finishedAt) };
}

export async function feedback(
  db: Db,
  actor: Actor,
  olympiadName: string,
  body: { rating: number | null; comment: string },
): Promise<void> {
  const olympiad = await learnerOlympiad(db, actor, olympiadName);
  const attempt = await settle(db, await queries.attemptOf(db, olympiad.id, actor.userId));
  if (!attempt?.finishedAt) throw conflict('Feedback can be given once you have finished.');
  if (!(await queries.storeFeedback(db, attempt.id, body)))
    throw conflict('You have already given feedback. Thank you!');
}

export async function trackerBeat(
  db: Db,
  actor: Actor,
  req: FastifyRequest,
  olympiadId: number,
  position: { moduleIndex: number; questionIndex: number } | null,
) {
  if (!sittingPolicy.can(actor, 'view', { olympiadId })) throw olympiadNotFound();
  let attempt = await queries.attemptOf(db, olympiadId, actor.userId);
  if (attempt && !attempt.finishedAt && sittingPolicy.can(actor, 'sit', { olympiadId })) {
    attempt = await settle(db, attempt);
    if (!attempt!.finishedAt) await queries.heartbeat(db, { attemptId: attempt!.id, ip: req.ip, position });
  }
  return {
    success: true as const,
    deadlineAt: isoOrNull(attempt?.deadlineAt),
    finished: attempt?.finishedAt != null,
    serverNow: new Date().toISOString(),
  };
}

/**
 * Sign in again with the recovery PIN (a learner who lost their session or password). Throttled exactly
 * like sign-in, by the same mechanism (decision 024): the attempt is counted before the PIN is checked, and a
 * disabled account is answered without checking the PIN.
 */
