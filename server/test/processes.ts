import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real `npm start` server (`server/main.ts`) in processes of its own, on a database a test server already
 * uses: for the multi-process cases (decision 040). PostgreSQL only: the embedded PGlite belongs to one process.
 */
export interface ServerProcess {
  url: string;
  /** The process started (with WEB_PROCESSES above 1, the primary). */
  child: ChildProcess;
  /** Its server processes' ids (with WEB_PROCESSES above 1, the primary's children running the server). */
  workerPids(): number[];
  /** What it printed on standard output and standard error so far. */
  output(): string;
  /** SIGTERM, then waits for it to exit: answers the exit code (null when a signal ended it). */
  stop(): Promise<number | null>;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Starts `server/main.ts` on `databaseUrl`; resolves once it printed that it runs (every server process listens). */
export async function startServerProcess(o: {
  databaseUrl: string;
  appSecret: string;
  env?: Record<string, string>;
  startTimeoutMs?: number;
}): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'olympus-process-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: o.databaseUrl,
      APP_SECRET: o.appSecret,
      PUBLIC_URL: 'http://olympus.test',
      SEED_DEMO: 'never',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      ...o.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout!.on('data', (d: Buffer) => (printed += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (printed += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + (o.startTimeoutMs ?? 100_000);
  while (!printed.includes('Olympus is running at')) {
    if (child.exitCode != null) throw new Error(`server/main.ts exited with ${child.exitCode}:\n${printed}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server/main.ts did not start in time:\n${printed}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    workerPids() {
      if (!child.pid) return [];
      let listing = '';
      try {
        listing = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(child.pid)], { encoding: 'utf8' });
      } catch {
        return []; // ps answers 1 when there is no child
      }
      return listing
        .split('\n')
        .filter((line) => line.includes('server/main.ts'))
        .map((line) => Number(line.trim().split(/\s+/)[0]));
    },
    output: () => printed,
    async stop() {
      if (child.exitCode == null && child.signalCode == null) child.kill('SIGTERM');
      const code = await exited;
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

export interface PlainResponse {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON as the test reads it
}

/**
 * One request on a connection of its own (no keep-alive): under the cluster each new connection goes to the next
 * server process, so that a few calls in a row reach every process.
 */
export function freshRequest(
  baseUrl: string,
  method: string,
  urlPath: string,
  options: { token?: string; body?: unknown; accept?: string } = {},
): Promise<PlainResponse> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      baseUrl + urlPath,
      {
        method,
        agent: false,
        headers: {
          connection: 'close',
          ...(options.accept ? { accept: options.accept } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => {
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON: the text as it is
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
