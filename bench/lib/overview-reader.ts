/**
 * An admin reading the report overview during the exam, in a process of its own (bench/lib/side-load.ts switches
 * it on for the windows "with the overview", bench/lib/side-control.ts):
 *
 *   tsx bench/lib/overview-reader.ts <baseUrl> <intervalMs> '<calls as JSON>'
 *
 * calls: [{ "path": "/olympiad/reports/overview/7", "authorization": "Bearer …" }, …], each a POST with an empty JSON body, made
 * one after another (as the overview page loads them), the whole round every intervalMs on one keep-alive socket.
 */
import http from 'node:http';
import { sideControl } from './side-control.js';

const [baseUrl = '', intervalArg = '1000', callsArg = '[]'] = process.argv.slice(2);
const intervalMs = Number(intervalArg);
const calls = JSON.parse(callsArg) as Array<{ path: string; authorization: string }>;
const url = new URL(baseUrl);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const control = sideControl();

function post(path: string, authorization: string): Promise<void> {
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
          authorization,
          'content-type': 'application/json',
          'content-length': 2,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          control.record(performance.now() - t, res.statusCode === 200);
          resolve();
        });
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.on('error', () => {
      control.record(performance.now() - t, false);
      resolve();
    });
    req.end('{}');
  });
}

control.ready();
for (;;) {
  await control.whenOn();
  if (control.stopped) break;
  const round = performance.now();
  for (const call of calls) await post(call.path, call.authorization);
  await sleep(round + intervalMs - performance.now());
}
