/**
 * The side load process's end of bench/lib/side-load.ts's protocol: it prints "started" once ready, then reads
 * "on", "off" and "stop" lines on its standard input; at "stop" it prints one JSON line, { requests, errors, p50,
 * p99 } of the requests it made while on, and exits. Switched on and off rather than started per window, so that
 * windows can be short and many without a process start in any of them.
 */
import readline from 'node:readline';
import { summarize } from './stats.js';

export interface SideControl {
  /** Whether the load should run now. */
  readonly on: boolean;
  readonly stopped: boolean;
  /** Resolves once switched on (at once if on), or stopped. */
  whenOn(): Promise<void>;
  /** Records one request made while on. */
  record(ms: number, ok: boolean): void;
}

export function sideControl(): SideControl & { ready(): void } {
  let on = false;
  let stopped = false;
  let wake: () => void = () => {};
  let switchedOn = new Promise<void>((r) => (wake = r));
  const latencies: number[] = [];
  let errors = 0;
  const finish = () => {
    const s = summarize(latencies);
    console.log(JSON.stringify({ requests: s.count, errors, p50: s.p50, p99: s.p99 }));
    process.exit(0);
  };
  readline.createInterface({ input: process.stdin }).on('line', (line) => {
    if (line === 'on' && !on) {
      on = true;
      wake();
    } else if (line === 'off' && on) {
      on = false;
      switchedOn = new Promise<void>((r) => (wake = r));
    } else if (line === 'stop') {
      stopped = true;
      on = false;
      wake();
      // Requests under way end within their timeout; the figures are those of the windows.
      setTimeout(finish, 50);
    }
  });
  return {
    get on() {
      return on;
    },
    get stopped() {
      return stopped;
    },
    whenOn: () => (on || stopped ? Promise.resolve() : switchedOn),
    record(ms, ok) {
      latencies.push(ms);
      if (!ok) errors++;
    },
    ready: () => console.log('started'),
  };
}
