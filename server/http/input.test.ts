import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../app.js';
import { inputRefusal } from '../db/errors.js';
import { type TestServer, demoIds, startTestServer } from '../test/harness.js';

/** Input that used to reach the database and answer 500: refused with a 4xx in the one error shape. */

let server: TestServer;
let admin: string;
let overlord: string;
const logLines: string[] = [];

beforeAll(async () => {
  server = await startTestServer({
    env: { LOG_LEVEL: 'info', MAIL_SENDER: 'false' },
    logStream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    }),
  });
  admin = (await server.signIn('admin')).accessToken.token;
  overlord = (await server.signIn('overlord')).accessToken.token;
});

afterAll(async () => {
  await server.close();
});

const expectRefused = (res: { status: number; body: Record<string, unknown> }, status: number) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ success: false, code: expect.any(String), message: expect.any(String) });
};

describe('ids are checked against the int4 range of the id columns', () => {
  it('in a path', async () => {
    expectRefused(await server.api('GET', '/queued-email/2147483648', { token: admin }), 400);
    expectRefused(await server.api('GET', '/olympiad/verify/99999999999', { token: admin }), 400);
    expectRefused(await server.api('DELETE', '/school/v-rest/2147483648', { token: overlord }), 400);
    // The largest id that fits is a well-formed id of a record that does not exist.
    expectRefused(await server.api('GET', '/queued-email/2147483647', { token: admin }), 404);
  });

  it('in a query', async () => {
    expectRefused(await server.api('GET', '/question-module/v-rest/?olympiadId=2147483648', { token: admin }), 400);
    expectRefused(await server.api('GET', '/question-module/v-rest/?olympiadId=-1', { token: admin }), 400);
    expectRefused(await server.api('GET', '/question-module/v-rest/?olympiadId=1.5', { token: admin }), 400);
  });

  it('in a body', async () => {
    const res = await server.api('POST', '/emailer/api/', {
      token: overlord,
      body: { olympiadId: 2_147_483_648, subject: 'S', html: '<p>x</p>', audience: { kind: 'pasted', addresses: [] } },
    });
    expectRefused(res, 400);
    expect(res.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'body.olympiadId' })]));
  });

  it('in the mail log report (olympiad 0 is every olympiad; a page beyond reach is refused)', async () => {
    expectRefused(
      await server.api('POST', '/olympiad/reports/email-logs/2147483648/1', { token: overlord, body: {} }),
      400,
    );
  });
});

describe('NUL characters and unpaired surrogates are refused in any string', () => {
  it('in a body field, nested or not, naming the field', async () => {
    const { geoDemo } = await demoIds(server);
    for (const title of ['Bad\u0000title', 'Bad\uD800title', 'Bad\uDC00title']) {
      const res = await server.api('POST', '/question-module/v-rest/', {
        token: admin,
        body: { olympiadId: geoDemo, title },
      });
      expectRefused(res, 400);
      expect(res.body.details).toEqual([expect.objectContaining({ path: 'body.title' })]);
    }
    // A surrogate pair (an emoji) is ordinary text.
    const ok = await server.api('POST', '/question-module/v-rest/', {
      token: admin,
      body: { olympiadId: geoDemo, title: 'Maps 🗺️' },
    });
    expect(ok.status).toBe(200);
  });

  it('in a field the route does not know, and in a field name', async () => {
    const a = await server.api('PUT', '/olympus-sub-project/v-rest/1', { token: overlord, body: { x: ['a\u0000'] } });
    expectRefused(a, 400);
    expect(a.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'body.x.0' })]));
    expectRefused(
      await server.api('PUT', '/olympus-sub-project/v-rest/1', {
        token: overlord,
        rawBody: '{"a\\u0000":1}',
        headers: { 'content-type': 'application/json' },
      }),
      400,
    );
  });

  it('in a query and in a path', async () => {
    expectRefused(await server.api('GET', '/queued-email/?search=a%00b', { token: admin }), 400);
    expectRefused(
      await server.api('POST', '/olympiad/reports/email-logs/search/a%00b', { token: overlord, body: {} }),
      400,
    );
  });
});

describe('database errors that input can cause are answered in one place', () => {
  it('maps SQLSTATEs from the driver and from drizzle’s wrapper', async () => {
    const failing = async (text: string) => {
      try {
        await server.db.execute(sql.raw(text));
      } catch (error) {
        return error;
      }
      throw new Error(`${text} did not fail`);
    };
    const outOfRange = await failing('select 2147483648::int4');
    expect(inputRefusal(outOfRange)).toMatchObject({ status: 400, sqlState: '22003' });
    expect(inputRefusal((outOfRange as { cause?: unknown }).cause ?? outOfRange)).toMatchObject({ status: 400 });
    expect(inputRefusal(await failing("select 'x'::int4"))).toMatchObject({ status: 400, sqlState: '22P02' });
    expect(inputRefusal(await failing("select convert_from('\\x00'::bytea, 'UTF8')"))).toMatchObject({
      status: 400,
      sqlState: '22021',
    });
    await server.db.execute(sql.raw('create table input_p (id int primary key)'));
    await server.db.execute(sql.raw('create table input_c (p int references input_p (id))'));
    await server.db.execute(sql.raw('insert into input_p values (1)'));
    await server.db.execute(sql.raw('insert into input_c values (1)'));
    expect(inputRefusal(await failing('insert into input_p values (1)'))).toMatchObject({
      status: 409,
      sqlState: '23505',
    });
    // Naming a record that does not exist, and removing one that others still refer to.
    expect(inputRefusal(await failing('insert into input_c values (2)'))).toMatchObject({
      status: 404,
      sqlState: '23503',
    });
    expect(inputRefusal(await failing('delete from input_p'))).toMatchObject({ status: 409, sqlState: '23503' });
    expect(inputRefusal(new Error('anything else'))).toBeUndefined();
  });

  it('a mailing for an olympiad that does not exist is a 404, not a 500', async () => {
    const res = await server.api('POST', '/emailer/api/', {
      token: overlord,
      body: {
        olympiadId: 2_147_483_000,
        subject: 'Secret subject 7f3a',
        html: '<p>Hello</p>',
        audience: { kind: 'pasted', addresses: ['a@example.org'] },
      },
    });
    expectRefused(res, 404);
    // The refused statement's parameters stay out of the log.
    expect(logLines.join('')).not.toContain('Secret subject 7f3a');
  });

  it('a sub-project edit that changes nothing is a 400', async () => {
    const [project] = await server.query<{ id: number }>`select id from projects order by id limit 1`;
    const created = await server.api('POST', '/olympus-sub-project/v-rest/', {
      token: overlord,
      body: { projectId: project!.id, name: 'fuzz-sub', title: 'Fuzz' },
    });
    expect(created.status, created.text).toBe(200);
    const id = created.body.subProject.id as number;
    const res = await server.api('PUT', `/olympus-sub-project/v-rest/${id}`, { token: overlord, body: {} });
    expectRefused(res, 400);
    const renamed = await server.api('PUT', `/olympus-sub-project/v-rest/${id}`, {
      token: overlord,
      body: { title: 'Fuzz 2' },
    });
    expect(renamed.status).toBe(200);
  });
});

describe('logs', () => {
  it('never carry a query string', async () => {
    logLines.length = 0;
    await server.api('GET', '/api/auth/me?hash=sealed-secret-9c1d', { token: admin });
    await server.api('GET', '/queued-email/2147483648?token=sealed-secret-9c1d', { token: admin });
    await server.api('GET', '/no/such/route?hash=sealed-secret-9c1d');
    const log = logLines.join('');
    expect(log).toContain('/api/auth/me');
    expect(log).not.toContain('sealed-secret-9c1d');
  });

  it('carry a failed query’s statement but not its parameters', () => {
    const err = new DrizzleQueryError(
      'select id from users where hash = $1',
      ['$argon2id$sealed-9c1d'],
      new Error('boom'),
    );
    const logged = JSON.stringify(loggerOptions('info').serializers.err(err));
    expect(logged).toContain('select id from users where hash = $1');
    expect(logged).toContain('boom');
    expect(logged).not.toContain('sealed-9c1d');
  });
});
