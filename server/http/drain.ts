import type http from 'node:http';

/**
 * Stopping a server process without an error for any client (decision 103): a learner's page mid-paper that holds a
 * keep-alive connection to a process being replaced must see its answer, never a reset.
 *
 * Node's `server.close()` reaps idle keep-alive connections at once; a client that sends its next request on one at
 * that instant gets a reset. So `close()` here stops listening (under the cluster the primary hands new connections
 * to the other processes) but leaves the open connections alone, and from then on every response, those under way
 * included, says `Connection: close`: the client reads it and opens its next connection elsewhere. A connection
 * that stays idle is closed by Node's own keep-alive timeout, as it would be on any day; whatever is left once that
 * has passed (a connection that never sent a request) is closed then. Fastify is not told until every connection
 * has ended, so it never answers a request with its "closing" 503.
 */
export interface Drain {
  /** Stops listening; resolves once every connection has finished its requests and closed. Once only. */
  close(): Promise<void>;
}

export function drainable(server: http.Server, lingerMs?: number): Drain {
  const underWay = new Set<http.ServerResponse>();
  let leaving = false;
  let closed: Promise<void> | null = null;
  // Before the app's own listener: the header must be set before a route can write its answer.
  server.prependListener('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    if (leaving) {
      res.setHeader('connection', 'close');
      return;
    }
    underWay.add(res);
    res.once('close', () => underWay.delete(res));
  });
  return {
    close: () =>
      (closed ??= new Promise<void>((resolve) => {
        leaving = true;
        for (const res of underWay) if (!res.headersSent) res.setHeader('connection', 'close');
        underWay.clear();
        const reap = server.closeIdleConnections.bind(server);
        server.closeIdleConnections = () => undefined;
        const timer = setTimeout(reap, lingerMs ?? server.keepAliveTimeout + 1000);
        server.close(() => {
          clearTimeout(timer);
          server.closeIdleConnections = reap;
          resolve();
        });
      })),
  };
}
