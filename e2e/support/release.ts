import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A new release deployed in the middle of a paper, for one test's browser only.
 *
 * The server reads the built app from dist/web, shared by every journey running beside this one, and a context's
 * routes do not reach the browser's own fetch of a service worker's script when it checks for an update (tried:
 * `context.route('**\/sw.js')` never sees it, with or without Playwright's experimental service worker events). So
 * the test's browser reaches the server through this proxy, an origin of its own: it passes every request on
 * unchanged until `deploy()`, and from then on answers the worker's script with a byte more (a comment naming the
 * release), which is all a browser needs to install a new worker beside the one that controls the page.
 */
export interface ReleaseProxy {
  /** The proxy's address, the origin the test's pages use. */
  url: string;
  /** From now on the service worker's script is a new release's. */
  deploy(): void;
  /** How many times the new release's script was fetched (the browser checked for an update and saw it). */
  fetchesOfNewRelease(): number;
  close(): Promise<void>;
}

export async function releaseProxy(target: string, workerPath: string): Promise<ReleaseProxy> {
  const upstream = new URL(target);
  let deployed = false;
  let newFetches = 0;
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    const changed = deployed && new URL(path, upstream).pathname === workerPath;
    const headers = { ...req.headers, host: upstream.host };
    // The changed script is rewritten here, so it is asked for uncompressed.
    if (changed) delete headers['accept-encoding'];
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path, headers },
      (answer) => {
        if (!changed || answer.statusCode !== 200) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          newFetches += 1;
          const body = Buffer.concat([...chunks, Buffer.from('\n// the next release\n')]);
          const { 'content-length': _length, etag: _etag, 'last-modified': _modified, ...rest } = answer.headers;
          res.writeHead(200, { ...rest, 'content-length': String(body.length) });
          res.end(body);
        });
      },
    );
    forward.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    deploy: () => {
      deployed = true;
    },
    fetchesOfNewRelease: () => newFetches,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
