/**
 * Watch-page viewers in a process of their own (bench/watch.ts starts it for the windows "with viewers"), so
 * that their requests never queue in the measuring process's sockets or event loop:
 *
 *   tsx bench/lib/viewers.ts <baseUrl> <viewers> <intervalMs> <seconds>
 *
 * Each viewer polls GET /website/api/watch every intervalMs at its own phase, on its own keep-alive socket.
 * Prints "started" at once, then one JSON line at the end: { requests, errors, p50, p99 }.
 */
import http from 'node:http';
import { summarize } from './stats.js';

const [baseUrl = '', viewersArg = '1000', intervalArg = '5000', secondsArg = '10'] = process.argv.slice(2);
const viewers = Number(viewersArg);
const intervalMs = Number(intervalArg);
const seconds = Number(secondsArg);
const url = new URL('/website/api/watch', baseUrl);
const agent = new http.Agent({ keepAlive: true, maxSockets: viewers + 8 });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const latencies: number[] = [];
let errors = 0;

function poll(): Promise<void> {
  const t = performance.now();
  return new Promise((resolve) => {
    const req = http.get(
      { agent, host: url.hostname, port: url.port, path: url.pathname, headers: { accept: 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - t);
          if (res.statusCode !== 200) errors++;
          resolve();
        });
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.on('error', () => {
      errors++;
      resolve();
    });
  });
}

const start = performance.now();
const deadline = start + seconds * 1000;
console.log('started');
await Promise.all(
  Array.from({ length: viewers }, async (_, i) => {
    let next = start + (i / viewers) * intervalMs;
    while (next < deadline) {
      const wait = next - performance.now();
      if (wait > 0) await sleep(wait);
      if (performance.now() >= deadline) break;
      await poll();
      next += intervalMs;
    }
  }),
);
const s = summarize(latencies);
console.log(JSON.stringify({ requests: s.count, errors, p50: s.p50, p99: s.p99 }));
agent.destroy();
process.exit(0);
