import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '#contract/errors';
import { type Role, roles } from '#contract/roles';
import { buildApp } from '../app.js';
import { type ApiResponse, type TestServer, startTestServer } from '../test/harness.js';
import { forbidden } from './errors.js';
import { type DocumentedAnswers, servedDocumentAnswers } from './isolation/documented.js';
import type { RegisteredRoute } from './route.js';

/**
 * Every registered route × every role (and no token). A route without an access
 * policy cannot be registered at all, and every route that is registered is checked here against every
 * role: the role gate answers 401/403 exactly as the route declares, nothing answers 500, and every answer is one the
 * API document describes (a JSON 200 by its operation's schema, a refusal by the error shape: isolation/documented.ts).
 */

const GENERIC_FORBIDDEN = forbidden().message;
const isDocs = (url: string) => url.startsWith('/api/docs');
const normalise = (url: string) => (url.length > 1 ? url.replace(/\/$/, '') : url);

/** Every (method, url) that fastify routes, read from printRoutes (HEAD twins left out). */
function registeredRoutes(app: FastifyInstance): Array<{ method: string; url: string }> {
  const tree = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const found: Array<{ method: string; url: string }> = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const url = (stack[depth - 1] ?? '') + match[2]!;
    stack[depth] = url;
    stack.length = depth + 1;
    for (const method of match[3]!.split(', ')) if (method !== 'HEAD') found.push({ method, url: normalise(url) });
  }
  return found;
}

/** Plausible values for path parameters: an id, a flag, or a token-like word. */
function fillPath(url: string): string {
  return url.replace(/:(\w+)/g, (_, name: string) => {
    if (/id$/i.test(name)) return '1';
    if (name === 'open') return 'true';
    if (name === 'token') return 'plausible-token-0123456789abcdefghijklmnopqrstuvwx';
    return 'plausible-value';
  });
}

const passesRole = (access: RegisteredRoute['access'], role: Role) =>
  access === 'public' || access === 'signedIn' || access.includes(role);

const demoUsers: Record<Role, { username: string; olympiadName?: string }> = {
  overlord: { username: 'overlord' },
  admin: { username: 'admin' },
  accountant: { username: 'accountant' },
  funding: { username: 'funding' },
  teacher: { username: 'teacher' },
  learner: { username: 'learner1', olympiadName: 'geo-demo' },
};

let server: TestServer;
let routes: RegisteredRoute[];
const tokens = new Map<Role, string>();
let documented: DocumentedAnswers;

beforeAll(async () => {
  server = await startTestServer();
  routes = server.app.apiRoutes.filter((r) => !isDocs(r.url));
  for (const role of roles) {
    const user = await server.signIn(demoUsers[role].username, demoUsers[role]);
    expect(user.role).toBe(role);
    tokens.set(role, user.accessToken.token);
  }
});
afterAll(() => server?.close());

/** After a change that succeeded (logout …), make sure the role still has a live token. */
async function refreshToken(role: Role): Promise<void> {
  if ((await server.api('GET', '/api/auth/me', { token: tokens.get(role)! })).status === 200) return;
  const user = await server.signIn(demoUsers[role].username, demoUsers[role]);
  tokens.set(role, user.accessToken.token);
}

async function call(r: RegisteredRoute, token: string | null) {
  const withBody = r.method !== 'GET';
  return server.api(r.method, fillPath(r.url), { token, ...(withBody ? { body: {} } : {}) });
}

/** What is wrong with one answer, or null. */
function judge(r: RegisteredRoute, who: Role | 'anonymous', res: ApiResponse): string | null {
  const label = `${r.method} ${r.url} as ${who}: ${res.status} ${JSON.stringify(res.body)}`;
  if (res.status >= 500) return `${label} (a 500 is a bug)`;
  const undocumented = documented.problem(r, res);
  if (undocumented) return `${label} (${undocumented})`;
  if (res.status >= 400) {
    const shape = ErrorBody.strict().safeParse(res.body);
    if (!shape.success || shape.data.message !== shape.data.error) return `${label} (not the one error shape)`;
  }
  const body = res.body as { code?: string; message?: string };
  const roleGate403 = res.status === 403 && body.code === 'forbidden' && body.message === GENERIC_FORBIDDEN;
  if (who === 'anonymous') {
    if (r.access === 'public')
      return res.status === 401 && body.code === 'unauthenticated' ? `${label} (public route wants a token)` : null;
    return res.status === 401 && body.code === 'unauthenticated' ? null : `${label} (expected 401 without a token)`;
  }
  if (passesRole(r.access, who)) {
    if (res.status === 401 && r.access !== 'public') return `${label} (an allowed role was refused as unauthenticated)`;
    if (roleGate403) return `${label} (an allowed role was refused by the role gate)`;
    return null;
  }
  return roleGate403 ? null : `${label} (expected the role gate's 403)`;
}

describe('every route declares who may call it', () => {
  it('has routes to check', () => {
    expect(routes.length).toBeGreaterThanOrEqual(10);
    for (const r of routes) {
      const ok = r.access === 'public' || r.access === 'signedIn' || (Array.isArray(r.access) && r.access.length > 0);
      expect(ok, `${r.method} ${r.url}`).toBe(true);
      if (Array.isArray(r.access)) for (const role of r.access) expect(roles).toContain(role);
    }
  });

  it('registers no route outside the route() helper, besides the API docs', () => {
    const declared = new Set(routes.map((r) => `${r.method} ${normalise(r.url)}`));
    const undeclared = registeredRoutes(server.app)
      .filter((r) => !isDocs(r.url))
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !declared.has(key));
    expect(undeclared).toEqual([]);
  });

  it('refuses, at registration, a route without an access policy', async () => {
    const app = await buildApp({ config: server.app.config, database: server.database, mailer: server.app.mailer });
    try {
      expect(() => app.get('/api/x', async () => ({ ok: true }))).toThrow(/GET \/api\/x declares no access policy/);
      expect(() => app.post('/api/y', { config: {} }, async () => ({ ok: true }))).toThrow(/declares no access policy/);
      // the same inside a plugin, as a feature would do it
      await expect(
        app.register(async (feature) => {
          feature.put('/api/z', async () => ({ ok: true }));
        }),
      ).rejects.toThrow(/PUT \/api\/z declares no access policy/);
    } finally {
      await app.close().catch(() => undefined);
    }
  });

  it('accepts a route that declares one', async () => {
    const app = await buildApp({ config: server.app.config, database: server.database, mailer: server.app.mailer });
    try {
      app.get('/api/declared', { config: { access: 'public' } }, async () => ({ ok: true }));
      await app.ready();
      expect((await app.inject({ method: 'GET', url: '/api/declared' })).json()).toEqual({ ok: true });
    } finally {
      await app.close();
    }
  });

  it('lets the web app’s catch-all and its crawler files through only because they declare public access', async () => {
    const webRoot = mkdtempSync(path.join(os.tmpdir(), 'olympus-web-'));
    writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><html><head><title>x</title></head><body></body></html>',
    );
    const app = await buildApp({
      config: server.app.config,
      database: server.database,
      mailer: server.app.mailer,
      serveWeb: true,
      webRoot,
    });
    try {
      await app.ready();
      const declared = new Set(app.apiRoutes.map((r) => `${r.method} ${normalise(r.url)}`));
      const extra = registeredRoutes(app)
        .filter((r) => !isDocs(r.url))
        .map((r) => `${r.method} ${r.url}`)
        .filter((key) => !declared.has(key));
      expect(extra.sort()).toEqual(['GET /', 'GET /*', 'GET /robots.txt', 'GET /sitemap.xml']);
    } finally {
      await app.close();
      rmSync(webRoot, { recursive: true, force: true });
    }
  });
});

describe('route × role table', () => {
  // The document is drawn and its schemas compiled once, in a hook of their own with time for a machine under load.
  beforeAll(async () => {
    documented = await servedDocumentAnswers(server);
    documented.compileAll();
  }, 120_000);

  it('answers 401 to every non-public route without a token, and never 500', async () => {
    const problems: string[] = [];
    for (const r of routes) {
      const problem = judge(r, 'anonymous', await call(r, null));
      if (problem) problems.push(problem);
    }
    expect(problems).toEqual([]);
  });

  it('answers 401 to a revoked token exactly as to none', async () => {
    const token = (await server.signIn('teacher2')).accessToken.token;
    await server.api('POST', '/api/auth/logout', { token });
    const problems: string[] = [];
    for (const r of routes) {
      const problem = judge(r, 'anonymous', await call(r, token));
      if (problem) problems.push(problem);
    }
    expect(problems).toEqual([]);
  });

  for (const role of roles) {
    it(`gates every route for ${role} exactly as declared, and never 500`, async () => {
      const problems: string[] = [];
      for (const r of routes) {
        const res = await call(r, tokens.get(role)!);
        const problem = judge(r, role, res);
        if (problem) problems.push(problem);
        if (r.method !== 'GET' && res.status < 400) await refreshToken(role);
      }
      expect(problems).toEqual([]);
    });
  }
});
