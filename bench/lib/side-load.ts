/**
 * Side load during the exam (issues 14 and 15): the exam's answer saves through alternating windows without and
 * with some other load (Watch-page viewers, an admin reading the report overview), so that whatever else the
 * machine does weighs on both alike; prints the save p50/p99 of each and PASS at a p99 change below 10 %, FAIL at
 * 10 % slower or more, INCONCLUSIVE at 10 % faster or more (noise); only PASS exits 0.
 *
 * Each side load runs in a process of its own (bench/lib/viewers.ts, bench/lib/overview-reader.ts), so it never
 * queues in the learners' sockets or event loop, started once and switched on and off for its windows
 * (bench/lib/side-control.ts): the windows are short and many, so that the machine's other work, which comes in
 * bursts on a shared machine, falls on both sides alike.
 */
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { requestJson } from './http.js';
import { newRecorder, runLearner } from './learner.js';
import { fmt, summarize } from './stats.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface SideStats {
  requests: number;
  errors: number;
  p50: number;
  p99: number;
}

/** One kind of side load. */
export interface SideLoad {
  /** How the lines name it ("1000 viewers"). */
  label: string;
  /** What it is doing, for the heading. */
  describe: string;
  /** Starts its process (switched off). */
  start(): SideProcess;
}

export interface SideProcess {
  /** Resolves once the process is ready. */
  started: Promise<void>;
  on(): void;
  off(): void;
  /** Ends the process; answers the figures of its requests made while on. */
  stop(): Promise<SideStats>;
}

/** Runs `tsx <script> …args` as a side load process (bench/lib/side-control.ts's protocol). */
export function sideProcess(script: string, args: string[]): SideProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout! });
  let onStarted: () => void = () => {};
  const started = new Promise<void>((r) => (onStarted = r));
  const done = new Promise<SideStats>((resolve, reject) => {
    let last = '';
    lines.on('line', (line) => {
      if (line === 'started') onStarted();
      else last = line;
    });
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(last) as SideStats) : reject(new Error(`${script} exited ${code}`)),
    );
  });
  const say = (line: string) => child.stdin!.write(`${line}\n`);
  return {
    started,
    on: () => say('on'),
    off: () => say('off'),
    stop: () => {
      say('stop');
      return done;
    },
  };
}

/** Runs `count` tasks, `width` at a time. */
export async function inBatches<T>(count: number, width: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await task(i);
      }
    }),
  );
  return out;
}

export interface ExamOptions {
  /** Learners bench-1 … bench-n of geo-bench (the server seeds them: BENCH_LEARNERS). */
  learners: number;
  /** Each learner saves once per think time, ±50 %. */
  thinkMs: number;
  /** Windows with each side load (as many without between them). */
  windowsPerSide: number;
  windowSeconds: number;
  /** Each side load runs this long before the first window (connections open, caches filled, code compiled). */
  warmSeconds: number;
}

interface Save {
  at: number;
  ms: number;
  ok: boolean;
}

/**
 * The exam's saves through alternating windows: without, the first side load, without, the second, … repeated
 * `windowsPerSide` times. Prints the saves without and with each side load, and the verdict for each; answers each
 * side's p99 change in percent.
 */
export async function examWithSideLoads(url: string, exam: ExamOptions, sides: SideLoad[]): Promise<number[]> {
  console.log(
    `exam with and without side load: ${exam.learners} learners saving every ${exam.thinkMs} ms ±50 % ` +
      `(${fmt(exam.learners / (exam.thinkMs / 1000), 0)} saves/s offered), ${exam.windowSeconds} s windows alternating: ` +
      ['without', ...sides.map((s) => s.label)].join(' / ') +
      ` (${exam.windowsPerSide} with each)`,
  );
  for (const side of sides) console.log(`  ${side.label}: ${side.describe}`);
  const rec = newRecorder();
  const sessions = (
    await inBatches(exam.learners, 50, (i) =>
      runLearner({
        baseUrl: () => url,
        olympiad: 'geo-bench',
        username: `bench-${i + 1}`,
        password: 'bench-password',
        answers: 0,
        thinkMs: 0,
        rec,
        finish: false,
      }),
    )
  ).filter((x) => x != null);
  if (sessions.length < exam.learners) console.log(`  only ${sessions.length} learners signed in`);
  const paper = await requestJson<{
    modules: Array<{ questions: Array<{ id: number; type: string; options: Array<{ id: string }> }> }>;
  }>(url, 'GET', '/api/sitting/geo-bench/paper', undefined, { authorization: `Bearer ${sessions[0]!.token}` });
  const single = paper.body.modules.flatMap((m) => m.questions).filter((q) => q.type === 'single');

  const saves: Save[] = [];
  let stop = false;
  const learning = Promise.all(
    sessions.map(async (s, me) => {
      let n = 0;
      while (!stop) {
        await sleep(exam.thinkMs * (0.5 + Math.random()));
        if (stop) break;
        const q = single[(me + n) % single.length]!;
        const value = { type: 'single', optionId: q.options[(me + n++) % q.options.length]!.id };
        const t = performance.now();
        const res = await requestJson(url, 'PUT', `/api/sitting/geo-bench/answers/${q.id}`, JSON.stringify({ value }), {
          authorization: `Bearer ${s!.token}`,
        }).catch(() => ({ status: 0 }));
        saves.push({ at: t, ms: performance.now() - t, ok: res.status === 200 });
      }
    }),
  );
  // The first think time spreads the learners out: wait for it before measuring.
  await sleep(exam.thinkMs * 1.5);
  const running = sides.map((side) => side.start());
  await Promise.all(running.map((r) => r.started));
  for (const r of running) {
    r.on();
    await sleep(exam.warmSeconds * 1000);
    r.off();
  }
  // Then the saves alone for two windows, not counted: the first windows would otherwise fall to "without" and
  // carry the server's own warming (its first minutes' compiled code, the database's first reads).
  await sleep(exam.windowSeconds * 2000);
  const without: Array<[number, number]> = [];
  const withSide = sides.map(() => [] as Array<[number, number]>);
  const window = async (into: Array<[number, number]>) => {
    const from = performance.now();
    await sleep(exam.windowSeconds * 1000);
    into.push([from, performance.now()]);
  };
  // Without, then with; the next round with, then without: neither always follows the other.
  for (let round = 0; round < exam.windowsPerSide; round++) {
    for (const [i, r] of running.entries()) {
      const pair = [
        () => window(without),
        async () => {
          r.on();
          await window(withSide[i]!);
          r.off();
        },
      ];
      for (const run of round % 2 ? pair.reverse() : pair) await run();
    }
  }
  const sideStats = await Promise.all(running.map((r) => r.stop()));
  stop = true;
  await learning;

  const within = (ranges: Array<[number, number]>) =>
    saves.filter((s) => ranges.some(([a, b]) => s.at >= a && s.at < b));
  const seconds = (r: Array<[number, number]>) => r.reduce((t, [a, b]) => t + (b - a) / 1000, 0);
  const line = (label: string, ranges: Array<[number, number]>) => {
    const list = within(ranges);
    const st = summarize(list.map((s) => s.ms));
    console.log(
      `  ${label.padEnd(26)} ${String(st.count).padStart(6)} saves  ${fmt(st.count / seconds(ranges)).padStart(6)}/s   ` +
        `p50 ${fmt(st.p50).padStart(6)} ms   p99 ${fmt(st.p99).padStart(7)} ms   errors ${list.filter((s) => !s.ok).length}`,
    );
    // Each window's own p99: how far windows of the same kind disagree is the noise the comparison stands in.
    const each = ranges.map((r) => fmt(summarize(within([r]).map((s) => s.ms)).p99, 0));
    console.log(`    each window's p99 (ms): ${each.join(' ')}`);
    return st.p99;
  };
  const base = line('saves without side load', without);
  const changes: number[] = [];
  for (const [i, side] of sides.entries()) {
    const ranges = withSide[i]!;
    const p99 = line(`saves with ${side.label}`, ranges);
    const st = sideStats[i]!;
    console.log(
      `    ${side.label}: ${st.requests} calls (${fmt(st.requests / seconds(ranges), 0)}/s), errors ${st.errors}, ` +
        `p50 ${fmt(st.p50)} ms, p99 ${fmt(st.p99)} ms`,
    );
    changes.push(((p99 - base) / base) * 100);
  }
  for (const [i, side] of sides.entries()) {
    const change = changes[i]!;
    // A side load cannot make the saves faster: 10 % faster with it means the windows disagree by more than the bar
    // (the machine's other work), and the run decides nothing.
    const verdict = Math.abs(change) < 10 ? 'PASS' : change > 0 ? 'FAIL' : 'INCONCLUSIVE (noise beyond the bar)';
    console.log(
      `${verdict}  save p99 with ${side.label} vs without: ` +
        `${change >= 0 ? '+' : ''}${fmt(change)} % (target: less than 10 %)`,
    );
  }
  return changes;
}
