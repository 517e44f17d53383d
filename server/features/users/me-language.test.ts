import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionUser } from '#contract/auth';
import { MeLanguageResult } from '#contract/users';
import { expectError, expectRowsUnchanged, unauthenticated } from '../../test/endpoint.js';
import { type Client, type TestServer, startTestServer } from '../../test/harness.js';

/** PUT /api/me/language: the language a person reads Olympus and its mail in, kept on their own account. */
let server: TestServer;
const everyRole = ['overlord', 'admin', 'accountant', 'funding', 'teacher', 'learner1', 'teamadmin'] as const;
const languageRows = 'select id, language, updated_at from users order by id';
const put = (body: unknown) => (c: Client) => c.put('/api/me/language', { body });
const stored = async (id: number) =>
  (await server.query<{ language: string | null }>`select language from users where id = ${id}`)[0]!.language;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('PUT /api/me/language', () => {
  it('401 without a token, nothing written', async () => {
    await expectRowsUnchanged(server, languageRows, () => unauthenticated(server, put({ language: 'af' })));
  });

  it('every signed-in role keeps its own choice, and the session user answers it', async () => {
    for (const role of everyRole) {
      const client = await server.as(role);
      expect(client.user!.language, role).toBeNull();
      const res = await put({ language: 'af' })(client);
      expect(res.status, `${role}: ${res.text}`).toBe(200);
      expect(MeLanguageResult.parse(res.body)).toEqual({ success: true, language: 'af' });
      expect(await stored(client.user!.id), role).toBe('af');
      const me = await client.get('/api/auth/me', { schema: SessionUser });
      expect(me.body.language, role).toBe('af');
    }
    const teacher = await server.as('teacher');
    await put({ language: 'en' })(teacher);
    expect(await stored(teacher.user!.id)).toBe('en');
    // The next sign-in answers it too, with every other field as before.
    const again = await server.signIn('teacher');
    expect(again.language).toBe('en');
    expect(again.username).toBe('teacher');
  });

  it('refuses a language Olympus does not speak, an unknown field or no body, in the one error shape', async () => {
    const teacher = await server.as('teacher2');
    for (const body of [{ language: 'fr' }, { language: 'af', extra: 1 }, {}, { language: null }]) {
      const res = await expectRowsUnchanged(server, languageRows, () => put(body)(teacher));
      expectError(res, 400, JSON.stringify(body));
      expect(res.body.code).toBe('validation_failed');
      expect(res.body.details?.[0]?.path).toMatch(/^body/);
    }
    const empty = await expectRowsUnchanged(server, languageRows, () => teacher.put('/api/me/language'));
    expect([400, 422]).toContain(empty.status);
    expect(empty.body.success).toBe(false);
  });
});
