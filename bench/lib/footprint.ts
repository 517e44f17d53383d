import { readFileSync, readdirSync } from 'node:fs';
import pg from 'pg';

/**
 * What a long benchmark leaves behind (bench/exam.ts --national, decision 104): the largest resident memory each
 * process reached (VmHWM in Linux's /proc/<pid>/status: the high-water mark of its resident set), and how large the
 * day's tables grew.
 */

/** VmHWM of a process in bytes; null when it is gone or /proc is missing. */
function peakRss(pid: number | 'self'): number | null {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmHWM:'));
    const kb = Number(line?.split(/\s+/)[1]);
    return Number.isFinite(kb) ? kb * 1024 : null;
  } catch {
    return null;
  }
}

function parentOf(pid: string): number | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(text.slice(text.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/** A child of the primary: a server process, or a helper by its program's name (tsx's esbuild, for one). */
function childName(pid: string): string {
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    if (args.some((a) => a.includes('server-entry') || a.includes('server/main'))) return 'server process';
    return (args[0] ?? 'child').split('/').pop() || 'child';
  } catch {
    return 'child';
  }
}

export interface ProcessPeak {
  name: string;
  pid: number;
  peakBytes: number;
}

/**
 * The peak resident memory of the server's primary (the process the benchmark started), each of its children (the
 * server processes; on one process the primary is the server) and this load generator. Read before the server
 * stops: a process that ended has no figure.
 */
export function processPeaks(serverPid: number | undefined): ProcessPeak[] {
  const peaks: ProcessPeak[] = [];
  if (serverPid != null) {
    const own = peakRss(serverPid);
    if (own != null) peaks.push({ name: 'server primary', pid: serverPid, peakBytes: own });
    let names: string[] = [];
    try {
      names = readdirSync('/proc').filter((n) => /^\d+$/.test(n));
    } catch {
      // no /proc: only what was read above
    }
    for (const name of names) {
      if (parentOf(name) !== serverPid) continue;
      const bytes = peakRss(Number(name));
      if (bytes != null) peaks.push({ name: childName(name), pid: Number(name), peakBytes: bytes });
    }
  }
  const generator = peakRss('self');
  if (generator != null) peaks.push({ name: 'load generator', pid: process.pid, peakBytes: generator });
  return peaks;
}

/** The day's main tables, and the whole database, in bytes (each table with its indexes and TOAST). */
export async function tableSizes(databaseUrl: string): Promise<{ tables: Array<[string, number]>; database: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const names = ['answers', 'attempts', 'sessions', 'users', 'waiting_places', 'waiting_rooms', 'throttles'];
    const { rows } = await client.query<{ name: string; bytes: string }>(
      `select c.relname as name, pg_total_relation_size(c.oid)::text as bytes
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = current_schema() and c.relkind = 'r' and c.relname = any($1::text[])
       order by pg_total_relation_size(c.oid) desc`,
      [names],
    );
    const db = await client.query<{ bytes: string }>(`select pg_database_size(current_database())::text as bytes`);
    return { tables: rows.map((r) => [r.name, Number(r.bytes)]), database: Number(db.rows[0]!.bytes) };
  } finally {
    await client.end();
  }
}

export const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
