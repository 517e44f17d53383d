/**
 * `npx tsx bench/similarity.ts`: the moderation's answer-similarity check for one school of 1,000 learners
 * (499,500 pairs) on generated answers (no database), beside a baseline measured in the same run: a plain loop
 * that only counts the identical answers of the same pairs.
 *
 *   npx tsx bench/similarity.ts [-- --learners 1000 --questions 60 --runs 5]
 *
 * Target: ≤ 5 s for a school of 1,000 learners on this machine.
 */
import os from 'node:os';
import { countCodes, similarPairs } from '../server/features/results/moderation/similarity.js';
import { arg } from './lib/args.js';

const learners = arg('learners', 1000);
const Q = arg('questions', 60);
const runs = arg('runs', 5);

/** A small seeded generator, so every run checks the same answers. */
let seed = 20250917;
const random = () => {
  seed = (seed * 1664525 + 1013904223) >>> 0;
  return seed / 2 ** 32;
};

// Each question: 3 wrong options with their own popularity; each learner: an ability between 30 % and 90 %.
const popularity = Array.from({ length: Q }, () => {
  const w = [random() + 0.2, random() + 0.2, random() + 0.2];
  const sum = w[0]! + w[1]! + w[2]!;
  return w.map((v) => v / sum);
});
const codes = new Uint16Array(learners * Q);
for (let i = 0; i < learners; i++) {
  const ability = 0.3 + 0.6 * random();
  for (let j = 0; j < Q; j++) {
    if (random() < 0.03) continue; // left blank
    if (random() < ability) {
      codes[i * Q + j] = 1;
      continue;
    }
    const u = random();
    const p = popularity[j]!;
    codes[i * Q + j] = u < p[0]! ? 2 : u < p[0]! + p[1]! ? 3 : 4;
  }
}
// Five planted pairs: the second learner copies the first.
const planted = [
  [10, 11],
  [200, 380],
  [401, 402],
  [777, 900],
  [998, 999],
];
for (const [from, to] of planted) codes.copyWithin(to! * Q, from! * Q, from! * Q + Q);

const data = countCodes(Q, learners, codes);
const rows = Int32Array.from({ length: learners }, (_, i) => i);
const pairs = (learners * (learners - 1)) / 2;

/** The baseline: the same pairs, only counting identical answers (the least any comparison must do). */
function baseline(): number {
  let total = 0;
  for (let a = 0; a < learners; a++) {
    const baseA = a * Q;
    for (let b = a + 1; b < learners; b++) {
      const baseB = b * Q;
      let same = 0;
      for (let j = 0; j < Q; j++) if (codes[baseA + j] === codes[baseB + j]) same++;
      total += same;
    }
  }
  return total;
}

const time = (f: () => unknown) => {
  const start = process.hrtime.bigint();
  const result = f();
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, result };
};

const check: number[] = [];
const base: number[] = [];
let flagged = 0;
for (let r = 0; r < runs; r++) {
  base.push(time(baseline).ms);
  const run = time(() => similarPairs(data, rows, { minLog10: 6, minSharedWrong: 5 }));
  check.push(run.ms);
  flagged = (run.result as unknown[]).length;
}
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
const found = similarPairs(data, rows, { minLog10: 6, minSharedWrong: 5 });
const plantedFound = planted.filter(([a, b]) => found.some((p) => p.a === a && p.b === b)).length;

console.log(
  `similarity check: ${learners} learners of one school, ${Q} questions, ${pairs.toLocaleString('en')} pairs`,
);
console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, node ${process.version}`);
console.log(`  baseline (count identical answers of every pair): ${median(base).toFixed(0)} ms (median of ${runs})`);
console.log(`  similarity check (scores, exact tails, evidence):  ${median(check).toFixed(0)} ms (median of ${runs})`);
console.log(`  ratio: ${(median(check) / median(base)).toFixed(2)} × the baseline; target ≤ 5,000 ms`);
console.log(`  flagged pairs: ${flagged} (planted ${planted.length}, of them found ${plantedFound})`);
for (const [a, b] of planted) {
  let wrongAnswers = 0;
  for (let j = 0; j < Q; j++) if (codes[a! * Q + j]! >= 2) wrongAnswers++;
  const pair = found.find((p) => p.a === a && p.b === b);
  console.log(
    `    planted ${a}–${b}: ${wrongAnswers} wrong answers copied, ` +
      (pair ? `flagged at 10^-${pair.log10.toFixed(1)}` : 'not flagged (too few wrong answers to tell from chance)'),
  );
}
if (median(check) > 5000) process.exitCode = 1;
