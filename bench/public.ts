/**
 * `npm run bench:public`: a project's home page served with its head (server/features/spa: the page's metadata
 * rendered into public.html, kept 10 s per process, compressed once), at 100 connections on 127.0.0.1, beside a
 * bare static file of the same build served by the same server, in alternating windows of the same run so that
 * whatever else the machine does weighs on both alike. Requests carry a browser's Accept and Accept-Encoding.
 * Target: the page at least 5,000 requests/s; the run exits 1 below it.
 *
 *   npm run bench:public [-- --connections 100 --seconds 12 --windows 3 --project geography --file /favicon.svg]
 *
 * Needs a build (`npm run build`, which also builds the public pages' server render, decision 047). The load generator (bench/lib/load.ts, raw keep-alive sockets) runs in this
 * process and the server in its own, on the same cores: on a 2-core machine both share them.
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import { type LoadResult, loadTest } from './lib/load.js';
import { startServer } from './lib/server.js';
import { fmt, summarize } from './lib/stats.js';
import { arg, textArg } from './lib/args.js';

const connections = arg('connections', 100);
const seconds = arg('seconds', 12);
const windows = Math.max(1, arg('windows', 3));
const project = textArg('project', 'geography');
const file = textArg('file', '/favicon.svg');
const port = arg('port', 3207);
const target = arg('target', 5000);

const browser = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
  'user-agent': 'olympus-bench-public',
};

function merge(into: LoadResult, r: LoadResult) {
  into.requests += r.requests;
  into.errors += r.errors;
  into.elapsedMs += r.elapsedMs;
  into.bytes += r.bytes;
  into.latencies.push(...r.latencies);
  for (const [k, v] of r.statuses) into.statuses.set(k, (into.statuses.get(k) ?? 0) + v);
}
const empty = (): LoadResult => ({
  requests: 0,
  errors: 0,
  statuses: new Map(),
  latencies: [],
  elapsedMs: 0,
  bytes: 0,
});

function report(label: string, r: LoadResult) {
  const s = summarize(r.latencies);
  const rate = r.requests / (r.elapsedMs / 1000);
  console.log(
    `${label.padEnd(34)} ${fmt(rate, 0).padStart(7)} req/s   p50 ${fmt(s.p50, 2).padStart(6)} ms   p99 ${fmt(s.p99, 2).padStart(6)} ms   ` +
      `${fmt(r.bytes / Math.max(1, r.requests), 0).padStart(5)} B/answer   errors ${r.errors}`,
  );
  return rate;
}

async function main() {
  if (!existsSync('dist/web/index.html')) throw new Error('dist/web is missing: run `npm run build` first');
  console.log(
    `Public page benchmark: /${project}/home with its head vs the static file ${file}, ${connections} connections, ` +
      `${windows} × ${fmt(seconds / windows)} s windows each, alternating; ${os.cpus().length} cores, load ${os
        .loadavg()
        .map((l) => fmt(l))
        .join(' ')}`,
  );
  const server = await startServer({ port, env: { MAIL_SENDER: 'false' } });
  try {
    const page = `/${project}/home`;
    // Warm both (connections, JIT, the head cache), then measure.
    await loadTest({ url: server.url, path: page, connections, seconds: 2, headers: browser });
    await loadTest({ url: server.url, path: file, connections, seconds: 2, headers: browser });
    const pageResult = empty();
    const fileResult = empty();
    for (let w = 0; w < windows; w++) {
      const pair = [
        async () =>
          merge(
            pageResult,
            await loadTest({ url: server.url, path: page, connections, seconds: seconds / windows, headers: browser }),
          ),
        async () =>
          merge(
            fileResult,
            await loadTest({ url: server.url, path: file, connections, seconds: seconds / windows, headers: browser }),
          ),
      ];
      for (const run of w % 2 ? pair.reverse() : pair) await run();
    }
    const p = report(`${page} (with its head)`, pageResult);
    const f = report(`${file} (static file)`, fileResult);
    console.log(`page / static file: ${fmt((p / f) * 100)} %`);
    const ok = p >= target && pageResult.errors === 0;
    console.log(
      `${ok ? 'PASS' : 'FAIL'}  ${page} ≥ ${target} requests/s at ${connections} connections (${fmt(p, 0)}/s, ${pageResult.errors} errors)`,
    );
    console.log(
      'note: figures on a shared machine are indicative; the load generator shares the cores with the server',
    );
    if (!ok) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
