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
 * Replaces `fetch` for this test (the setup restores it). Answers come from `routes` by method and path; a request
 * no route answers gets a 404 and is reported by the setup. Returns the requests sent, in order.
 */
export function stubApi(routes: Routes): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://test',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const request: SentRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: text === undefined ? undefined : (JSON.parse(text) as unknown),
    };
    sent.push(request);
    const answer = routes[`${method} ${url.pathname}`];
    if (!answer) {
      unanswered.push(`${method} ${url.pathname}${url.search}`);
      return new Response(JSON.stringify({ success: false, message: 'No test route' }), { status: 404 });
    }
    const reply = typeof answer === 'function' ? await answer(request) : answer;
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return sent;
}
