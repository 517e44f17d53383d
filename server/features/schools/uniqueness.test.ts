import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../seed/factories.js';
import { type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';

let server: TestServer;
let demo: DemoIds;
let overlord: string;

beforeAll(async () => {
  server = await startTestServer();
  demo = await demoIds(server);
  overlord = (await server.signIn('overlord')).accessToken.token;
});
afterAll(async () => {
  await server?.close();
});

describe('a school without an EMIS number', () => {
  it('is made once by 200 identical requests at once; the others are told it exists (409)', async () => {
    const body = { name: 'Laerskool Sonop', town: 'Brits', province: 'North West' };
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => server.api('POST', '/school/v-rest/', { token: overlord, body })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(199);
    const refused = answers.find((a) => a.status === 409)!;
    expect(refused.body).toMatchObject({ success: false, code: 'conflict' });
    const rows = await server.query<{ n: number }>`
      select count(*)::int as n from schools where lower(name) = 'laerskool sonop'`;
    expect(rows[0]!.n).toBe(1);
  });

  it('the same name in another town is another school; a different case or spacing is the same one', async () => {
    const other = await server.api('POST', '/school/v-rest/', {
      token: overlord,
      body: { name: 'Laerskool Sonop', town: 'Pretoria', province: 'North West' },
    });
    expect(other.status).toBe(200);
    const again = await server.api('POST', '/school/v-rest/', {
      token: overlord,
      body: { name: 'laerskool sonop ', town: 'BRITS', province: 'north west' },
    });
    expect(again.status).toBe(409);
    expect(again.body.details).toEqual([{ path: 'body.name', message: expect.any(String) }]);
  });
});

describe('a teacher’s email address', () => {
  it('is unique among teachers in the database itself, whatever its case', async () => {
    await createUser(server.db, {
      role: 'teacher',
      schoolId: demo.school1,
      email: 'Unique.Teacher@school.example.org',
    });
    await expect(
      createUser(server.db, { role: 'teacher', schoolId: demo.school2, email: 'unique.teacher@SCHOOL.example.org' }),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23505' }) });
  });

  it('two requests at once adding the same teacher make one teacher; the other is a 409', async () => {
    const body = {
      schoolId: demo.school1,
      firstName: 'Twin',
      lastName: 'Request',
      email: 'twin.request@school.example.org',
    };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => server.api('POST', '/teacher/v-rest/', { token: overlord, body })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const rows = await server.query<{ n: number }>`
      select count(*)::int as n from users where lower(email) = 'twin.request@school.example.org'`;
    expect(rows[0]!.n).toBe(1);
  });
});
