import type { z } from 'zod';
import { vi } from 'vitest';
import type { ErrorBody } from '#contract/errors';

/**
 * The network of a component test: `fetch` answered by the test's own routes, in the contract's shapes, so that the
 * component, its hooks and the real API client (web/src/lib/api) all run as in the browser. Nothing else is mocked.
 */

export interface SentRequest {
  method: string;
  /** The path without the query, e.g. `/payment/api/`. */
  path: string;
  query: URLSearchParams;
  /** The JSON body, parsed; undefined without one. */
  body: unknown;
}

/** An answer: a status and a JSON body. */
export interface Reply {
  status: number;
  body: unknown;
}

type Answer = Reply | ((request: SentRequest) => Reply | Promise<Reply>);

/** `'POST /payment/api/'` → its answer (or a function of the request). */
export type Routes = Record<string, Answer>;

let unanswered: string[] = [];

/** Requests that matched no route since the last call (the setup fails the test on any). */
export function takeUnansweredRequests(): string[] {
  const taken = unanswered;
  unanswered = [];
  return taken;
}

/** A 200 answer checked against the contract's schema, so that a fixture that drifts from the contract fails. */
export function ok<S extends z.ZodType>(schema: S, body: z.input<S>): Reply {
  return { status: 200, body: schema.parse(body) };
}

/** The one error shape (contract/errors.ts). */
export function refused(
  status: number,
  code: ErrorBody['code'],
  message: string,
  details?: ErrorBody['details'],
): Reply {
  const body: ErrorBody = { success: false, message, error: message, code, ...(details ? { details } : {}) };
  return { status, body };
}

/**
 * Replaces `fetch` for this test (the setup restores it), and `XMLHttpRequest`, which file uploads use for their
 * progress (web/src/lib/api/upload.ts). Answers come from `routes` by method and path; a request no route answers
 * gets a 404 and is reported by the setup. Returns the requests sent, in order; an upload's body is its FormData.
 */
export function stubApi(routes: Routes): SentRequest[] {
  const sent: SentRequest[] = [];
  const answer = async (method: string, href: string, body: unknown): Promise<Reply> => {
    const url = new URL(href, 'http://test');
    const request: SentRequest = { method, path: url.pathname, query: url.searchParams, body };
    sent.push(request);
    const found = routes[`${method} ${url.pathname}`];
    if (!found) {
      unanswered.push(`${method} ${url.pathname}${url.search}`);
      return { status: 404, body: { success: false, message: 'No test route' } };
    }
    return typeof found === 'function' ? await found(request) : found;
  };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const reply = await answer(
      (init?.method ?? 'GET').toUpperCase(),
      href,
      text === undefined ? undefined : (JSON.parse(text) as unknown),
    );
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  /** The part of XMLHttpRequest the upload uses: open, headers, send, and the load event with status and text. */
  class StubXhr {
    status = 0;
    statusText = '';
    responseText = '';
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private href = '';
    open(method: string, href: string) {
      this.method = method.toUpperCase();
      this.href = href;
    }
    setRequestHeader() {}
    send(body?: unknown) {
      void answer(this.method, this.href, body).then((reply) => {
        this.status = reply.status;
        this.responseText = JSON.stringify(reply.body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', StubXhr);
  return sent;
}
