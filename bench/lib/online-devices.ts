/**
 * The learners who stay online through the reconnect storm (bench/offline.ts), in a process of their own: their save
 * times are the figure the storm must not spoil, so they are measured where the storm's own requests cannot delay
 * them in the same event loop (the devices going back online send tens of thousands of requests in one turn).
 *
 * Reads one JSON line on its standard input (the server, the learners' tokens, the questions, the pace), prints
 * "started", writes until it reads "stop", lets every outbox empty (60 s at most), then prints one JSON line: every
 * request answered ([kind, status, startedAt, ms]), the last value each learner gave to each question, the page's
 * refusals, and how late this process's event loop ran in each 10 s window. Run by bench/offline.ts only.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import readline from 'node:readline';
import { Device, type DeviceQuestion, drained, write } from './device.js';

export interface OnlineSetup {
  origin: string;
  olympiad: string;
  olympiadId: number;
  learners: Array<{ username: string; token: string }>;
  questions: DeviceQuestion[];
  thinkMs: number;
  connections: number;
  /** Date.now() of the writing's start: the 10 s windows count from it. */
  t0: number;
}

export interface OnlineResult {
  samples: Array<[kind: string, status: number, startedAt: number, ms: number]>;
  given: Record<string, Record<string, string>>;
  refused: number;
  drained: boolean;
  /** Window index → the longest delay of this process's event loop in it (ms). */
  lagMs: Record<number, number>;
}

const lines = readline.createInterface({ input: process.stdin });
let setup: OnlineSetup | null = null;
let stopped = false;
const samples: OnlineResult['samples'] = [];
const devices: Array<{ username: string; device: Device }> = [];
const lag = monitorEventLoopDelay({ resolution: 10 });
const lagMs: Record<number, number> = {};

lines.on('line', (line) => {
  if (!setup) {
    setup = JSON.parse(line) as OnlineSetup;
    begin(setup);
  } else if (line === 'stop' && !stopped) {
    stopped = true;
    void end();
  }
});

function begin(s: OnlineSetup) {
  lag.enable();
  setInterval(() => {
    lagMs[Math.floor((Date.now() - s.t0) / 10_000)] = lag.max / 1e6;
    lag.reset();
  }, 10_000).unref();
  const log = {
    answered: (kind: string, status: number, at: number, ms: number) => samples.push([kind, status, at, ms]),
  };
  s.learners.forEach(({ username, token }, i) => {
    const device = new Device(s.origin, s.olympiad, s.olympiadId, token, s.connections, log);
    devices.push({ username, device });
    device.start();
    void write(device, s.questions, s.thinkMs, i * 1000, () => stopped);
  });
  console.log('started');
}

async function end() {
  const all = devices.map((d) => d.device);
  const emptied = await drained(all, 60_000);
  for (const d of all) d.stop();
  const result: OnlineResult = {
    samples,
    given: Object.fromEntries(devices.map(({ username, device }) => [username, Object.fromEntries(device.given)])),
    refused: all.reduce((a, d) => a + d.refused, 0),
    drained: emptied,
    lagMs,
  };
  // Written whole before the exit: a pipe takes a large line in parts, and exiting at once would cut it.
  process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(0));
}
