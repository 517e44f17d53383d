import { readFileSync, readdirSync } from 'node:fs';

/**
 * Where a benchmark's CPU goes, read from Linux's /proc: the server's processes (the one started and its
 * children: the cluster's server processes), PostgreSQL's processes (every `postgres` on the machine, so a quiet
 * machine is assumed, as for every figure here), and this load generator itself. On a machine without /proc the
 * figures are absent (null), never invented.
 */

/** Clock ticks a second of /proc's CPU times: 100 on every Linux this project runs on (USER_HZ). */
const TICKS_PER_SECOND = 100;

interface ProcStat {
  pid: number;
  ppid: number;
  comm: string;
  /** User and system CPU in milliseconds. */
  cpuMs: number;
}

function readStat(pid: string): ProcStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split after its last ')'.
    const close = text.lastIndexOf(')');
    const comm = text.slice(text.indexOf('(') + 1, close);
    const fields = text.slice(close + 2).split(' ');
    // After comm: state(0) ppid(1) … utime(11) stime(12).
    const ticks = Number(fields[11]) + Number(fields[12]);
    return { pid: Number(pid), ppid: Number(fields[1]), comm, cpuMs: (ticks * 1000) / TICKS_PER_SECOND };
  } catch {
    return null; // gone meanwhile
  }
}

export interface CpuSnapshot {
  serverMs: number;
  databaseMs: number;
  generatorMs: number;
}

/** A reader of CPU so far by group; null where /proc is missing. */
export function cpuGroups(serverPid: number | undefined): (() => CpuSnapshot) | null {
  try {
    readdirSync('/proc');
  } catch {
    return null;
  }
  return () => {
    const stats = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(readStat)
      .filter((s): s is ProcStat => s != null);
    let serverMs = 0;
    let databaseMs = 0;
    for (const s of stats) {
      if (s.pid === serverPid || s.ppid === serverPid) serverMs += s.cpuMs;
      else if (s.comm === 'postgres') databaseMs += s.cpuMs;
    }
    const own = process.cpuUsage();
    return { serverMs, databaseMs, generatorMs: (own.user + own.system) / 1000 };
  };
}

/** CPU used between two snapshots. */
export const cpuSince = (before: CpuSnapshot, after: CpuSnapshot): CpuSnapshot => ({
  serverMs: after.serverMs - before.serverMs,
  databaseMs: after.databaseMs - before.databaseMs,
  generatorMs: after.generatorMs - before.generatorMs,
});
