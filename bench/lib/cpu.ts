import { readFileSync, readdirSync } from 'node:fs';

/**
 * Where a benchmark's CPU goes, read from Linux's /proc: the server's processes (the one started and its
 * children: the cluster's server processes), PostgreSQL's processes (every `postgres` on the machine, so a quiet
 * machine is assumed, as for every figure here), and this load generator itself. On a machine without /proc the
 * figures are absent (null), never invented.
 */

/** Clock ticks a second of /proc's CPU times: 100 on every Linux this project runs on (USER_HZ). */
const TICKS_PER_SECOND = 100;

type Group = 'server' | 'database';

/** CPU so far (ms) of each process of a group, by pid. */
export interface CpuSnapshot {
  processes: Map<number, { group: Group; cpuMs: number }>;
  generatorMs: number;
}

export interface CpuUsed {
  serverMs: number;
  databaseMs: number;
  generatorMs: number;
}

function readStat(pid: string): { ppid: number; comm: string; cpuMs: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split after its last ')'.
    const close = text.lastIndexOf(')');
    const comm = text.slice(text.indexOf('(') + 1, close);
    const fields = text.slice(close + 2).split(' ');
    // After comm: state(0) ppid(1) … utime(11) stime(12).
    const ticks = Number(fields[11]) + Number(fields[12]);
    return { ppid: Number(fields[1]), comm, cpuMs: (ticks * 1000) / TICKS_PER_SECOND };
  } catch {
    return null; // gone meanwhile
  }
}

/** A reader of CPU so far by process; null where /proc is missing. */
export function cpuGroups(serverPid: number | undefined): (() => CpuSnapshot) | null {
  try {
    readdirSync('/proc');
  } catch {
    return null;
  }
  return () => {
    const processes = new Map<number, { group: Group; cpuMs: number }>();
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      const s = readStat(name);
      if (!s) continue;
      const pid = Number(name);
      if (pid === serverPid || s.ppid === serverPid) processes.set(pid, { group: 'server', cpuMs: s.cpuMs });
      else if (s.comm === 'postgres') processes.set(pid, { group: 'database', cpuMs: s.cpuMs });
    }
    const own = process.cpuUsage();
    return { processes, generatorMs: (own.user + own.system) / 1000 };
  };
}

/**
 * CPU used between two snapshots, process by process: one started meanwhile counts whole; one that ended meanwhile
 * (an autovacuum worker, a closed connection) counts nothing for its last moments, never less than nothing.
 */
export function cpuSince(before: CpuSnapshot, after: CpuSnapshot): CpuUsed {
  const used: CpuUsed = { serverMs: 0, databaseMs: 0, generatorMs: after.generatorMs - before.generatorMs };
  for (const [pid, now] of after.processes) {
    const delta = now.cpuMs - (before.processes.get(pid)?.cpuMs ?? 0);
    if (now.group === 'server') used.serverMs += delta;
    else used.databaseMs += delta;
  }
  return used;
}

/**
 * CPU the whole machine has spent so far (ms, every core together, idle and I/O wait left out), from /proc/stat; null
 * without /proc. Beside the groups above, what the machine did besides them: other people's work on a shared machine.
 */
export function machineBusyMs(): number | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal …
    const busy = fields[0]! + fields[1]! + fields[2]! + fields[5]! + fields[6]! + (fields[7] ?? 0);
    return (busy * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** How many files this process may open (its sockets among them), from /proc; 1,024 where unreadable. */
export function openFilesLimit(): number {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    return Number(line?.split(/\s+/)[3]) || 1024;
  } catch {
    return 1024;
  }
}

/**
 * Connections the kernel dropped so far because a listening socket's queue of accepted connections was full
 * (TcpExt ListenOverflows in /proc/net/netstat, the whole machine's): a client whose connection is dropped so tries
 * again after 1 s, then 2, 4, 8 … (its SYN's retransmission). Null without /proc.
 */
export function listenOverflows(): number | null {
  try {
    const lines = readFileSync('/proc/net/netstat', 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('TcpExt:'));
    const names = lines[0]!.split(/\s+/);
    const values = lines[1]!.split(/\s+/);
    return Number(values[names.indexOf('ListenOverflows')]);
  } catch {
    return null;
  }
}
