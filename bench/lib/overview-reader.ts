/**
 * An admin reading the report overview during the exam, in a process of its own (bench/lib/side-load.ts starts
 * it for the windows "with the overview"):
 *
 *   tsx bench/lib/overview-reader.ts <baseUrl> <intervalMs> <seconds> '<calls as JSON>'
 *
 * calls: [{ "path": "/olympiad/reports/overview/7", "token": "…" }, …], each a POST with an empty JSON body, made
 * one after another (as the overview page loads them), the whole round every intervalMs on one keep-alive socket.
 * Prints "started" at once, then one JSON line at the end: { requests, errors, p50, p99 }.
 */
import http from 'node:http';
import { summarize } from './stats.js';

const [baseUrl = '', intervalArg = '1000', secondsArg = '10', callsArg = '[]'] = process.argv.slice(2);
const intervalMs = Number(intervalArg);
const seconds = Number(secondsArg);
const calls = JSON.parse(callsArg) as Array<{ path: string; token: string }>;
const url = new URL(baseUrl);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const latencies: number[] = [];
let errors = 0;

function post(path: string, token: string): Promise<void> {
  const t = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path,
        method: 'POST',
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': 2,
        },
      },
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
    req.end('{}');
  });
}

const deadline = performance.now() + seconds * 1000;
console.log('started');
for (let next = performance.now(); next < deadline; next += intervalMs) {
  const wait = next - performance.now();
  if (wait > 0) await sleep(wait);
  if (performance.now() >= deadline) break;
  for (const call of calls) await post(call.path, call.token);
}
const s = summarize(latencies);
console.log(JSON.stringify({ requests: s.count, errors, p50: s.p50, p99: s.p99 }));
agent.destroy();
process.exit(0);
