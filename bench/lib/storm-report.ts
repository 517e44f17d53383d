import { fmt, percentile } from './stats.js';

/**
 * The reconnect storm's figures (bench/offline.ts), window by window: every request the devices made, by when it
 * was sent, in 10 s windows from the writing's start, so that the online learners' save times can be read before,
 * during and after the reconnect beside what the storm sent and what the machine's cores did meanwhile.
 */

/** One request answered: its kind ('save', 'state', 'config', 'beat'), status (0: network error), Date.now() sent, ms. */
export type Sample = [kind: string, status: number, startedAt: number, ms: number];

export interface StormRun {
  /** The requests of the devices that went offline, and of those that stayed online. */
  offline: Sample[];
  online: Sample[];
  t0: number;
  outageAt: number;
  reconnectAt: number;
  stopAt: number;
  /**
   * Window → "server (its primary) database generator machine" cores (machine: every process, others' too), and the
   * connections the kernel dropped with the listening queue full (bench/lib/cpu.ts's listenOverflows), and the most
   * database sessions at work at once and of them waiting for a lock.
   */
  cores: Map<number, string>;
  /** Window → the longest delay of each load generator's event loop (ms). */
  lagMs: Map<number, number>;
  onlineLagMs: Record<number, number>;
}

const WINDOW_MS = 10_000;

/** An error: a 5xx, or a 4xx the page does not retry (429 it does). Network errors are counted apart. */
export const isError = (status: number) => status >= 500 || (status >= 400 && status !== 429);

function byWindow(samples: Sample[], t0: number): Map<number, Sample[]> {
  const out = new Map<number, Sample[]>();
  for (const s of samples) {
    const w = Math.floor((s[2] - t0) / WINDOW_MS);
    let list = out.get(w);
    if (!list) out.set(w, (list = []));
    list.push(s);
  }
  return out;
}

/** "save 200 ×n, 503 ×m; state 200 ×k": every kind's statuses. */
function statuses(samples: Sample[]): string {
  const kinds = new Map<string, Map<number, number>>();
  for (const [kind, status] of samples) {
    let m = kinds.get(kind);
    if (!m) kinds.set(kind, (m = new Map()));
    m.set(status, (m.get(status) ?? 0) + 1);
  }
  return [...kinds]
    .map(
      ([kind, m]) =>
        `${kind} ${[...m]
          .sort((a, b) => a[0] - b[0])
          .map(([s, n]) => `${s === 0 ? 'network error' : s} ×${n}`)
          .join(', ')}`,
    )
    .join('; ');
}

export function windowTable(run: StormRun) {
  const online = byWindow(run.online, run.t0);
  const offline = byWindow(run.offline, run.t0);
  const last = Math.max(...online.keys(), ...offline.keys());
  const phase = (start: number) =>
    start < run.outageAt
      ? 'before'
      : start < run.reconnectAt
        ? 'outage'
        : start < run.reconnectAt + 60_000
          ? 'reconnect'
          : start < run.stopAt
            ? 'after'
            : 'draining';
  const rows = [
    '   s  phase       online saves: n   p50   p95   p99   max ms | storm: requests  p99 ms  not 2xx   | cores: server (primary) db generator machine, connections dropped, db sessions active/locked | late ms: here online',
  ];
  let worstP99 = 0;
  for (let w = 0; w <= last; w++) {
    const start = run.t0 + w * WINDOW_MS;
    const saves = (online.get(w) ?? []).filter((s) => s[0] === 'save' && s[1] !== 0);
    const ms = saves.map((s) => s[3]).sort((a, b) => a - b);
    const p99 = percentile(ms, 99);
    if (ms.length) worstP99 = Math.max(worstP99, p99);
    const storm = offline.get(w) ?? [];
    const stormMs = storm.map((s) => s[3]).sort((a, b) => a - b);
    const not2xx = storm.filter((s) => s[1] !== 200).length + (online.get(w) ?? []).filter((s) => s[1] !== 200).length;
    rows.push(
      `${String(w * 10).padStart(4)}  ${phase(start).padEnd(10)} ${String(ms.length).padStart(17)} ${fmt(percentile(ms, 50), 0).padStart(5)} ` +
        `${fmt(percentile(ms, 95), 0).padStart(5)} ${fmt(p99, 0).padStart(5)} ${fmt(ms.at(-1) ?? NaN, 0).padStart(5)}    | ` +
        `${String(storm.length).padStart(15)} ${fmt(percentile(stormMs, 99), 0).padStart(7)} ${String(not2xx).padStart(8)}   | ` +
        `${(run.cores.get(w) ?? '').padStart(52)} | ${fmt(run.lagMs.get(w) ?? NaN, 0).padStart(12)} ${fmt(run.onlineLagMs[w] ?? NaN, 0).padStart(6)}`,
    );
  }
  const every = [...run.offline, ...run.online];
  return {
    table: rows.join('\n'),
    worstP99,
    errors: every.filter((s) => isError(s[1])).length,
    statusLine: `online throughout: ${statuses(run.online)}\n         back from the outage: ${statuses(run.offline)}`,
  };
}
