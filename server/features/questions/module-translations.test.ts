import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModule, createOlympiad, createUser, grant } from '../../seed/factories.js';
import {
  expectError,
  expectRowsUnchanged,
  forbiddenFor,
  notFoundUnchanged,
  unauthenticated,
} from '../../test/endpoint.js';
import { type Client, type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';

/**
 * A section's title and intro in the olympiad's other offered languages (decision 090): written with the section,
 * sanitised as its own intro, verified per language by an admin who did not write that version last, and that
 * verification kept while the words stay as they were.
 */
let server: TestServer;
let demo: DemoIds;
let admin: Client;
let admin2: Client;
let overlord: Client;
let otherAdmin: Client;
let afrDemo: number;
let afrModule: number;
let english: number;
let englishModule: number;

beforeAll(async () => {
  server = await startTestServer();
  demo = await demoIds(server);
  [admin, admin2, overlord] = await Promise.all([server.as('admin'), server.as('admin2'), server.as('overlord')]);
  const elsewhere = await createOlympiad(server.db, { varName: 'mtr-elsewhere' });
  const o = await createUser(server.db, { role: 'admin', username: 'mtr-other-admin', password: 'password-123' });
  await grant(server.db, o.id, elsewhere.id, 'admin');
  otherAdmin = await server.as('mtr-other-admin', { password: 'password-123' });
  afrDemo = (await server.query<{ id: number }>`select id from olympiads where var_name = 'afr-demo'`)[0]!.id;
  afrModule = (
    await server.query<{ id: number }>`
    select id from question_modules where olympiad_id = ${afrDemo} order by position limit 1`
  )[0]!.id;
  english = (await createOlympiad(server.db, { varName: 'mtr-english', languages: ['en'], defaultLanguage: 'en' })).id;
  await grant(server.db, demo.users.admin, english, 'admin');
  englishModule = (await createModule(server.db, { olympiadId: english, title: 'English only' })).id;
});
afterAll(() => server?.close());

const kaarte = { title: 'Kaarte', intro: '<p>Vrae oor kaarte.</p>' };
const moduleRows = 'select * from question_modules order by id';

interface Row {
  title: string;
  intro: string;
  translations: Record<string, { title: string; intro: string; verifiedBy: number | null; verifiedAt: string | null }>;
}
const rowOf = async (id: number) =>
  (await server.query<Row>`select title, intro, translations from question_modules where id = ${id}`)[0]!;

async function newModule(by: Client = admin, translations: object = { af: kaarte }): Promise<number> {
  const res = await by.post('/question-module/v-rest/', {
    body: { olympiadId: demo.geoDemo, title: 'Maps', intro: '<p>Questions on maps.</p>', translations },
  });
  expect(res.status, res.text).toBe(200);
  return res.body.module.id as number;
}

describe('POST /question-module/v-rest/ with translations', () => {
  const create = (olympiadId: number, translations: object) => (c: Client) =>
    c.post('/question-module/v-rest/', { body: { olympiadId, title: 'Maps', translations } });

  it('401 without a token, 403 for the roles that write no paper', async () => {
    await unauthenticated(server, create(demo.geoDemo, { af: kaarte }));
    await forbiddenFor(server, ['teacher', 'learner1', 'accountant', 'funding'], create(demo.geoDemo, { af: kaarte }));
  });

  it('404 for another olympiad (afr-demo to the demo admin, geo-demo to another’s admin), nothing added', async () => {
    await notFoundUnchanged(server, moduleRows, admin, create(afrDemo, { en: kaarte }));
    await notFoundUnchanged(server, moduleRows, otherAdmin, create(demo.geoDemo, { af: kaarte }));
  });

  it('400 for the default language, one not offered, an unknown one, no title or over-long words; nothing added', async () => {
    const refused = async (c: Client, olympiadId: number, translations: object, path: RegExp) => {
      const res = await expectRowsUnchanged(server, moduleRows, () => create(olympiadId, translations)(c));
      expectError(res, 400);
      expect(res.body.details.map((d: { path: string }) => d.path).join(' ')).toMatch(path);
      return res;
    };
    expect(
      (await refused(admin, demo.geoDemo, { en: kaarte }, /^body\.translations\.en$/)).body.details[0].message,
    ).toMatch(/default language/);
    expect((await refused(admin, english, { af: kaarte }, /^body\.translations\.af$/)).body.details[0].message).toMatch(
      /not offered in Afrikaans/,
    );
    await refused(overlord, afrDemo, { en: kaarte }, /^body\.translations\.en$/);
    await refused(admin, demo.geoDemo, { zu: kaarte }, /translations/);
    await refused(admin, demo.geoDemo, { af: { title: '  ' } }, /translations\.af\.title/);
    await refused(admin, demo.geoDemo, { af: { title: 't'.repeat(201) } }, /translations\.af\.title/);
    await refused(admin, demo.geoDemo, { af: { title: 'T', intro: 'i'.repeat(20_001) } }, /translations\.af\.intro/);
  });

  it('stores the words trimmed and sanitised, not verified, and answers them', async () => {
    const res = await create(demo.geoDemo, {
      af: { title: '  Kaarte ', intro: '<p>Vrae oor kaarte.<script>alert(1)</script></p>' },
    })(admin);
    expect(res.status, res.text).toBe(200);
    const row = await rowOf(res.body.module.id);
    expect(row.translations).toEqual({ af: { ...kaarte, verifiedBy: null, verifiedAt: null } });
    expect(res.body.module.translations.af).toEqual({ ...kaarte, verified: false, verifiedBy: null, verifiedAt: null });
  });
});

describe('PUT /question-module/v-rest/{id} with translations', () => {
  let id: number;
  beforeAll(async () => {
    id = await newModule();
  });
  const edit = (mid: number, body: object) => (c: Client) => c.put(`/question-module/v-rest/${mid}`, { body });

  it('401 without a token, 403 for the roles that write no paper, the row unchanged', async () => {
    await expectRowsUnchanged(server, moduleRows, async () => {
      await unauthenticated(server, edit(id, { translations: { af: kaarte } }));
      await forbiddenFor(
        server,
        ['teacher', 'learner1', 'accountant', 'funding'],
        edit(id, { translations: { af: kaarte } }),
      );
    });
  });

  it('404 for another olympiad’s section, the rows unchanged', async () => {
    await notFoundUnchanged(server, moduleRows, admin, edit(afrModule, { translations: { en: kaarte } }));
    await notFoundUnchanged(server, moduleRows, otherAdmin, edit(id, { translations: { af: { title: 'Ander' } } }));
  });

  it('400 for the default language or over-long words, the title sent with them not written either', async () => {
    for (const translations of [{ en: kaarte }, { af: { title: 'K', intro: 'i'.repeat(20_001) } }]) {
      const res = await expectRowsUnchanged(server, moduleRows, () =>
        edit(id, { title: 'Changed', translations })(admin),
      );
      expectError(res, 400);
    }
  });

  it('the writer of the Afrikaans version may not verify it; a second admin does', async () => {
    const mine = await expectRowsUnchanged(server, moduleRows, () =>
      admin.post(`/question-module/v-rest/${id}/verify`, { query: { language: 'af' } }),
    );
    expectError(mine, 403);
    const res = await admin2.post(`/question-module/v-rest/${id}/verify`, { query: { language: 'af' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.module.translations.af).toMatchObject({ verified: true, verifiedBy: 'admin2' });
    const row = await rowOf(id);
    expect(row.translations.af).toMatchObject({
      ...kaarte,
      verifiedBy: demo.users.admin2,
      verifiedAt: expect.any(String),
    });
  });

  it('keeps the verification while the Afrikaans words stay the same (or are not sent), the English ones changing', async () => {
    expect((await edit(id, { title: 'Maps and atlases', translations: { af: kaarte } })(admin)).status).toBe(200);
    expect((await edit(id, { intro: '<p>On maps.</p>' })(admin)).status).toBe(200);
    const row = await rowOf(id);
    expect(row).toMatchObject({ title: 'Maps and atlases', intro: '<p>On maps.</p>' });
    expect(row.translations.af).toMatchObject({ ...kaarte, verifiedBy: demo.users.admin2 });
    // Sending the same words does not make their sender the writer: the verification stays, and so does who wrote.
    expect((await admin.post(`/question-module/v-rest/${id}/verify`, { query: { verified: 'false' } })).status).toBe(
      200,
    );
    expect((await admin.post(`/question-module/v-rest/${id}/verify`, { query: { language: 'af' } })).status).toBe(403);
    expect((await admin2.post(`/question-module/v-rest/${id}/verify`, { query: { language: 'af' } })).status).toBe(200);
  });

  it('clears the verification when the Afrikaans words change; their new writer may not verify them', async () => {
    const res = await edit(id, { translations: { af: { title: 'Kaarte en atlasse', intro: kaarte.intro } } })(admin2);
    expect(res.status, res.text).toBe(200);
    expect(res.body.module.translations.af).toMatchObject({ title: 'Kaarte en atlasse', verified: false });
    expect((await rowOf(id)).translations.af).toEqual({
      title: 'Kaarte en atlasse',
      intro: kaarte.intro,
      verifiedBy: null,
      verifiedAt: null,
    });
    expectError(await admin2.post(`/question-module/v-rest/${id}/verify`, { query: { language: 'af' } }), 403);
    expect((await admin.post(`/question-module/v-rest/${id}/verify`, { query: { language: 'af' } })).status).toBe(200);
    expect((await rowOf(id)).translations.af!.verifiedBy).toBe(demo.users.admin);
  });
});

describe('POST /question-module/v-rest/{id}/verify?language=', () => {
  let id: number;
  beforeAll(async () => {
    id = await newModule();
  });
  const verify = (mid: number, query: Record<string, string>) => (c: Client) =>
    c.post(`/question-module/v-rest/${mid}/verify`, { query });

  it('401 without a token, 403 for the roles that verify nothing, the row unchanged', async () => {
    await expectRowsUnchanged(server, moduleRows, async () => {
      await unauthenticated(server, verify(id, { language: 'af' }));
      await forbiddenFor(server, ['teacher', 'learner1', 'accountant', 'funding'], verify(id, { language: 'af' }));
    });
  });

  it('404 for another olympiad’s section, the rows unchanged', async () => {
    await notFoundUnchanged(server, moduleRows, admin2, verify(afrModule, { language: 'af' }));
    await notFoundUnchanged(server, moduleRows, otherAdmin, verify(id, { language: 'af' }));
  });

  it('400 for the default language, one the olympiad does not offer, or an unknown one; the rows unchanged', async () => {
    for (const [mid, language, c] of [
      [id, 'en', admin2],
      [englishModule, 'af', admin],
      [afrModule, 'af', overlord],
      [id, 'xh', admin2],
    ] as const) {
      const res = await expectRowsUnchanged(server, moduleRows, () => verify(mid, { language })(c));
      expectError(res, 400, `${mid} ${language}`);
    }
    const notOffered = await verify(englishModule, { language: 'af' })(admin);
    expect(notOffered.body.details).toEqual([
      { path: 'query.language', message: 'This olympiad is not offered in Afrikaans' },
    ]);
  });

  it('409 for a section with no Afrikaans version yet, the row unchanged', async () => {
    const bare = await newModule(admin, {});
    const res = await expectRowsUnchanged(server, moduleRows, () => verify(bare, { language: 'af' })(admin2));
    expectError(res, 409);
    expect(res.body.message).toMatch(/no Afrikaans version yet/);
  });

  it('verifies the Afrikaans version (the only other language, so the default of the query) and clears it', async () => {
    const res = await verify(id, {})(admin2);
    expect(res.status, res.text).toBe(200);
    expect((await rowOf(id)).translations.af!.verifiedBy).toBe(demo.users.admin2);
    const cleared = await verify(id, { language: 'af', verified: 'false' })(admin);
    expect(cleared.status, cleared.text).toBe(200);
    expect((await rowOf(id)).translations.af).toEqual({ ...kaarte, verifiedBy: null, verifiedAt: null });
  });
});
