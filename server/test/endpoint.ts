import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ApiResponse, Client, DemoUsername } from './client.js';
import { type TestServer, driverRows } from './harness.js';

/**
 * The checks every endpoint gets (server/test/README.md): 401 without a token, 403 for each wrong role, 404 for
 * another school's or olympiad's record with its rows unchanged, and the happy path asserting what is stored.
 */

/** One call of the endpoint under test, made by `client`. */
export type Call = (client: Client) => Promise<ApiResponse>;

/** Expects the one error shape with `status`; `label` says which call and caller failed. */
export function expectError(res: ApiResponse, status: number, label = ''): void {
  expect(res.status, `${label} answered ${res.status}: ${res.text}`).toBe(status);
  expect(res.body, `${label}: not the one error shape`).toMatchObject({ success: false, code: expect.any(String) });
}

/** 401: the call without a token. */
export async function unauthenticated(server: TestServer, call: Call): Promise<void> {
  expectError(await call(server.anonymous()), 401, 'anonymous');
}

/** 403: the call made by each of `roles` (demo users, signed in once per server). */
export async function forbiddenFor(server: TestServer, roles: readonly DemoUsername[], call: Call): Promise<void> {
  for (const role of roles) expectError(await call(await server.as(role)), 403, role);
}

/** Rows read by `read` (a SQL text, or a function), to compare before and after a call. */
export type RowsRead = string | (() => Promise<unknown>);

async function readRows(server: TestServer, read: RowsRead): Promise<unknown> {
  return typeof read === 'string' ? driverRows(server.db, sql.raw(read)) : read();
}

/**
 * Runs `fn` and expects the rows `read` names to be exactly as they were before it; answers what `fn` answered.
 * Order the SQL (`order by id`) so that equal tables compare equal.
 */
export async function expectRowsUnchanged<T>(server: TestServer, read: RowsRead, fn: () => Promise<T>): Promise<T> {
  const before = await readRows(server, read);
  const result = await fn();
  expect(await readRows(server, read), 'the rows changed').toEqual(before);
  return result;
}

/**
 * 404 for a record out of the caller's reach (another school's or olympiad's), with the rows `read` names
 * unchanged.
 */
export async function notFoundUnchanged(server: TestServer, read: RowsRead, client: Client, call: Call): Promise<void> {
  await expectRowsUnchanged(server, read, async () => expectError(await call(client), 404, client.user?.username));
}
