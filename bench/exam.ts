/**
 * Exam-day benchmark: simulated learners arrive evenly, each signs in and walks the
 * sitting (state → declaration → PIN → details → paper), saves answers with think time and finishes. Then,
 * in the same run and at the same concurrency, the real save route saturated, beside the bare limit: a
 * route doing one answer upsert and nothing else, batched as the real save batches (bench/lib/bare-route.ts). At
 * the end every acknowledged answer is checked in the database.
 *
 *   npm run bench:exam [-- --learners 2000 --arrival-seconds 60 --think-ms 20000 --answers 30 --chosen-passwords]
 *
 * Think time is 20 s ±50 % a question by default: a real learner spends one to two minutes on each question of a
 * 60-minute paper, so this offers several times a real olympiad's save rate (--think-ms 2000 is a stress test).
 *
 * The learners' password is hashed as the learner import hashes the generated passwords printed on the slips
 * (decision 015), as on a real exam day; --chosen-passwords hashes it as a password someone chose
 * (decision 003), so that every sign-in pays a full-strength verification.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:exam -- --learners 10000 --arrival-seconds 120
 *
 * The server runs as `npm start` runs it: on PostgreSQL one server process per core (decision 040); --processes N
 * sets WEB_PROCESSES (e.g. --processes 1 to compare with a single process).
 *
 * The storm: --storm sends 10,000 learners (--learners) within 10 s (--arrival-seconds), 10 answers each
 * (--answers), and reports how long each waited for an answer saying "admitted" or "queued at position n"
 * (target p99 ≤ 1 s: the sign-in's 202 with a place, decision 053, or its session and the first state), the
 * longest wait for admission, and whether queued learners were admitted in the order of their tickets. A queued
 * learner polls its place as the sign-in page does (a share of the estimated wait, every 2–10 s; --poll-ms fixes the
 * gap instead), and signs in again once admitted
 * (bench/lib/learner.ts; the record is bench/lib/admission.ts).
 *   DATABASE_URL=… npm run bench:exam -- --storm
 *   DATABASE_URL=… npm run bench:exam -- --storm --learners 2000 --arrival-seconds 30 --answers 3   (a short check)
 *
 * --rolling-restart (PostgreSQL) sends SIGHUP to the server's primary halfway through the paper: every server process
 * is replaced while learners write, and the run says when it began and ended and checks the saves meanwhile
 * (decision 103; bench/lib/rolling-restart.ts).
 *   DATABASE_URL=… npm run bench:exam -- --rolling-restart --learners 300 --arrival-seconds 20 --answers 10 --think-ms 10000
 *
 * BENCH_SLOW_LOG=1 prints every call slower than half a second with its moment in the run, to see whether slow calls
 * cluster (a wave of polls, a burst of admissions) or are spread; each progress line says how late the generator's
 * own event loop ran, which every figure includes.
 *
 * The national day: --national is 100,000 learners over 1,200 s, 10 answers each, 20,000 ms think, on PostgreSQL only
 * (it stops at once without DATABASE_URL); any of those given on the command line still overrides it. At the end it
 * prints each server process's, the primary's and this generator's peak resident memory, and the sizes of the day's
 * tables (bench/lib/footprint.ts; decision 104).
 *   DATABASE_URL=… npm run bench:exam -- --national
 *   DATABASE_URL=… npm run bench:exam -- --national --learners 5000 --arrival-seconds 60   (a short check)
 *
 * The saturated windows compare the real save with the bare upsert batched as the real save batches
 * (server/platform/batches.ts, bench/lib/bare-route.ts): the target is the server's and the database's CPU a save,
 * within 1.33 × the bare batch's (decision 104); their throughputs' ratio is printed for information.
 *
 * The runs that decide the exam-day targets (a quiet machine, PostgreSQL): the exam and the saturated windows, the
 * storm, the long day and the national day
 *   … bench:exam -- --learners 20000 --arrival-seconds 120 --answers 10 --think-ms 20000
 *   … bench:exam -- --storm
 *   … bench:exam -- --learners 50000 --arrival-seconds 600 --answers 10 --think-ms 20000
 *   … bench:exam -- --national
 */
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { hashPassword, verifyPassword } from '../server/platform/passwords.js';
import type { AdmissionRecord } from './lib/admission.js';
import { type CpuUsed, cpuGroups, cpuSince } from './lib/cpu.js';
import { requestJson } from './lib/http.js';
import { type Recorder, newRecorder, runLearner, steps, verifyAcked } from './lib/learner.js';
import { rollingRestartAt } from './lib/rolling-restart.js';
import { startServer } from './lib/server.js';
import { closedLoop, fmt, summarize } from './lib/stats.js';
import { withPreset } from './lib/args.js';
import { mib, processPeaks, tableSizes } from './lib/footprint.js';

const storm = process.argv.includes('--storm');
/** A national day on one machine (decision 104): PostgreSQL only. */
const national = process.argv.includes('--national');
const arg = withPreset('national', {
  learners: 100_000,
  'arrival-seconds': 1200,
  answers: 10,
  'think-ms': 20_000,
});
const learners = arg('learners', storm ? 10_000 : 2000);
const arrivalSeconds = arg('arrival-seconds', storm ? 10 : 60);
const thinkMs = arg('think-ms', 20_000);
const answers = arg('answers', storm ? 10 : 30);
/** 0: queued learners poll as the pages do (web/src/lib/waiting.ts); else every this many ms. */
const pollMs = arg('poll-ms', 0);
const processes = arg('processes', 0);
const saturateSeconds = arg('saturate-seconds', 12);
const saturateWindows = Math.max(1, arg('saturate-windows', 3));
const concurrency = arg('concurrency', 100);
const port = arg('port', 3202);
const chosenPasswords = process.argv.includes('--chosen-passwords');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function printSteps(rec: Recorder) {
  console.log('step          count     p50 ms    p99 ms    max ms');
  for (const step of steps) {
    const s = summarize(rec.latencies[step]);
    console.log(
      `${step.padEnd(12)} ${String(s.count).padStart(6)} ${fmt(s.p50).padStart(10)} ${fmt(s.p99).padStart(9)} ${fmt(s.max).padStart(9)}`,
    );
  }
}

/** The highest rate over any 5-second window. */
function peakRate(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  let j = 0;
  for (let i = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! > 5000) j++;
    best = Math.max(best, i - j + 1);
  }
  return best / 5;
}

/** The machine's own limit for sign-ins: argon2 verifications/s in this process (as bench/signin.ts). */
async function rawHashRate(): Promise<number> {
  const stored = await hashPassword('bench-password');
  let done = 0;
  const { elapsedMs } = await closedLoop(8, 3, async () => {
    await verifyPassword(stored, 'bench-password');
    done++;
  });
  return done / (elapsedMs / 1000);
}

async function main() {
  if (national && !process.env.DATABASE_URL)
    throw new Error(
      '--national runs on PostgreSQL only: set DATABASE_URL (e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/test); the run makes its own database there',
    );
  const rawHash = await rawHashRate();
  const load = os
    .loadavg()
    .map((l) => fmt(l, 1))
    .join(' ');
  const database = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  console.log(
    `Exam-day benchmark${storm ? ' (storm)' : ''}${national ? ' (national day)' : ''} on ${database}: ${learners} learners arriving over ${arrivalSeconds} s, ${answers} answers each, ` +
      `think time ${thinkMs} ms ±50 %, ${chosenPasswords ? 'chosen' : 'generated'} learner passwords; then ${saturateSeconds} s each saturated at ${concurrency} connections (real save vs bare batched upsert, in ${saturateWindows} alternating windows)`,
  );
  const startingAt = performance.now();
  const server = await startServer({
    port,
    env: {
      BENCH_LEARNERS: String(learners + concurrency),
      BENCH_LEARNER_PASSWORDS: chosenPasswords ? 'chosen' : 'generated',
      SITTING_SWEEP_SECONDS: '15',
      ...(processes > 0 ? { WEB_PROCESSES: String(processes) } : {}),
    },
    startTimeoutMs: 300_000,
  });
  const serverProcesses = /(\d+) server processes/.exec(server.banner)?.[1] ?? '1';
  console.log(
    `server: ${serverProcesses} server process${serverProcesses === '1' ? '' : 'es'} (as npm start runs it), ready with ${learners + concurrency} learners seeded in ${fmt((performance.now() - startingAt) / 1000)} s`,
  );
  try {
    /* ---- 1. the exam: learners arrive evenly ---- */
    const rec = newRecorder();
    // --rolling-restart: SIGHUP to the server's primary halfway through the paper (bench/lib/rolling-restart.ts).
    const restart = process.argv.includes('--rolling-restart')
      ? rollingRestartAt(server, rec, (arrivalSeconds * 1000 + answers * thinkMs) / 2)
      : null;
    const admissions: AdmissionRecord[] = [];
    const started = performance.now();
    let running = 0;
    // The load generator's own lateness: a request it starts late, or whose answer it reads late, is counted as
    // the server's time, so each progress line says how late this process ran.
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    let worstLagMs = 0;
    // Where in the run the slow saves fall: each progress line has the p99 of the saves answered since the last,
    // and where the machine's CPU went meanwhile (in cores: 2.0 is both cores of this machine busy).
    let savesSeen = 0;
    const readCpu = cpuGroups(server.process.pid);
    let cpuBefore = readCpu?.();
    let cpuAt = performance.now();
    const cpuLine = () => {
      if (!readCpu || !cpuBefore) return '';
      const now = readCpu();
      const used = cpuSince(cpuBefore, now);
      const ms = performance.now() - cpuAt;
      cpuBefore = now;
      cpuAt = performance.now();
      const cores = (x: number) => fmt(x / ms, 2);
      return `; cores: server ${cores(used.serverMs)}, database ${cores(used.databaseMs)}, generator ${cores(used.generatorMs)}`;
    };
    const progress = setInterval(() => {
      const errors = [...rec.errors.values()].reduce((a, b) => a + b, 0);
      const lagMs = lag.max / 1e6;
      worstLagMs = Math.max(worstLagMs, lagMs);
      lag.reset();
      const recent = summarize(rec.latencies.answer.slice(savesSeen));
      savesSeen = rec.latencies.answer.length;
      console.log(
        `  ${fmt((performance.now() - started) / 1000, 0)} s: ${running} writing, ${rec.firstQuestion} got their paper, ` +
          `${rec.finished} finished, ${rec.saveTimes.length} answers saved (these 10 s: p99 ${fmt(recent.p99, 0)} ms), ` +
          `${errors} errors${errors ? ` (${[...rec.errors].map(([key, n]) => `${key}: ${n}`).join(', ')})` : ''}; ` +
          `this generator ran up to ${fmt(lagMs, 0)} ms late${cpuLine()}`,
      );
    }, 10_000);
    const gap = (arrivalSeconds * 1000) / learners;
    await Promise.all(
      Array.from({ length: learners }, async (_, i) => {
        await sleep(i * gap);
        running++;
        await runLearner({
          baseUrl: () => server.url,
          olympiad: 'geo-bench',
          username: `bench-${i + 1}`,
          password: 'bench-password',
          answers,
          thinkMs,
          rec,
          pollMs,
          // Every run records how its learners were queued and admitted, so that every run checks the order.
          admission: { arrival: i, record: (r: AdmissionRecord) => admissions.push(r) },
        });
        running--;
      }),
    );
    clearInterval(progress);
    restart?.cancel();
    lag.disable();
    const examSeconds = (performance.now() - started) / 1000;
    const verified = await verifyAcked(server.url, rec);

    /* ---- report ---- */
    const errors = [...rec.errors.entries()];
    const totalErrors = errors.reduce((a, [, n]) => a + n, 0);
    const signins = rec.latencies.signin.length;
    const saves = rec.saveTimes.length;
    const saveP99 = summarize(rec.latencies.answer).p99;
    const signinP99 = summarize(rec.latencies.signin).p99;
    console.log(`\n== exam run (${database}) ==`);
    console.log(
      `machine: ${os.cpus().length} cores, load average at start ${load}, now ${os
        .loadavg()
        .map((l) => fmt(l, 1))
        .join(' ')}; raw argon2 verifications/s: ${fmt(rawHash)}`,
    );
    console.log(
      `load generator: its event loop ran up to ${fmt(worstLagMs, 0)} ms late (counted in every figure below)`,
    );
    console.log(
      `learners: ${learners}, got their first question: ${rec.firstQuestion}, finished: ${rec.finished}, in ${fmt(examSeconds)} s`,
    );
    console.log(`sign-ins/s: ${fmt(signins / arrivalSeconds)} (offered: even arrival over ${arrivalSeconds} s)`);
    console.log(
      `answer saves: ${saves}, saves/s: ${fmt(saves / examSeconds)} average, ${fmt(peakRate(rec.saveTimes))} peak (5 s)`,
    );
    printSteps(rec);
    if (rec.waits.length) {
      const w = summarize(rec.waits);
      console.log(
        `waiting room: ${rec.waits.length} learners queued; wait p50 ${fmt(w.p50)} ms, p99 ${fmt(w.p99)} ms, longest ${fmt(w.max)} ms`,
      );
    }
    console.log(
      `errors: ${totalErrors}${errors.length ? ` (${errors.map(([k2, n]) => `${k2}: ${n}`).join(', ')})` : ''}`,
    );
    console.log(
      `acknowledged answers checked in the database: ${verified.checked} of ${verified.learners} learners, lost: ${verified.lost}`,
    );
    const admission = reportAdmission(admissions, storm);
    /* ---- 2. saturation: the real save route vs the bare batched upsert, same concurrency ---- */
    const satRec = newRecorder();
    const sessions = (
      await Promise.all(
        Array.from({ length: concurrency }, (_, k) =>
          runLearner({
            baseUrl: () => server.url,
            olympiad: 'geo-bench',
            username: `bench-${learners + k + 1}`,
            password: 'bench-password',
            answers: 0,
            thinkMs: 0,
            rec: satRec,
            finish: false,
          }),
        ),
      )
    ).filter((x) => x != null);
    const papers = await Promise.all(
      sessions.map((s) =>
        requestJson<{
          modules: Array<{ questions: Array<{ id: number; type: string; options: Array<{ id: string }> }> }>;
        }>(server.url, 'GET', '/api/sitting/geo-bench/paper', undefined, { authorization: `Bearer ${s!.token}` }),
      ),
    );
    const single = papers[0]!.body.modules.flatMap((m) => m.questions).filter((q) => q.type === 'single');
    const targets = (
      await requestJson<{ attempts: number[]; questions: number[] }>(server.url, 'GET', '/api/bench/bare-targets')
    ).body;
    const realLatencies: number[] = [];
    const bareLatencies: number[] = [];
    let realErrors = 0;
    let bareErrors = 0;
    let k = 0;
    // Both windows write the same pattern of rows: the n-th save goes to learner n and question n, each modulo how
    // many there are (100 learners and 6 single-choice questions here, 100 attempts and 30 questions there: 300
    // answer rows each). Pinning each learner to one question made the real window's rows three times as hot.
    const realSave = async () => {
      const n = k++;
      const me = n % sessions.length;
      const q = single[n % single.length]!;
      const t = performance.now();
      const res = await requestJson(
        server.url,
        'PUT',
        `/api/sitting/geo-bench/answers/${q.id}`,
        JSON.stringify({ value: { type: 'single', optionId: q.options[n % q.options.length]!.id } }),
        { authorization: `Bearer ${sessions[me]!.token}` },
      ).catch(() => ({ status: 0 }));
      realLatencies.push(performance.now() - t);
      if (res.status !== 200) realErrors++;
    };
    const bareSave = async () => {
      const me = k++;
      const attempt = targets.attempts[me % targets.attempts.length]!;
      const question = targets.questions[me % targets.questions.length]!;
      const t = performance.now();
      const res = await requestJson(
        server.url,
        'PUT',
        `/api/bench/bare-batched-answer/${attempt}/${question}`,
        JSON.stringify({ value: { type: 'single', optionId: 'a' } }),
      ).catch(() => ({ status: 0 }));
      bareLatencies.push(performance.now() - t);
      if (res.status !== 200) bareErrors++;
    };
    // Alternating windows (real, bare, real, bare …), so that background load weighs on both alike.
    let realMs = 0;
    let bareMs = 0;
    // The CPU each window took, by process group: what a save costs the server, the database and this generator.
    const zero = { serverMs: 0, databaseMs: 0, generatorMs: 0 };
    const realCpu = { ...zero };
    const bareCpu = { ...zero };
    const measured = async (into: CpuUsed, run: () => Promise<{ elapsedMs: number }>) => {
      const before = readCpu?.();
      const { elapsedMs } = await run();
      if (before && readCpu) {
        const used = cpuSince(before, readCpu());
        into.serverMs += used.serverMs;
        into.databaseMs += used.databaseMs;
        into.generatorMs += used.generatorMs;
      }
      return elapsedMs;
    };
    for (let w = 0; w < saturateWindows; w++) {
      realMs += await measured(realCpu, () => closedLoop(concurrency, saturateSeconds / saturateWindows, realSave));
      bareMs += await measured(bareCpu, () => closedLoop(concurrency, saturateSeconds / saturateWindows, bareSave));
    }

    const real = summarize(realLatencies);
    const bare = summarize(bareLatencies);
    const realRate = real.count / (realMs / 1000);
    const bareRate = bare.count / (bareMs / 1000);
    console.log(`\n== saturated, ${concurrency} connections, ${saturateSeconds} s each ==`);
    console.log(
      `real save route: ${fmt(realRate)} saves/s, p50 ${fmt(real.p50)} ms, p99 ${fmt(real.p99)} ms, errors ${realErrors}`,
    );
    console.log(
      `bare batched upsert route: ${fmt(bareRate)} upserts/s, p50 ${fmt(bare.p50)} ms, p99 ${fmt(bare.p99)} ms, errors ${bareErrors}`,
    );
    console.log(`real / bare batched throughput: ${fmt((realRate / bareRate) * 100)} % (information)`);
    // The target (decision 104): the server's and the database's CPU a real save within 1.33 × the bare batch's.
    const serverAndDb = (cpu: CpuUsed, count: number) => (cpu.serverMs + cpu.databaseMs) / count;
    const cpuRatio = readCpu ? serverAndDb(realCpu, real.count) / serverAndDb(bareCpu, bare.count) : null;
    if (readCpu) {
      const perSave = (cpu: CpuUsed, count: number) =>
        `server ${fmt(cpu.serverMs / count, 3)}, database ${fmt(cpu.databaseMs / count, 3)} (together ${fmt(serverAndDb(cpu, count), 3)}), generator ${fmt(cpu.generatorMs / count, 3)}`;
      console.log(`CPU ms a save (/proc): real         ${perSave(realCpu, real.count)}`);
      console.log(`                       bare batched ${perSave(bareCpu, bare.count)}`);
      console.log(`server + database CPU a save, real / bare batched: ${fmt(cpuRatio!, 2)} × (target ≤ 1.33 ×)`);
    }
    const footprint = national ? await reportFootprint(server.process.pid, server.databaseUrl) : null;
    console.log(`\n== targets ==`);
    // A missed target is a failed run: the exit code says so as well as the line.
    const check = (ok: boolean, text: string) => {
      console.log(`${ok ? 'PASS' : 'FAIL'}  ${text}`);
      if (!ok) process.exitCode = 1;
    };
    restart?.report(check);
    check(totalErrors === 0, `zero errors (${totalErrors})`);
    check(
      verified.lost === 0 && verified.checked === saves,
      `zero lost answers (${verified.lost} of ${verified.checked})`,
    );
    check(saveP99 <= 100, `answer-save p99 ≤ 100 ms (${fmt(saveP99)} ms)`);
    if (cpuRatio != null)
      check(
        cpuRatio <= 1.33,
        `server + database CPU a real save ≤ 1.33 × the bare batched upsert's (${fmt(cpuRatio, 2)} ×: real ${fmt(serverAndDb(realCpu, real.count), 3)} ms, bare batched ${fmt(serverAndDb(bareCpu, bare.count), 3)} ms)`,
      );
    else console.log('n/a   server + database CPU a save (no /proc on this machine)');
    if (database === 'postgres') {
      // The targets on PostgreSQL: sign-in and every arrival step p99 ≤ 1 s.
      check(signinP99 <= 1000, `sign-in p99 ≤ 1 s (${fmt(signinP99)} ms)`);
      const arrival = (['state', 'declaration', 'pin', 'details', 'paper'] as const).map(
        (step) => [step, summarize(rec.latencies[step]).p99] as const,
      );
      check(
        arrival.every(([, p99]) => p99 <= 1000),
        `every arrival step p99 ≤ 1 s (${arrival.map(([step, p99]) => `${step} ${fmt(p99, 0)} ms`).join(', ')})`,
      );
    }
    if (storm)
      check(
        admission.firstAnswerP99 <= 1000 && admission.answered === learners,
        `storm: every learner admitted or given a queue position, p99 ≤ 1 s (${admission.answered} of ${learners}, p99 ${fmt(admission.firstAnswerP99)} ms)`,
      );
    if (admission.queued > 0)
      check(
        admission.outOfOrder === 0,
        `queued learners admitted in ticket order (${admission.outOfOrder} of ${admission.queued} out of order; longest wait ${fmt(admission.longestMs / 1000)} s)`,
      );
    else console.log('n/a   the admission order (nobody was queued)');
    if (footprint) console.log(`info  largest process: ${footprint}`);
  } finally {
    await server.stop();
  }
}

/**
 * The waiting room's figures: time to the first answer (admitted or queued), how many were queued, the longest wait
 * for admission, and the order check: queued learners sorted by their ticket (else by arrival) must be
 * admitted in that order, allowing for polling (a learner learns of admission at the poll after it).
 */
function reportAdmission(admissions: AdmissionRecord[], storm: boolean) {
  const first = summarize(admissions.map((a) => a.firstAnswerMs));
  const queued = admissions.filter((a) => a.queued);
  const waits = summarize(queued.map((a) => a.admittedMs));
  const longest = summarize(admissions.map((a) => a.admittedMs)).max;
  // Tickets are the room's arrival order; a position is relative to the admitted count at that moment, so it
  // orders only learners queued at the same moment. Without a ticket (queued at the first look), the arrival.
  const order = [...queued].sort((x, y) => (x.ticket ?? x.arrival) - (y.ticket ?? y.arrival));
  // A learner's admission came before the answer that said admitted (admittedAt), and after the last ask told them
  // "not yet" (refusedAt), less the age of the server process's copy of the room that answered it (250 ms at most,
  // decision 055). One behind is out of order only when they were admitted for certain before someone ahead of
  // them can have been.
  const roomCopyMs = 250;
  let outOfOrder = 0;
  let aheadNotBefore = -Infinity;
  for (const a of order) {
    if (a.admittedAt < aheadNotBefore) outOfOrder++;
    aheadNotBefore = Math.max(aheadNotBefore, a.refusedAt - roomCopyMs);
  }
  // Folded, not spread into Math.max: a national day queues more learners than a call takes arguments.
  const positions = queued.map((a) => a.firstPosition).filter((p): p is number => p != null);
  console.log(`\n== ${storm ? 'storm' : 'waiting room'}: ${admissions.length} learners admitted ==`);
  console.log(
    `time to "admitted" or a queue position (sign-in + first state): p50 ${fmt(first.p50)} ms, p99 ${fmt(first.p99)} ms, max ${fmt(first.max)} ms`,
  );
  console.log(
    queued.length
      ? `queued: ${queued.length} (largest first position ${positions.reduce((a, b) => Math.max(a, b), 0)}), wait for admission p50 ${fmt(waits.p50 / 1000)} s, p99 ${fmt(waits.p99 / 1000)} s`
      : 'queued: none (every learner admitted at once, or the waiting room answered in a shape bench/lib/admission.ts does not read)',
  );
  console.log(`longest wait from sign-in to admission: ${fmt(longest / 1000, 2)} s`);
  console.log(
    `order: ${queued.length ? `${outOfOrder} of ${queued.length} queued learners admitted before one ahead of them` : 'n/a (nobody queued)'}`,
  );
  return {
    firstAnswerP99: first.p99,
    answered: admissions.length,
    outOfOrder,
    queued: queued.length,
    longestMs: longest,
  };
}

/**
 * The national day's footprint (decision 104): each server process's, the primary's and this generator's peak
 * resident memory, and the day's tables. Answers the largest process in words.
 */
async function reportFootprint(serverPid: number | undefined, databaseUrl: string | undefined) {
  console.log('\n== footprint ==');
  const peaks = processPeaks(serverPid);
  for (const p of peaks)
    console.log(`peak resident memory (VmHWM): ${p.name.padEnd(15)} pid ${p.pid}: ${mib(p.peakBytes)}`);
  if (databaseUrl) {
    const sizes = await tableSizes(databaseUrl);
    for (const [name, bytes] of sizes.tables)
      console.log(`table ${name.padEnd(15)} ${mib(bytes).padStart(12)} (with its indexes)`);
    console.log(`database as a whole ${mib(sizes.database).padStart(12)}`);
  }
  const largest = peaks.reduce<(typeof peaks)[number] | null>(
    (a, b) => (a && a.peakBytes >= b.peakBytes ? a : b),
    null,
  );
  return largest ? `${largest.name} (pid ${largest.pid}) at ${mib(largest.peakBytes)}` : 'n/a (no /proc)';
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
