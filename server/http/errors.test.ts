import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '#contract/errors';
import { type ApiResponse, type TestServer, startTestServer } from '../test/harness.js';

/** The one error shape (decision 006): exactly success:false, message === error, code, optional details. */
function expectErrorShape(res: ApiResponse, status: number, code?: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  const body = ErrorBody.strict().parse(res.body);
  expect(body.message).toBe(body.error);
  expect(body.message.length).toBeGreaterThan(0);
  if (code) expect(body.code).toBe(code);
  return body;
}

let server: TestServer;
const BODY_LIMIT = 4096;

beforeAll(async () => {
  server = await startTestServer({ env: { BODY_LIMIT_BYTES: String(BODY_LIMIT) } });
});
afterAll(() => server?.close());

describe('the one error shape', () => {
  it('answers malformed JSON with 400', async () => {
    const res = await server.api('POST', '/api/auth/signin', {
      rawBody: '{"username": "admin", "password": ',
      headers: { 'content-type': 'application/json' },
    });
    expectErrorShape(res, 400, 'bad_request');
  });

  it('answers an empty JSON body with 400', async () => {
    const res = await server.api('POST', '/api/auth/signin', {
      rawBody: '',
      headers: { 'content-type': 'application/json' },
    });
    expectErrorShape(res, 400);
  });

  it('answers wrong types with 400 and field details', async () => {
    const res = await server.api('POST', '/api/auth/signin', {
      body: { username: 42, password: ['x'], loginType: 'wizard' },
    });
    const body = expectErrorShape(res, 400, 'validation_failed');
    const paths = body.details!.map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['body.username', 'body.password', 'body.loginType']));
    for (const d of body.details!) expect(d.message.length).toBeGreaterThan(0);
  });

  it('answers a JSON array or scalar body with 400, not 500', async () => {
    for (const raw of ['[]', '"admin"', '42', 'null', 'true']) {
      const res = await server.api('POST', '/api/auth/signin', {
        rawBody: raw,
        headers: { 'content-type': 'application/json' },
      });
      expectErrorShape(res, 400);
    }
  });

  it('answers unknown fields with 400 naming them', async () => {
    const res = await server.api('POST', '/api/auth/signin', {
      body: { username: 'admin', password: 'olympus-demo', loginType: 'staff', isAdmin: true },
    });
    const body = expectErrorShape(res, 400, 'validation_failed');
    expect(JSON.stringify(body.details)).toContain('isAdmin');
    // and no session was created by the refused request
    const [sessions] = await server.query<{ n: number }>`select count(*)::int as n from sessions`;
    expect(sessions!.n).toBe(0);
  });

  it('answers unknown query parameters with 400', async () => {
    const res = await server.api('GET', '/olympus-suite/api/projects/?showUpcoming=true&evil=1');
    expectErrorShape(res, 400, 'validation_failed');
  });

  it('answers a body over BODY_LIMIT_BYTES with 413', async () => {
    const res = await server.api('POST', '/api/auth/signin', {
      body: { username: 'admin', password: 'x'.repeat(BODY_LIMIT * 2), loginType: 'staff' },
    });
    expectErrorShape(res, 413, 'payload_too_large');
  });

  it('answers a body that is not JSON with 415', async () => {
    const res = await server.api('POST', '/api/auth/signin', {
      rawBody: 'username=admin&password=olympus-demo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectErrorShape(res, 415, 'unsupported_media_type');
    const xml = await server.api('PUT', '/api/auth/set-password', {
      rawBody: '<password>x</password>',
      headers: { 'content-type': 'application/xml' },
    });
    // authentication comes first or the content type is refused: never a 500
    expect([401, 415]).toContain(xml.status);
    expectErrorShape(xml, xml.status);
  });

  it('answers unknown /api paths with JSON 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH']) {
      const res = await server.api(method, '/api/no-such-thing/42', { headers: { accept: 'text/html' } });
      expectErrorShape(res, 404, 'not_found');
    }
  });

  it('never answers 500 to badly percent-encoded paths', async () => {
    const paths = [
      '/api/%',
      '/api/%E0%A4%A',
      '/api/auth/forgot-password/%ZZ',
      '/api/auth/forgot-password/%C0%AF',
      '/website/api/olympiad/%',
      '/website/api/olympiad/%FF%FE',
      '/olympus-suite/api/project/%E0%A4%A',
      '/api/auth/set-learner-passwords/%00',
      '/olympus-suite/api/projects/?showUpcoming=%',
    ];
    for (const p of paths) {
      for (const method of ['GET', 'POST', 'PUT']) {
        const res = await server.api(method, p);
        expect(res.status, `${method} ${p}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${method} ${p}`).toBeLessThan(500);
        expectErrorShape(res, res.status);
      }
    }
  });

  it('never answers 500 to an over-long path parameter', async () => {
    const res = await server.api('POST', `/website/api/verify-email/${'a'.repeat(5000)}`);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expectErrorShape(res, res.status);
  });

  it('answers a garbage bearer token with 401, not 500', async () => {
    for (const token of ['x', 'a'.repeat(4000), '%%%', 'null']) {
      const res = await server.api('GET', '/api/auth/me', { token });
      expectErrorShape(res, 401, 'unauthenticated');
    }
  });
});

describe('GET /api/health', () => {
  it('names the database in use', async () => {
    const res = await server.api('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
    expect(res.body.database).toBe(server.database.kind);
  });
});
