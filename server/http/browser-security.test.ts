import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webPageRoots } from '#contract/paths';
import { type TestServer, demoIds, startTestServer } from '../test/harness.js';
import { builtWebFiles } from '../test/web-root.js';
import { plannedApiRoots } from './api-paths.js';

const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

/** The one error shape, as JSON. */
function expectErrorShape(res: { status: number; headers: Headers; body: unknown }, status: number | number[]) {
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect([status].flat()).toContain(res.status);
  const body = res.body as Record<string, unknown>;
  expect(body).toMatchObject({ success: false, code: expect.any(String), message: expect.any(String) });
  expect(body.error).toBe(body.message);
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ serveWeb: true, webRoot: builtWebFiles });
});
afterAll(() => server?.close());

describe('security headers', () => {
  it('every page carries a CSP without inline script, no framing, nosniff, a referrer and a permissions policy', async () => {
    for (const p of ['/', '/login', '/geo-demo/admin/edit/schools', '/portal', '/unsubscribe/abc']) {
      const res = await server.api('GET', p, { headers: html });
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type'), p).toMatch(/text\/html/);
      const csp = res.headers.get('content-security-policy') ?? '';
      const directives = new Map(
        csp.split(';').map((d) => {
          const [name, ...values] = d.trim().split(/\s+/);
          return [name!, values] as const;
        }),
      );
      expect(directives.get('script-src'), p).toEqual(["'self'"]);
      expect(directives.get('default-src'), p).toEqual(["'self'"]);
      expect(directives.get('frame-ancestors'), p).toEqual(["'none'"]);
      expect(directives.get('object-src'), p).toEqual(["'none'"]);
      expect(directives.has('upgrade-insecure-requests'), p).toBe(false);
      expect(res.headers.get('x-content-type-options'), p).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), p).toBe('DENY');
      expect(res.headers.get('referrer-policy'), p).toBe('no-referrer');
      expect(res.headers.get('permissions-policy'), p).toMatch(/camera=\(\)/);
      expect(res.headers.get('permissions-policy'), p).toMatch(/geolocation=\(\)/);
      expect(res.headers.get('strict-transport-security'), p).toBeNull();
      expect(res.headers.get('cache-control'), p).toBe('no-cache');
    }
  });

  it('API answers carry nosniff, and answers that carry a token are no-store', async () => {
    const health = await server.api('GET', '/api/health');
    expect(health.headers.get('x-content-type-options')).toBe('nosniff');
    expect(health.headers.get('cache-control')).toBe('no-store');

    const signin = await server.api('POST', '/api/auth/signin', {
      body: { username: 'admin', password: 'wrong-password', loginType: 'staff' },
    });
    expect(signin.headers.get('x-content-type-options')).toBe('nosniff');
    expect(signin.headers.get('cache-control')).toBe('no-store');
    const admin = await server.signIn('admin');
    const ok = await server.api('POST', '/api/auth/signin', {
      body: { username: 'admin', password: (await import('../test/harness.js')).demoPassword, loginType: 'staff' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.accessToken.token).toEqual(expect.any(String));
    expect(ok.headers.get('cache-control')).toBe('no-store');

    const demo = await demoIds(server);
    const acting = await server.api(
      'GET',
      `/user/rest/impersonate?olympiadId=${demo.geoDemo}&userEmail=${encodeURIComponent('teacher@waterkloof.example.org')}`,
      { token: admin.accessToken.token },
    );
    expect(acting.status).toBe(200);
    expect(acting.body.accessToken.token).toEqual(expect.any(String));
    expect(acting.headers.get('cache-control')).toBe('no-store');
    expect(acting.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('announces HSTS only when PUBLIC_URL is https, and then upgrades insecure requests', async () => {
    const secure = await startTestServer({
      serveWeb: true,
      webRoot: builtWebFiles,
      seed: false,
      env: { PUBLIC_URL: 'https://olympus.example.org' },
    });
    try {
      const page = await secure.api('GET', '/login', { headers: html });
      expect(page.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
      expect(page.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
      const api = await secure.api('GET', '/api/health');
      expect(api.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
    } finally {
      await secure.close();
    }
  });
});

describe('API paths never answer the web app', () => {
  it('a GET under every API prefix that matches no route is a JSON 404 or 405, even when HTML is asked for', async () => {
    const roots = new Set<string>(plannedApiRoots);
    for (const r of server.app.apiRoutes) {
      const first = r.url.split('/').filter(Boolean)[0];
      if (first && !first.startsWith(':') && !(webPageRoots as readonly string[]).includes(first)) roots.add(first);
    }
    for (const named of ['user', 'purchase-order', 'certificates', 'igeo-country', 'api', 'school', 'olympiad']) {
      expect(roots).toContain(named);
    }
    for (const root of roots) {
      for (const p of [`/${root}/no-such-call-here`, `/${root}/v-rest/no/such/call`]) {
        const res = await server.api('GET', p, { headers: html });
        expect(res.headers.get('content-type'), p).not.toMatch(/text\/html/);
        // A route with a parameter may take the path (then sign-in comes first: 401).
        expectErrorShape(res, [401, 404, 405]);
        expect(res.headers.get('x-content-type-options'), p).toBe('nosniff');
      }
    }
  });

  it('names the paths the issue found answering HTML', async () => {
    for (const p of [
      '/user/rest/nothing',
      '/purchase-order/nothing',
      '/certificates/get-nothing',
      '/igeo-country/nothing/here/at/all',
      '/unsubscribe/api/nothing/here',
    ]) {
      const res = await server.api('GET', p, { headers: html });
      expectErrorShape(res, 404);
      expect(res.body.code, p).toBe('not_found');
    }
  });

  it('a path that exists for other methods answers 405 with Allow', async () => {
    const res = await server.api('GET', '/api/auth/signin', { headers: html });
    expectErrorShape(res, 405);
    expect(res.body.code).toBe('method_not_allowed');
    expect(res.headers.get('allow')).toBe('POST');
    const del = await server.api('DELETE', '/api/health');
    expectErrorShape(del, 405);
    expect(del.headers.get('allow')).toBe('GET, HEAD');
    const unknown = await server.api('DELETE', '/api/no-such-thing');
    expectErrorShape(unknown, 404);
  });

  it('any GET that asks for JSON gets JSON, while pages stay pages', async () => {
    for (const p of ['/geo-demo/admin/nothing', '/some-page', '/portal/nothing']) {
      const res = await server.api('GET', p, { headers: { accept: 'application/json' } });
      expectErrorShape(res, 404);
    }
    for (const p of [
      '/unsubscribe/abc123',
      '/geo-demo/unsubscribe',
      '/portal/geo-demo/certificates',
      '/overlord/uploads',
    ]) {
      const res = await server.api('GET', p, { headers: html });
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type'), p).toMatch(/text\/html/);
    }
  });

  it('headers too large for Node are answered 431 in the one shape', async () => {
    const res = await new Promise<{ status: number; headers: Headers; body: unknown }>((resolve, reject) => {
      const req = request(`${server.url}/api/health`, { headers: { 'x-filler': 'a'.repeat(40_000) } }, (answer) => {
        let text = '';
        answer.setEncoding('utf8');
        answer.on('data', (chunk: string) => (text += chunk));
        answer.on('end', () => {
          const headers = new Headers();
          for (const [k, v] of Object.entries(answer.headers)) if (typeof v === 'string') headers.set(k, v);
          resolve({ status: answer.statusCode ?? 0, headers, body: JSON.parse(text) });
        });
      });
      req.on('error', reject);
      req.end();
    });
    expectErrorShape(res, 431);
  });
});
