/**
 * Watch-page viewers in a process of their own (bench/watch.ts switches them on for the windows "with viewers",
 * bench/lib/side-control.ts), so that their requests never queue in the measuring process's sockets or event loop:
 *
 *   tsx bench/lib/viewers.ts <baseUrl> <viewers> <intervalMs>
 *
 * While on, each viewer polls GET /website/api/watch every intervalMs at its own phase, on its own keep-alive
 * socket, as the page does (Accept-Encoding: br, gzip; If-None-Match with the ETag it last saw).
 */
import http from 'node:http';
import { sideControl } from './side-control.js';

const [baseUrl = '', viewersArg = '1000', intervalArg = '5000'] = process.argv.slice(2);
const viewers = Number(viewersArg);
const intervalMs = Number(intervalArg);
const url = new URL('/website/api/watch', baseUrl);
const agent = new http.Agent({ keepAlive: true, maxSockets: viewers + 8 });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const control = sideControl();

function poll(etag: string | undefined): Promise<string | undefined> {
  const t = performance.now();
  return new Promise((resolve) => {
    const req = http.get(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        headers: {
          accept: 'application/json',
          'accept-encoding': 'br, gzip',
          ...(etag ? { 'if-none-match': etag } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          control.record(performance.now() - t, res.statusCode === 200 || res.statusCode === 304);
          const tag = res.headers.etag;
          resolve(typeof tag === 'string' ? tag : etag);
        });
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.on('error', () => {
      control.record(performance.now() - t, false);
      resolve(etag);
    });
  });
}

const start = performance.now();
control.ready();
await Promise.all(
  Array.from({ length: viewers }, async (_, i) => {
    let next = start + (i / viewers) * intervalMs;
    let etag: string | undefined;
    for (;;) {
      await control.whenOn();
      if (control.stopped) return;
      // Back from a pause: the next poll at this viewer's own phase, never a burst of missed ones.
      while (next < performance.now()) next += intervalMs;
      await sleep(next - performance.now());
      if (!control.on) continue;
      etag = await poll(etag);
      next += intervalMs;
    }
  }),
);
