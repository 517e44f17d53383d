/**
 * The reconnect storm: learners writing on PostgreSQL, the network gone for most of them for minutes while they
 * keep answering into their devices' outboxes, then back for all of them at one instant. Each device is the page's
 * outbox as web/src/features/sitting/outbox/sync.ts keeps it (bench/lib/device.ts): the latest value of each
 * question, each its own PUT with the time it was given (givenAt), every pending one sent at the 'online' event,
 * failures retried with backoff and jitter from 1 s to 30 s; and what the page does beside it at that instant.
 *
 *   npm run bench:offline [-- --learners 5000 --outage-s 300 --port 3210
 *                            --database-url postgres://postgres@127.0.0.1:5432/bench_offline]
 *   npm run bench:offline -- --learners 500 --outage-s 20 --before-s 20 --after-s 30   (a smoke run, two minutes)
 *
 * The run: the server as `npm start` runs it on PostgreSQL (one process per core, --processes N for WEB_PROCESSES)
 * on a fresh database of that name (dropped and made again, dropped at the end); the learners sign in and open
 * their paper as bench:exam's do (evenly over --arrival-seconds); then they write, one answer every --think-ms
 * ±1/3 (30 s: 20–40 s, so 5,000 learners give about 170 answers a second), a quarter of them changing an answer
 * given before. --online-share of them (10 %: the school with its own line) stay online throughout, in a process of
 * their own (bench/lib/online-devices.ts), so that the storm's requests never delay theirs in one event loop. The
 * rest lose the network after --before-s (60 s) for --outage-s, and get it back at one instant; the writing goes on
 * for --after-s (90 s), then stops, every outbox empties, and the database is compared with the last value each
 * device gave to each question.
 *
 * Targets: every outbox empty within 60 s of the reconnect, 0 answers lost, 0 errors (no 5xx, nor a 4xx the page
 * drops or stops on; 429 and network errors, which the devices retry by design, are counted apart), and the online
 * learners' save p99 ≤ 100 ms in every 10 s window. Each window's line says beside it where the machine's cores went
 * (the server, its cluster primary, PostgreSQL, this generator, the whole machine with others' work), the connections
 * the kernel dropped with the server's listening queue full, and the most database sessions at work and waiting for
 * a lock. The machine's own limits in the same run (bench/lib/machine-limits.ts): argon2 verifications a second at
 * the start; at the end the bare JSON route, the bare answer upsert (bench/lib/bare-route.ts) and the real save
 * saturated. Bounded: a watchdog ends it.
 *
 * --reconnect-spread-s N: each device waits a moment of its own within N seconds of the 'online' event before it
 * flushes, as the page does (web/src/lib/offline/reconnect.ts; by default the spread the server gives with the paper
 * for this many learners writing; 0 measures a page that flushes at once, decision 089).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import readline from 'node:readline';
import pg from 'pg';
import { reconnectSpreadSeconds } from '../server/features/sitting/writers-now.js';
import { arg, textArg } from './lib/args.js';
import { cpuGroups, cpuSince, listenOverflows, machineBusyMs, openFilesLimit } from './lib/cpu.js';
import { Device, type DeviceQuestion, drained, write } from './lib/device.js';
import { requestJson } from './lib/http.js';
import { canonical, newRecorder, runLearner } from './lib/learner.js';
import type { OnlineResult, OnlineSetup } from './lib/online-devices.js';
import { startServer, stopAfter } from './lib/server.js';
import { fmt, percentile } from './lib/stats.js';
import { machineLimits, rawHashRate } from './lib/machine-limits.js';
import { windowTable, type Sample } from './lib/storm-report.js';

const learners = arg('learners', 5000);
const outageSeconds = arg('outage-s', 300);
const beforeSeconds = arg('before-s', 60);
const afterSeconds = arg('after-s', 90);
const arrivalSeconds = arg('arrival-seconds', Math.max(10, Math.round(learners / 80)));
const thinkMs = arg('think-ms', 30_000);
const onlineShare = arg('online-share', 0.1);
/**
 * Each device waits a moment of its own within this many seconds before flushing: by default what the server gives
 * with the paper for this many learners writing (Paper.reconnectSpreadSeconds); 0: at once.
 */
const spreadSeconds = arg('reconnect-spread-s', reconnectSpreadSeconds(learners));
const processes = arg('processes', 0);
const port = arg('port', 3210);
const databaseUrl = textArg('database-url', 'postgres://postgres@127.0.0.1:5432/bench_offline');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const loads = () =>
  os
    .loadavg()
    .map((l) => fmt(l, 2))
    .join(' ');

/** The database named by --database-url, dropped and made again (or dropped only), on its server. */
async function recreate(url: string, make: boolean) {
  const u = new URL(url);
  const name = u.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`--database-url: "${name}" is not a plain database name`);
  u.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: u.toString() });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  if (make) await admin.query(`create database ${name}`);
  await admin.end();
}

async function main() {
  const rawHash = await rawHashRate();
  const loadAtStart = loads();
  const offlineCount = learners - Math.round(learners * onlineShare);
  // A browser opens up to 6 connections to an origin over HTTP/1.1; this one process holds every offline device's,
  // so their number is held under its open-files limit (said in the heading).
  const fileLimit = openFilesLimit();
  const connections = arg(
    'device-connections',
    Math.max(1, Math.min(6, Math.floor((fileLimit - 2000) / offlineCount))),
  );
  console.log(
    `Reconnect storm on PostgreSQL: ${learners} learners, ${learners - offlineCount} online throughout, ${offlineCount} ` +
      `offline for ${outageSeconds} s after ${beforeSeconds} s of writing, then back at one instant; writing ${afterSeconds} s after; ` +
      `an answer every ${fmt(thinkMs / 1000, 0)} s ±1/3 each (${fmt(learners / (thinkMs / 1000), 0)} answers/s offered); ` +
      `${connections} connections a device (open-files limit ${fileLimit}); load average ${loadAtStart}` +
      (spreadSeconds > 0
        ? `; each device flushes at a moment of its own within ${spreadSeconds} s` +
          (spreadSeconds === reconnectSpreadSeconds(learners) ? ' (as the server tells the page)' : ' (not the page)')
        : '; each device flushes at once (not the page)'),
  );
  await recreate(databaseUrl, true);
  const server = await startServer({
    port,
    env: {
      BENCH_LEARNERS: String(learners),
      SITTING_SWEEP_SECONDS: '15',
      ...(processes > 0 ? { WEB_PROCESSES: String(processes) } : {}),
    },
    reuse: { dataDir: mkdtempSync(path.join(os.tmpdir(), 'olympus-offline-')), databaseUrl },
    startTimeoutMs: 300_000,
  });
  const serverProcesses = /(\d+) server processes/.exec(server.banner)?.[1] ?? '1';
  const bound = arrivalSeconds + beforeSeconds + outageSeconds + afterSeconds + 600;
  const callOff = stopAfter(server, bound, 'bench:offline');
  try {
    /* ---- 1. sign in and open the paper, as bench:exam's learners do ---- */
    const rec = newRecorder();
    const t = performance.now();
    const gap = (arrivalSeconds * 1000) / learners;
    const sessions = await Promise.all(
      Array.from({ length: learners }, async (_, i) => {
        await sleep(i * gap);
        const s = await runLearner({
          baseUrl: () => server.url,
          olympiad: 'geo-bench',
          username: `bench-${i + 1}`,
          password: 'bench-password',
          answers: 0,
          thinkMs: 0,
          rec,
          finish: false,
        });
        return s && { username: `bench-${i + 1}`, token: s.token };
      }),
    );
    const signedIn = sessions.filter((s) => s != null);
    console.log(
      `${serverProcesses} server processes; ${signedIn.length} of ${learners} learners signed in with their paper open ` +
        `in ${fmt((performance.now() - t) / 1000)} s (${[...rec.errors].map(([k, n]) => `${k}: ${n}`).join(', ') || 'no errors'})`,
    );
    if (signedIn.length < learners) throw new Error('not every learner got their paper');
    const auth = { authorization: `Bearer ${signedIn[0]!.token}` };
    const state = await requestJson<{ olympiad: { id: number } }>(
      server.url,
      'GET',
      '/api/sitting/geo-bench/state',
      undefined,
      auth,
    );
    const paper = await requestJson<{
      modules: Array<{ questions: Array<{ id: number; type: string; options: Array<{ id: string }> }> }>;
    }>(server.url, 'GET', '/api/sitting/geo-bench/paper', undefined, auth);
    const questions: DeviceQuestion[] = paper.body.modules.flatMap((m, mi) =>
      m.questions.map((q, qi) => ({
        id: q.id,
        type: q.type,
        options: q.options.map((o) => o.id).sort(),
        moduleIndex: mi,
        questionIndex: qi,
      })),
    );

    /* ---- 2. the writing: online throughout in their own process, the rest here ---- */
    const t0 = Date.now() + 2000;
    const outageAt = t0 + beforeSeconds * 1000;
    const reconnectAt = outageAt + outageSeconds * 1000;
    const stopAt = reconnectAt + afterSeconds * 1000;
    const online = signedIn.slice(offlineCount);
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/online-devices.ts'], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const childLines = readline.createInterface({ input: child.stdout! });
    let childLast = '';
    const childStarted = new Promise<void>((resolve) =>
      childLines.on('line', (l) => (l === 'started' ? resolve() : (childLast = l))),
    );
    const childDone = new Promise<OnlineResult>((resolve, reject) =>
      child.on('exit', (code) => {
        // Parsed here, not thrown from the handler: an uncaught error would skip the server's stop below.
        try {
          if (code !== 0) throw new Error(`online devices exited ${code}`);
          resolve(JSON.parse(childLast) as OnlineResult);
        } catch (err) {
          reject(err as Error);
        }
      }),
    );
    const setup: OnlineSetup = {
      origin: server.url,
      olympiad: 'geo-bench',
      olympiadId: state.body.olympiad.id,
      learners: online,
      questions,
      thinkMs,
      connections,
      t0,
    };
    child.stdin!.write(`${JSON.stringify(setup)}\n`);
    await childStarted;

    const samples: Sample[] = [];
    const log = {
      answered: (kind: string, status: number, at: number, ms: number) => samples.push([kind, status, at, ms]),
    };
    const offline = signedIn.slice(0, offlineCount).map(({ username, token }) => ({
      username,
      device: new Device(server.url, 'geo-bench', state.body.olympiad.id, token, connections, log),
    }));
    const devices = offline.map((d) => d.device);
    await sleep(t0 - Date.now());
    let writing = true;
    offline.forEach(({ device }, i) => {
      device.start();
      void write(device, questions, thinkMs, (online.length + i) * 1000, () => !writing);
    });
    // Each 10 s window's CPU by process group and this process's lateness, for the table.
    // What the database's sessions were doing, twice a second: the most at work at once, and of those the most
    // waiting for a lock (a batch of saves holds its attempts' rows until it commits), for the table.
    const watch = new pg.Client({ connectionString: databaseUrl });
    await watch.connect();
    let active = 0;
    let locked = 0;
    const sampler = setInterval(() => {
      void watch
        .query<{ active: string; locked: string }>(
          `select count(*) filter (where state = 'active') as active, count(*) filter (where wait_event_type = 'Lock') as locked
           from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
        )
        .then(
          (r) => {
            active = Math.max(active, Number(r.rows[0]!.active));
            locked = Math.max(locked, Number(r.rows[0]!.locked));
          },
          () => undefined,
        );
    }, 500);
    const readCpu = cpuGroups(server.process.pid);
    let cpuBefore = readCpu?.();
    let machineBefore = machineBusyMs();
    let overflowsBefore = listenOverflows();
    let readAt = Date.now();
    const cores = new Map<number, string>();
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    const lagMs = new Map<number, number>();
    const tick = () => {
      const w = Math.round((Date.now() - t0) / 10_000) - 1;
      lagMs.set(w, lag.max / 1e6);
      lag.reset();
      if (readCpu && cpuBefore) {
        const now = readCpu();
        const used = cpuSince(cpuBefore, now);
        // Over the time since the last reading: a late timer makes a window longer than 10 s.
        const ms = Date.now() - readAt;
        readAt = Date.now();
        const c = (x: number) => fmt(x / ms, 2);
        const overflows = listenOverflows();
        const dropped = overflows != null && overflowsBefore != null ? overflows - overflowsBefore : NaN;
        overflowsBefore = overflows;
        const machine = machineBusyMs();
        const all = machine != null && machineBefore != null ? c(machine - machineBefore) : 'n/a';
        machineBefore = machine;
        // The primary of the cluster apart: it accepts every connection and hands it to a server process.
        const pid = server.process.pid!;
        const primary = (now.processes.get(pid)?.cpuMs ?? 0) - (cpuBefore.processes.get(pid)?.cpuMs ?? 0);
        cores.set(
          w,
          `${c(used.serverMs)} (${c(primary)}) ${c(used.databaseMs)} ${c(used.generatorMs)} ${all} ${fmt(dropped, 0)} ${active}/${locked}`,
        );
        cpuBefore = now;
        active = 0;
        locked = 0;
      }
      const waiting = devices.filter((d) => d.pending.size > 0).length;
      const unsent = devices.reduce((a, d) => a + d.pending.size, 0);
      console.log(
        `  ${(w + 1) * 10} s: ${waiting} outboxes holding ${unsent} answers; ${samples.length} requests answered here`,
      );
    };
    // Read half a second before each 10 s mark, so that what happens at a mark (the outage, the reconnect) falls in the
    // window it begins.
    let progress: ReturnType<typeof setInterval> | undefined;
    const first = setTimeout(
      () => {
        tick();
        progress = setInterval(tick, 10_000);
      },
      t0 + 9_500 - Date.now(),
    );
    await sleep(outageAt - Date.now());
    for (const d of devices) d.goOffline();
    console.log(`  the network is gone for ${offlineCount} learners`);
    await sleep(reconnectAt - Date.now());
    const unsentAtReconnect = devices.reduce((a, d) => a + d.pending.size, 0);
    // The 'online' event at the same instant on every device: one turn of this event loop.
    const reconnected = Date.now();
    for (const d of devices) d.goOnline(spreadSeconds * 1000);
    console.log(
      `  back online at one instant: ${unsentAtReconnect} answers in ${devices.filter((d) => d.pending.size > 0).length} outboxes`,
    );
    await sleep(stopAt - Date.now());
    writing = false;
    child.stdin!.write('stop\n');
    const emptied = await drained(devices, 60_000);
    for (const d of devices) d.stop();
    const onlineResult = await childDone;
    clearTimeout(first);
    clearInterval(progress);
    clearInterval(sampler);
    await watch.end();

    /* ---- 3. the database against what every device gave ---- */
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const stored = await db.query<{ username: string; question_id: number; value: unknown }>(`
      select u.username, an.question_id, an.value from answers an
      join attempts a on a.id = an.attempt_id join users u on u.id = a.user_id
      join olympiads o on o.id = a.olympiad_id where o.var_name = 'geo-bench' and u.username like 'bench-%'`);
    await db.end();
    const held = new Map(stored.rows.map((r) => [`${r.username}|${r.question_id}`, canonical(r.value)]));
    const given: Array<[string, string, string]> = [
      ...offline.flatMap(({ username, device }) =>
        [...device.given].map(([q, v]) => [username, String(q), v] as [string, string, string]),
      ),
      ...Object.entries(onlineResult.given).flatMap(([username, m]) =>
        Object.entries(m).map(([q, v]) => [username, q, v] as [string, string, string]),
      ),
    ];
    const lost = given.filter(([u, q, v]) => held.get(`${u}|${q}`) !== v).length;

    /* ---- 4. the machine's own limits, in the same run ---- */
    const limits = await machineLimits(
      server.url,
      signedIn.slice(0, 100).map((s) => s.token),
      questions,
    );

    /* ---- report ---- */
    const all: Sample[] = [...samples, ...onlineResult.samples];
    const report = windowTable({
      offline: samples,
      online: onlineResult.samples,
      t0,
      outageAt,
      reconnectAt,
      stopAt,
      cores,
      lagMs,
      onlineLagMs: onlineResult.lagMs,
    });
    const flushTimes = devices
      .map((d) => (d.emptiedAt == null ? Infinity : d.emptiedAt - reconnected))
      .sort((a, b) => a - b);
    const refused = devices.reduce((a, d) => a + d.refused, 0) + onlineResult.refused;
    console.log(`\n== reconnect storm (PostgreSQL, ${serverProcesses} server processes) ==`);
    console.log(
      `machine: ${os.cpus().length} cores, load average at start ${loadAtStart}, at end ${loads()}; ` +
        `raw argon2 verifications/s ${fmt(rawHash)}; bare JSON route ${fmt(limits.json)} req/s; ` +
        `bare answer upsert ${fmt(limits.upsert)}/s; real save route ${fmt(limits.save)}/s (100 connections each)`,
    );
    console.log(
      `answers given: ${given.length} last values (${all.filter((s) => s[0] === 'save' && s[1] === 200).length} saves acknowledged); ` +
        `${unsentAtReconnect} waited in ${offlineCount} outboxes at the reconnect`,
    );
    console.log(
      `outboxes empty after the reconnect: p50 ${fmt(percentile(flushTimes, 50) / 1000, 2)} s, p99 ${fmt(percentile(flushTimes, 99) / 1000, 2)} s, ` +
        `the last ${fmt(flushTimes.at(-1)! / 1000, 2)} s${emptied && onlineResult.drained ? '' : ' (some never emptied)'}`,
    );
    console.log(`answers: ${report.statusLine}`);
    console.log(`lost: ${lost} of ${given.length}; refusals the page drops or stops on: ${refused}`);
    console.log(report.table);
    console.log(`\n== targets ==`);
    const check = (ok: boolean, text: string) => {
      console.log(`${ok ? 'PASS' : 'FAIL'}  ${text}`);
      if (!ok) process.exitCode = 1;
    };
    check(
      flushTimes.at(-1)! <= 60_000,
      `every outbox empty within 60 s of the reconnect (${fmt(flushTimes.at(-1)! / 1000, 1)} s)`,
    );
    check(lost === 0, `0 answers lost (${lost})`);
    check(
      report.errors === 0 && refused === 0,
      `0 errors: no 5xx, no refusal (${report.errors} 5xx and other, ${refused} refusals)`,
    );
    check(
      report.worstP99 <= 100,
      `online learners' save p99 ≤ 100 ms in every 10 s window (worst ${fmt(report.worstP99)} ms)`,
    );
  } finally {
    callOff();
    await server.stop();
    await recreate(databaseUrl, false);
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
