import { type PollPace, pollInterval, signinQueuePace, waitingRoomPace } from '../../web/src/lib/waiting.js';
import type { AdmissionRecord } from './admission.js';
import { requestJson } from './http.js';

/**
 * One simulated learner of the exam-day benchmarks: signs in, walks state → declaration → recovery PIN →
 * details → paper, saves answers with think time, finishes. Latencies are recorded per step; every
 * acknowledged answer is remembered so the run can check, at the end, that it is in the database.
 */
export type Step = 'signin' | 'state' | 'wait' | 'declaration' | 'pin' | 'details' | 'paper' | 'answer' | 'finish';
export const steps: Step[] = ['signin', 'state', 'wait', 'declaration', 'pin', 'details', 'paper', 'answer', 'finish'];

export interface Recorder {
  latencies: Record<Step, number[]>;
  /** Completion times (ms since the run began) of acknowledged saves, for the saves/s figure. */
  saveTimes: number[];
  errors: Map<string, number>;
  /** learnerId → questionId → the JSON of the last acknowledged value. */
  acked: Map<number, Map<number, string>>;
  firstQuestion: number;
  finished: number;
  t0: number;
  /** Time each queued learner spent in the waiting room (decision 041), ms; 'wait' holds its polls' latencies. */
  waits: number[];
}

export function newRecorder(): Recorder {
  return {
    latencies: Object.fromEntries(steps.map((s) => [s, []])) as unknown as Record<Step, number[]>,
    saveTimes: [],
    errors: new Map(),
    acked: new Map(),
    firstQuestion: 0,
    finished: 0,
    t0: performance.now(),
    waits: [],
  };
}

/** JSON with sorted keys: jsonb reorders keys, so compare values canonically. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class StepError extends Error {}

interface LearnerQuestion {
  id: number;
  type: string;
  options: Array<{ id: string }>;
}

function answerFor(q: LearnerQuestion, round: number): unknown {
  const pick = (i: number) => q.options[(round + i) % q.options.length]!.id;
  switch (q.type) {
    case 'single':
      return { type: 'single', optionId: pick(0) };
    case 'multiple':
      return { type: 'multiple', optionIds: [pick(0), pick(1)] };
    case 'true_false':
      return { type: 'true_false', value: round % 2 === 0 };
    case 'numeric':
      return { type: 'numeric', value: 40 + (round % 5) };
    default:
      return { type: 'short_text', text: round % 2 ? 'Pretoria' : 'pretoria ' };
  }
}

export interface LearnerOptions {
  baseUrl: () => string;
  olympiad: string;
  username: string;
  password: string;
  answers: number;
  thinkMs: number;
  rec: Recorder;
  /** Keep retrying a step whose request failed at the transport (the crash test), until this time. */
  retryUntil?: number;
  /** Stop saving once this returns true (end of a saturation phase). */
  stopSaving?: () => boolean;
  finish?: boolean;
  /**
   * The storm (bench/exam.ts --storm): record how the learner was queued and admitted (bench/lib/admission.ts).
   */
  admission?: { arrival: number; record(r: AdmissionRecord): void };
  /**
   * A queued learner polls as the pages do (web/src/lib/waiting.ts: a share of the estimated wait, between the
   * page's fastest and slowest pace) unless this fixes the gap between polls (ms).
   */
  pollMs?: number;
}

export async function runLearner(o: LearnerOptions): Promise<{ id: number; token: string } | null> {
  const { rec } = o;
  let token = '';
  const call = async <T>(
    step: Step,
    method: string,
    path: string,
    body?: unknown,
    okStatus: number | readonly number[] = 200,
  ): Promise<T> => {
    for (;;) {
      const t = performance.now();
      try {
        const res = await requestJson<T>(
          o.baseUrl(),
          method,
          path,
          body === undefined ? undefined : JSON.stringify(body),
          token ? { authorization: `Bearer ${token}` } : {},
        );
        rec.latencies[step].push(performance.now() - t);
        if (process.env.BENCH_SLOW_LOG && performance.now() - t > 500)
          console.log(
            `SLOW ${step} at ${((t - rec.t0) / 1000).toFixed(1)} s: ${(performance.now() - t).toFixed(0)} ms`,
          );
        if (typeof okStatus === 'number' ? res.status !== okStatus : !okStatus.includes(res.status)) {
          const key = `${step} ${res.status}`;
          rec.errors.set(key, (rec.errors.get(key) ?? 0) + 1);
          throw new StepError(key);
        }
        return res.body;
      } catch (err) {
        if (err instanceof StepError) throw err;
        if (o.retryUntil && Date.now() < o.retryUntil) {
          await sleep(250);
          continue;
        }
        const key = `${step} ${(err as Error).message.slice(0, 60)}`;
        rec.errors.set(key, (rec.errors.get(key) ?? 0) + 1);
        throw new StepError(key);
      }
    }
  };
  const sent = performance.now();
  const base = `/api/sitting/${o.olympiad}`;
  type Queued = { queued: true; pass: string; position: number; estimateSeconds: number | null };
  type Session = { id: number; accessToken: { token: string } };
  const signin = () =>
    call<Session | Queued>(
      'signin',
      'POST',
      '/api/auth/signin',
      { username: o.username, password: o.password, olympiadName: o.olympiad, loginType: 'learner' },
      [200, 202],
    );
  try {
    // During the window the waiting room's place is taken at sign-in, before the password is checked (decision
    // 053): a queued learner (202) polls its place with the pass it was given, as the sign-in page does, and signs
    // in again once admitted.
    let answer = await signin();
    const firstAt = performance.now();
    let queuedAt: Queued | null = 'queued' in answer ? answer : null;
    const first: AdmissionRecord = {
      arrival: o.admission?.arrival ?? 0,
      firstAnswerMs: firstAt - sent,
      queued: queuedAt != null,
      firstPosition: queuedAt?.position ?? null,
      firstEstimateSeconds: queuedAt?.estimateSeconds ?? null,
      // The pass is `olympiad.learner.ticket.signature` (server/features/sitting/signin-queue.ts).
      ticket: queuedAt ? Number(queuedAt.pass.split('.')[2]) : null,
      admittedMs: firstAt - sent,
      admittedAt: firstAt,
      refusedAt: sent,
    };
    // When the learner learnt of their admission (the order check compares these, not the sign-ins after them).
    let admittedAt: number | null = null;
    const pause = (estimateSeconds: number | null | undefined, pace: PollPace) =>
      sleep(o.pollMs || pollInterval(estimateSeconds, pace));
    while ('queued' in answer) {
      const pass = answer.pass;
      let estimate = answer.estimateSeconds;
      for (;;) {
        await pause(estimate, signinQueuePace);
        const askedAt = performance.now();
        const place = await call<{ admitted: boolean; estimateSeconds: number | null }>(
          'wait',
          'GET',
          `${base}/queue?pass=${encodeURIComponent(pass)}`,
        );
        if (place.admitted) break;
        first.refusedAt = askedAt;
        estimate = place.estimateSeconds;
      }
      admittedAt ??= performance.now();
      answer = await signin();
    }
    const session = answer;
    token = session.accessToken.token;
    // A learner who signed in before the window (or whose place went) takes it at the first look instead
    // (decision 041): the state says admitted (waiting null) or a place; a queued learner polls it until admitted.
    const state = await call<{ waiting: { position: number; estimateSeconds: number | null } | null }>(
      'state',
      'GET',
      `${base}/state`,
    );
    if (!queuedAt && state.waiting) {
      queuedAt = {
        queued: true,
        pass: '',
        position: state.waiting.position,
        estimateSeconds: state.waiting.estimateSeconds,
      };
      first.queued = true;
      first.firstPosition = state.waiting.position;
      first.firstEstimateSeconds = state.waiting.estimateSeconds;
      first.firstAnswerMs = performance.now() - sent;
    }
    if (state.waiting) {
      let estimate = state.waiting.estimateSeconds;
      for (;;) {
        await pause(estimate, waitingRoomPace);
        const askedAt = performance.now();
        const place = await call<{ admitted: boolean; estimateSeconds: number | null }>(
          'wait',
          'GET',
          `${base}/waiting-room`,
        );
        if (place.admitted) break;
        first.refusedAt = askedAt;
        estimate = place.estimateSeconds;
      }
      admittedAt = performance.now();
    }
    if (first.queued && admittedAt != null) {
      rec.waits.push(admittedAt - firstAt);
      first.admittedMs = admittedAt - sent;
      first.admittedAt = admittedAt;
    }
    o.admission?.record(first);
    await call('declaration', 'POST', `${base}/declaration`, { accept: true });
    // The PIN step is two calls: the PIN, then "I have written it down" (both counted under 'pin').
    const { pin } = await call<{ pin: string }>('pin', 'POST', `${base}/recovery-pin`);
    await call('pin', 'POST', `${base}/recovery-pin/confirm`, { pin });
    await call('details', 'PUT', `${base}/learner-details`, { firstName: 'Bench', lastName: o.username, grade: 10 });
    const paper = await call<{ modules: Array<{ questions: LearnerQuestion[] }> }>('paper', 'GET', `${base}/paper`);
    rec.firstQuestion++;
    const questions = paper.modules.flatMap((m, mi) => m.questions.map((q, qi) => ({ q, mi, qi })));
    const mine = new Map<number, string>();
    rec.acked.set(session.id, mine);
    for (let i = 0; i < o.answers; i++) {
      if (o.stopSaving?.()) break;
      if (o.thinkMs > 0) await sleep(o.thinkMs * (0.5 + Math.random()));
      const { q, mi, qi } = questions[i % questions.length]!;
      const value = answerFor(q, Math.floor(i / questions.length) + session.id);
      await call('answer', 'PUT', `${base}/answers/${q.id}`, {
        value,
        position: { moduleIndex: mi, questionIndex: qi },
      });
      mine.set(q.id, canonical(value));
      rec.saveTimes.push(performance.now() - rec.t0);
    }
    if (o.finish !== false) {
      await call('finish', 'POST', `${base}/finish`);
      rec.finished++;
    }
    return { id: session.id, token };
  } catch (err) {
    if (err instanceof StepError) return null;
    throw err;
  }
}

/** Checks every acknowledged answer against the database through the admin's submitted-data call. */
export async function verifyAcked(
  baseUrl: string,
  rec: Recorder,
  adminPassword = 'olympus-demo',
): Promise<{ checked: number; lost: number; learners: number }> {
  const signin = await requestJson<{ accessToken: { token: string } }>(
    baseUrl,
    'POST',
    '/api/auth/signin',
    JSON.stringify({ username: 'admin', password: adminPassword, loginType: 'staff' }),
  );
  const auth = { authorization: `Bearer ${signin.body.accessToken.token}` };
  let checked = 0;
  let lost = 0;
  const learners = [...rec.acked.entries()];
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < learners.length) {
        const [learnerId, answers] = learners[next++]!;
        const res = await requestJson<{ answers: Array<{ questionId: number; value: unknown }> }>(
          baseUrl,
          'GET',
          `/participant/get-submitted-data/${learnerId}`,
          undefined,
          auth,
        );
        const stored = new Map((res.body?.answers ?? []).map((a) => [a.questionId, canonical(a.value)]));
        for (const [questionId, value] of answers) {
          checked++;
          if (stored.get(questionId) !== value) lost++;
        }
      }
    }),
  );
  return { checked, lost, learners: learners.length };
}
