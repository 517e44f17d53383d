import { hashPassword, verifyPassword } from '../../server/platform/passwords.js';
import type { DeviceQuestion } from './device.js';
import { requestJson } from './http.js';
import { closedLoop } from './stats.js';

/**
 * The machine's own limits, measured in the same run as a benchmark's figures so that the two compare
 * (bench/offline.ts): argon2 verifications a second, and at 100 connections the real answer save, the bare answer
 * upsert and the bare JSON route (bench/lib/bare-route.ts).
 */

/** The machine's own limit for sign-ins: argon2 verifications/s in this process (as bench/exam.ts). */
export async function rawHashRate(): Promise<number> {
  const stored = await hashPassword('bench-password');
  let done = 0;
  const { elapsedMs } = await closedLoop(8, 3, async () => {
    await verifyPassword(stored, 'bench-password');
    done++;
  });
  return done / (elapsedMs / 1000);
}

/** Saves/s and requests/s at 100 connections: the real save, the bare upsert, the bare JSON route (3 s each). */
export async function machineLimits(url: string, tokens: string[], questions: DeviceQuestion[]) {
  const single = questions.filter((q) => q.type === 'single');
  const targets = (
    await requestJson<{ attempts: number[]; questions: number[] }>(url, 'GET', '/api/bench/bare-targets')
  ).body;
  const rate = async (work: (n: number) => Promise<unknown>) => {
    let n = 0;
    const { elapsedMs } = await closedLoop(100, 3, async () => void (await work(n++)));
    return n / (elapsedMs / 1000);
  };
  const save = await rate((n) => {
    const q = single[n % single.length]!;
    return requestJson(
      url,
      'PUT',
      `/api/sitting/geo-bench/answers/${q.id}`,
      JSON.stringify({ value: { type: 'single', optionId: q.options[n % q.options.length] } }),
      {
        authorization: `Bearer ${tokens[n % tokens.length]}`,
      },
    );
  });
  const upsert = await rate((n) =>
    requestJson(
      url,
      'PUT',
      `/api/bench/bare-answer/${targets.attempts[n % targets.attempts.length]}/${targets.questions[n % targets.questions.length]}`,
      JSON.stringify({ value: { type: 'single', optionId: 'a' } }),
    ),
  );
  const json = await rate(() => requestJson(url, 'GET', '/api/bench/bare-json'));
  return { save, upsert, json };
}
