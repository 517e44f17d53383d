import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { createUser } from '../../seed/factories.js';
import { type DemoIds, type TestServer, demoIds, demoPassword, startTestServer } from '../../test/harness.js';

/** Setup shared by the auth test files (auth-*.test.ts): one server a file with small sign-in limits. */

export const LIMITS = {
  SIGNIN_MAX_FAILURES_PER_ACCOUNT: '3',
  SIGNIN_MAX_FAILURES_PER_ADDRESS: '8',
  FORGOT_MAX_PER_ACCOUNT: '2',
  // The first wait after the free failures is the whole window: the account tests below read "15 minutes".
  SIGNIN_DELAY_SECONDS: '900',
};

/** This file's server and its demo ids (set before the file's tests run). */
export let server: TestServer;
export let demo: DemoIds;

/** Starts the calling file's server with `env` and clears the throttle counters before each of its tests. */
export function useAuthServer(env: Record<string, string> = LIMITS): void {
  beforeAll(async () => {
    server = await startTestServer({ env });
    demo = await demoIds(server);
  });
  afterAll(() => server?.close());
  // Rate-limit counters are per address, and every request here comes from 127.0.0.1: start each test clean.
  beforeEach(async () => {
    await server.query`delete from throttles`;
  });
}

export const signinBody = (username: string, password = demoPassword, olympiadName?: string) => ({
  username,
  password,
  ...(olympiadName ? { olympiadName, loginType: 'learner' } : { loginType: 'staff' }),
});

export async function passwordHashOf(userId: number): Promise<string | null> {
  const [row] = await server.query<{
    password_hash: string | null;
  }>`select password_hash from users where id = ${userId}`;
  return row!.password_hash;
}

export async function me(token: string) {
  return server.api('GET', '/api/auth/me', { token });
}

/** A fresh user for tests that change an account, so tests stay independent of each other. */
export async function newTeacher(schoolId = demo.school1, email?: string) {
  return createUser(server.db, { role: 'teacher', schoolId, password: demoPassword, ...(email ? { email } : {}) });
}
export async function newLearner(schoolId = demo.school1, olympiadId = demo.geoDemo, email: string | null = null) {
  return createUser(server.db, { role: 'learner', schoolId, olympiadId, password: demoPassword, email });
}

/** The one-time link in the newest outbox mail to `to`. */
export async function latestLink(to: string): Promise<string> {
  const [mail] = await server.query<{ text_body: string }>`
    select text_body from emails where to_address = ${to} order by id desc limit 1`;
  const match = /http:\/\/olympus\.test\/verify-email\/([\w-]+)/.exec(mail!.text_body);
  expect(match, mail!.text_body).not.toBeNull();
  return match![1]!;
}
