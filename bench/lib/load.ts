import net from 'node:net';

export interface LoadResult {
  requests: number;
  errors: number;
  /** Answers by status code. */
  statuses: Map<number, number>;
  latencies: number[];
  elapsedMs: number;
  bytes: number;
}

/**
 * A closed-loop HTTP/1.1 load generator on raw keep-alive sockets: `connections` sockets, each sending the next
 * GET as soon as the previous answer is complete, for `seconds`. Much lighter than http.request or fetch per
 * request (no agent, no header objects), so that on a small machine the generator takes as little CPU as it
 * can from the server it measures. It reads only what it needs: the status, Content-Length and chunked bodies.
 */
export async function loadTest(options: {
  url: string;
  path: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
}): Promise<LoadResult> {
  const target = new URL(options.url);
  const head =
    `GET ${options.path} HTTP/1.1\r\nHost: ${target.host}\r\nConnection: keep-alive\r\n` +
    Object.entries(options.headers ?? {})
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('') +
    '\r\n';
  const request = Buffer.from(head, 'latin1');
  const result: LoadResult = {
    requests: 0,
    errors: 0,
    statuses: new Map(),
    latencies: [],
    elapsedMs: 0,
    bytes: 0,
  };
  const start = performance.now();
  const deadline = start + options.seconds * 1000;

  const connection = () =>
    new Promise<void>((resolve) => {
      const socket = net.connect({ host: target.hostname, port: Number(target.port), noDelay: true });
      let buffer: Buffer = Buffer.alloc(0);
      let sentAt = 0;
      const send = () => {
        if (performance.now() >= deadline) {
          socket.end();
          return resolve();
        }
        sentAt = performance.now();
        socket.write(request);
      };
      /** Consumes one complete answer from the buffer if there is one; answers whether it did. */
      const takeAnswer = (): boolean => {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return false;
        const header = buffer.toString('latin1', 0, end);
        const status = Number(header.slice(9, 12));
        const length = /\r\ncontent-length:\s*(\d+)/i.exec(header);
        let total: number;
        if (length) {
          total = end + 4 + Number(length[1]);
          if (buffer.length < total) return false;
        } else if (/\r\ntransfer-encoding:\s*chunked/i.test(header)) {
          const last = buffer.indexOf('\r\n0\r\n\r\n', end);
          if (last < 0) return false;
          total = last + 7;
        } else {
          total = end + 4;
        }
        result.bytes += total;
        buffer = buffer.subarray(total);
        result.requests++;
        result.latencies.push(performance.now() - sentAt);
        result.statuses.set(status, (result.statuses.get(status) ?? 0) + 1);
        if (status !== 200) result.errors++;
        return true;
      };
      socket.on('connect', send);
      socket.on('data', (chunk: Buffer) => {
        buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
        if (takeAnswer()) send();
      });
      socket.on('error', () => {
        result.errors++;
        resolve();
      });
      socket.on('close', () => resolve());
    });

  await Promise.all(Array.from({ length: options.connections }, connection));
  result.elapsedMs = performance.now() - start;
  return result;
}
