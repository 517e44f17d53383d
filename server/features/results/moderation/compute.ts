import type { ModerationSettings } from '#contract/results';
import type {
  ConcurrentSessionsEvidence,
  FastFinishEvidence,
  IpChangesEvidence,
  SimilarityEvidence,
} from '#contract/moderation';
import type { Db } from '../../../db/client.js';
import { type AuditActor, audit } from '../../../platform/audit.js';
import { iso } from '../../../platform/dates.js';
import { count } from '#contract/numbers';
import { nextTurn, turnTaker } from '../../../platform/turns.js';
import { canonicalAnswer } from './answers.js';
import * as queries from './compute-queries.js';
import { encodeAnswers, RIGHT_ANSWER, similarPairs } from './similarity.js';

/** The background job that computes an olympiad's flags (server/platform/jobs.ts). */
export const COMPUTE_JOB = 'moderation.compute';

export interface ComputeProgress {
  (done: number, options?: { total?: number; phase?: string; force?: boolean }): Promise<void>;
}

const minutesBetween = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 60_000;

const round = (v: number, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits;

function median(values: number[]): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The most devices (browser and address) signed in at one moment, and the sessions of the attempt. */
export function concurrentDevices(
  sessions: queries.SessionRow[],
  startedAt: Date,
  finishedAt: Date,
): { devices: number; sessions: queries.SessionRow[] } {
  const from = startedAt.getTime();
  const to = finishedAt.getTime();
  const spans = sessions
    .map((s) => ({
      s,
      start: Math.max(from, s.createdAt.getTime()),
      end: Math.min(to, s.endedAt.getTime()),
      device: `${s.userAgent ?? ''}\u0000${s.ip ?? ''}`,
    }))
    .filter((x) => x.start <= x.end);
  let devices = spans.length ? 1 : 0;
  for (const at of spans) {
    // At each session's start, the distinct devices whose sessions are alive then.
    const alive = new Set(spans.filter((o) => o.start <= at.start && o.end >= at.start).map((o) => o.device));
    devices = Math.max(devices, alive.size);
  }
  return { devices, sessions: spans.map((x) => x.s) };
}

/** Attempts whose answers one statement reads (about 30 answers each). */
export const READ_BATCH = 200;

/** The longest the similarity loop keeps the event loop before it lets waiting requests in. */
const SLICE_MS = 20;

/**
 * Computes an olympiad's flags in memory (reading in short statements, so progress can be written beside it on
 * PGlite's one connection), then replaces them in one transaction with the audit row.
 */
export async function computeFlags(
  db: Db,
  olympiadId: number,
  by: AuditActor | null,
  progress: ComputeProgress,
  jobId: number | null = null,
): Promise<{ attempts: number; flags: number; byKind: Record<string, number>; message: string }> {
  await progress(0, { phase: 'loading', force: true });
  const settings: ModerationSettings = await queries.settingsOf(db, olympiadId);
  const attempts: queries.FinishedAttempt[] = [];
  for (let page = await queries.finishedAttempts(db, olympiadId, 0, READ_BATCH * 10); page.length;) {
    attempts.push(...page);
    await progress(0);
    await nextTurn();
    if (page.length < READ_BATCH * 10) break;
    page = await queries.finishedAttempts(db, olympiadId, page.at(-1)!.id, READ_BATCH * 10);
  }
  const questions = await queries.paperQuestions(db, olympiadId);

  const flags: queries.NewFlag[] = [];
  const takeTurn = turnTaker(SLICE_MS);

  // Similarity within a school: the answers as codes, every pair of each school's learners. The answers and
  // sessions are read a batch of attempts at a time: a large olympiad has millions of answers, and one statement
  // reading them all would hold PGlite's one connection (and its process) for many seconds.
  const rowOf = new Map(attempts.map((a, i) => [a.id, i]));
  const columnOf = new Map(questions.map((q, j) => [q.id, j]));
  const table: Array<Array<string | undefined>> = attempts.map(() => new Array<string | undefined>(questions.length));
  const sessions: queries.SessionRow[] = [];
  for (let from = 0; from < attempts.length; from += READ_BATCH) {
    const ids = attempts.slice(from, from + READ_BATCH).map((a) => a.id);
    for (const an of await queries.answersOf(db, ids)) {
      const i = rowOf.get(an.attemptId);
      const j = columnOf.get(an.questionId);
      if (i === undefined || j === undefined) continue;
      const text = canonicalAnswer(an.value, questions[j]);
      if (!text) continue;
      table[i]![j] = an.marksAwarded != null && an.marksAwarded > 0 ? RIGHT_ANSWER : text;
    }
    sessions.push(...(await queries.attemptSessions(db, ids)));
    // Progress through a long read keeps the claim alive, and stops the job here when the server closes.
    await progress(from + ids.length, { total: attempts.length });
    await nextTurn();
  }
  const codes = encodeAnswers(questions.length, table);
  const bySchool = new Map<number, number[]>();
  attempts.forEach((a, i) => {
    if (a.schoolId == null) return;
    const list = bySchool.get(a.schoolId) ?? [];
    list.push(i);
    bySchool.set(a.schoolId, list);
  });
  const schools = [...bySchool.values()].filter((rows) => rows.length > 1);
  const totalPairs = schools.reduce((n, rows) => n + (rows.length * (rows.length - 1)) / 2, 0);
  await progress(0, { total: Math.max(1, totalPairs), phase: 'similarity', force: true });
  let pairsDone = 0;
  for (const rows of schools) {
    const found = similarPairs(codes, Int32Array.from(rows), {
      minLog10: settings.similarityMinLog10,
      minSharedWrong: settings.similarityMinSharedWrong,
    });
    for (const p of found) {
      const evidence: SimilarityEvidence = {
        sharedAnswers: p.sharedAnswers,
        sharedWrong: p.sharedWrong,
        bothAnswered: p.bothAnswered,
        bothWrong: p.bothWrong,
        expected: round(p.expected),
        probability: p.probability,
      };
      const [low, high] = [attempts[p.a]!.id, attempts[p.b]!.id].sort((x, y) => x - y);
      flags.push({ attemptId: low!, kind: 'similarity', otherAttemptId: high!, strength: round(p.log10), evidence });
    }
    pairsDone += (rows.length * (rows.length - 1)) / 2;
    await progress(pairsDone);
    await takeTurn();
  }

  // Fast finishes against the olympiad's median writing time.
  await progress(pairsDone, { phase: 'timing', force: true });
  const timed = attempts.filter((a) => a.startedAt != null);
  const medianMinutes = median(timed.map((a) => minutesBetween(a.startedAt!, a.finishedAt)));
  if (medianMinutes > 0) {
    for (const a of timed) {
      const minutes = Math.max(0, minutesBetween(a.startedAt!, a.finishedAt));
      if (minutes >= settings.fastFinishRatio * medianMinutes) continue;
      const evidence: FastFinishEvidence = {
        minutes: round(minutes, 1),
        medianMinutes: round(medianMinutes, 1),
        score: a.score,
        maxScore: a.maxScore,
      };
      const strength = round(Math.min(1000, medianMinutes / Math.max(minutes, 0.01)));
      flags.push({ attemptId: a.id, kind: 'fast_finish', otherAttemptId: null, strength, evidence });
    }
  }

  // Many network address changes.
  for (const a of attempts) {
    if (a.ipChanges < settings.ipChangesMin) continue;
    const evidence: IpChangesEvidence = { count: a.ipChanges, lastIp: a.lastIp };
    flags.push({ attemptId: a.id, kind: 'ip_changes', otherAttemptId: null, strength: a.ipChanges, evidence });
  }

  // Sessions alive at once on different devices during the attempt.
  const sessionsOf = new Map<number, queries.SessionRow[]>();
  for (const s of sessions) sessionsOf.set(s.userId, [...(sessionsOf.get(s.userId) ?? []), s]);
  for (const a of timed) {
    const mine = sessionsOf.get(a.userId);
    if (!mine || mine.length < settings.concurrentSessionsMin) continue;
    const { devices, sessions: during } = concurrentDevices(mine, a.startedAt!, a.finishedAt);
    if (devices < settings.concurrentSessionsMin) continue;
    const evidence: ConcurrentSessionsEvidence = {
      devices,
      sessions: during.slice(0, 20).map((s) => ({
        createdAt: iso(s.createdAt),
        endedAt: iso(s.endedAt),
        ip: s.ip,
        userAgent: s.userAgent,
      })),
    };
    flags.push({ attemptId: a.id, kind: 'concurrent_sessions', otherAttemptId: null, strength: devices, evidence });
  }

  await progress(pairsDone, { phase: 'saving', force: true });
  const byKind: Record<string, number> = { similarity: 0, fast_finish: 0, ip_changes: 0, concurrent_sessions: 0 };
  for (const f of flags) byKind[f.kind] = (byKind[f.kind] ?? 0) + 1;
  await db.transaction(async (tx) => {
    await queries.replaceFlags(tx, olympiadId, flags);
    await audit(tx, by, 'moderation.compute', {
      entityId: olympiadId,
      olympiadId,
      data: { attempts: attempts.length, flags: flags.length, byKind, settings, jobId, automatic: by == null },
    });
  });
  // A similar pair flags both of its attempts, as the summary counts them.
  const flagged = new Set(
    flags.flatMap((f) => (f.otherAttemptId == null ? [f.attemptId] : [f.attemptId, f.otherAttemptId])),
  ).size;
  return {
    attempts: attempts.length,
    flags: flags.length,
    byKind,
    message: `${count(attempts.length, 'finished attempt')} checked: ${count(flagged, 'attempt is', 'attempts are')} flagged`,
  };
}
