import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOlympiad, createQuestion, createUser, grant } from '../../seed/factories.js';
import {
  expectError,
  expectRowsUnchanged,
  forbiddenFor,
  notFoundUnchanged,
  unauthenticated,
} from '../../test/endpoint.js';
import { type Client, type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';

/**
 * Changing an olympiad's default language (decision 090): every text and its translation in the new default change
 * places, the old default's words becoming the translation; refused (409) naming each text without a version in the
 * new language, nothing changed then.
 */
let server: TestServer;
let demo: DemoIds;
let admin: Client;
let otherAdmin: Client;
let afrDemo: number;
let english: number;

beforeAll(async () => {
  server = await startTestServer();
  demo = await demoIds(server);
  admin = await server.as('admin');
  const elsewhere = await createOlympiad(server.db, { varName: 'dl-elsewhere' });
  const o = await createUser(server.db, { role: 'admin', username: 'dl-other-admin', password: 'password-123' });
  await grant(server.db, o.id, elsewhere.id, 'admin');
  otherAdmin = await server.as('dl-other-admin', { password: 'password-123' });
  afrDemo = (await server.query<{ id: number }>`select id from olympiads where var_name = 'afr-demo'`)[0]!.id;
  english = (await createOlympiad(server.db, { varName: 'dl-english', languages: ['en'], defaultLanguage: 'en' })).id;
  await grant(server.db, demo.users.admin, english, 'admin');
});
afterAll(() => server?.close());

/** Every row a change of default language may write. */
const paperRows = async () => ({
  olympiads: await server.query`select * from olympiads order by id`,
  modules: await server.query`select * from question_modules order by id`,
  questions: await server.query`select * from questions order by id`,
});

const change = (id: number, body: object) => (c: Client) => c.put(`/olympiad/v-rest/${id}`, { body });

interface PaperRow {
  id: number;
  title?: string;
  prompt?: string;
  options?: Array<{ id: string; text: string }>;
  verified_by?: number | null;
  translations: Record<string, Record<string, unknown>>;
}
const olympiadRow = async (id: number) =>
  (
    await server.query<{ default_language: string; instructions: string; declaration: string } & PaperRow>`
      select id, default_language, instructions, declaration, translations from olympiads where id = ${id}`
  )[0]!;
const modulesOf = (id: number) =>
  server.query<PaperRow>`select id, title, translations from question_modules where olympiad_id = ${id} order by id`;
const questionsOf = (id: number) =>
  server.query<PaperRow>`
    select x.id, x.prompt, x.options, x.verified_by, x.translations from questions x
    join question_modules m on m.id = x.module_id where m.olympiad_id = ${id} and x.retired_at is null order by x.id`;

describe('PUT /olympiad/v-rest/{id} changing defaultLanguage', () => {
  it('401 without a token, 403 for the roles that edit no olympiad, the rows unchanged', async () => {
    await expectRowsUnchanged(server, paperRows, async () => {
      await unauthenticated(server, change(demo.geoDemo, { defaultLanguage: 'af' }));
      await forbiddenFor(
        server,
        ['teacher', 'learner1', 'accountant', 'funding'],
        change(demo.geoDemo, { defaultLanguage: 'af' }),
      );
    });
  });

  it('404 for another olympiad (afr-demo to the demo admin, geo-demo to another’s admin), the rows unchanged', async () => {
    await notFoundUnchanged(
      server,
      paperRows,
      admin,
      change(afrDemo, { defaultLanguage: 'en', languages: ['af', 'en'] }),
    );
    await notFoundUnchanged(server, paperRows, otherAdmin, change(demo.geoDemo, { defaultLanguage: 'af' }));
  });

  it('400 for a default the olympiad is not offered in, or no language of Olympus’s; nothing written', async () => {
    for (const [id, body] of [
      [english, { defaultLanguage: 'af' }],
      [demo.geoDemo, { defaultLanguage: 'af', languages: ['en'] }],
      [demo.geoDemo, { defaultLanguage: 'xh' }],
    ] as const) {
      const res = await expectRowsUnchanged(server, paperRows, () => change(id, body)(admin));
      expectError(res, 400, JSON.stringify(body));
      expect(res.body.details.map((d: { path: string }) => d.path)).toContain('body.defaultLanguage');
    }
  });

  it('swaps every text of geo-demo with its Afrikaans version, the English becoming the translation', async () => {
    const [before, modules, questions] = [
      await olympiadRow(demo.geoDemo),
      await modulesOf(demo.geoDemo),
      await questionsOf(demo.geoDemo),
    ];
    expect(before.default_language).toBe('en');
    expect(questions.length).toBeGreaterThan(0);
    const res = await change(demo.geoDemo, { defaultLanguage: 'af' })(admin);
    expect(res.status, res.text).toBe(200);
    expect(res.body.olympiad).toMatchObject({ defaultLanguage: 'af', languages: ['en', 'af'] });

    const after = await olympiadRow(demo.geoDemo);
    const af = before.translations.af as { instructions: string; declaration: string };
    expect(after).toMatchObject({ default_language: 'af', instructions: af.instructions, declaration: af.declaration });
    expect(Object.keys(after.translations)).toEqual(['en']);
    expect(after.translations.en).toMatchObject({
      instructions: before.instructions,
      declaration: before.declaration,
      verifiedBy: demo.users.admin,
    });

    for (const [i, m] of (await modulesOf(demo.geoDemo)).entries()) {
      const was = modules[i]!;
      expect(m.title).toBe((was.translations.af as { title: string }).title);
      expect(Object.keys(m.translations)).toEqual(['en']);
      expect(m.translations.en).toMatchObject({ title: was.title, verifiedBy: demo.users.admin });
    }
    for (const [i, x] of (await questionsOf(demo.geoDemo)).entries()) {
      const was = questions[i]!;
      const wasAf = was.translations.af as { prompt: string; options: Record<string, string>; verifiedBy: number };
      expect(x.prompt).toBe(wasAf.prompt);
      // A question's verification moves with its words: the Afrikaans verifier's now the question's own.
      expect(x.verified_by).toBe(wasAf.verifiedBy);
      for (const o of x.options ?? [])
        expect(o.text).toBe(wasAf.options[o.id] || was.options!.find((p) => p.id === o.id)!.text);
      expect(x.translations.en).toMatchObject({ prompt: was.prompt, verifiedBy: was.verified_by });
      expect(x.translations.af).toBeUndefined();
    }
  });

  it('swaps back to English, each text as it was', async () => {
    const modules = await modulesOf(demo.geoDemo);
    const res = await change(demo.geoDemo, { defaultLanguage: 'en' })(admin);
    expect(res.status, res.text).toBe(200);
    const after = await olympiadRow(demo.geoDemo);
    expect(after.default_language).toBe('en');
    expect(after.instructions).toMatch(/^<p>/);
    expect(Object.keys(after.translations)).toEqual(['af']);
    for (const [i, m] of (await modulesOf(demo.geoDemo)).entries())
      expect(m.title).toBe((modules[i]!.translations.en as { title: string }).title);
    const check = await admin.get(`/olympiad/verify/${demo.geoDemo}`);
    expect(check.body.blockers.filter((b: { kind: string }) => b.kind.startsWith('translation_'))).toEqual([]);
  });

  it('409 naming each text without an Afrikaans version, nothing changed', async () => {
    const [m] = await modulesOf(demo.geoDemo);
    const bare = await createQuestion(server.db, { moduleId: m!.id, position: 999, prompt: '<p>Untranslated?</p>' });
    await server.query`
      update olympiads set translations = translations - 'af', declaration = '<p>I write alone.</p>'
      where id = ${demo.geoDemo}`;
    const res = await expectRowsUnchanged(server, paperRows, () =>
      change(demo.geoDemo, { defaultLanguage: 'af' })(admin),
    );
    expectError(res, 409);
    expect(res.body.message).toMatch(
      /^The paper cannot be written in Afrikaans first: 3 texts have no Afrikaans version yet/,
    );
    expect(res.body.details).toEqual([
      { path: 'instructions', message: 'The instructions have no Afrikaans version' },
      { path: 'declaration', message: 'The declaration has no Afrikaans version' },
      {
        path: `questions.${bare.id}`,
        message: expect.stringMatching(/^Module 1, question \d+ lacks an Afrikaans version$/),
      },
    ]);
  });

  it('an olympiad with no words yet changes its default at once, nothing to swap', async () => {
    const empty = await createOlympiad(server.db, {
      varName: 'dl-empty',
      languages: ['en', 'af'],
      defaultLanguage: 'en',
      instructions: '',
      declaration: '',
    });
    const res = await change(empty.id, { defaultLanguage: 'af' })(await server.as('overlord'));
    expect(res.status, res.text).toBe(200);
    expect((await olympiadRow(empty.id)).default_language).toBe('af');
  });
});
