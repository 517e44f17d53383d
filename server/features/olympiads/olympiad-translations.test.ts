import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModule, createOlympiad, createQuestion, createUser, grant } from '../../seed/factories.js';
import {
  expectError,
  expectRowsUnchanged,
  forbiddenFor,
  notFoundUnchanged,
  unauthenticated,
} from '../../test/endpoint.js';
import { type Client, type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';

/**
 * The instructions and declaration in the olympiad's other offered languages (decision 090): written in the olympiad's
 * update, verified per language by an admin who did not write that version last, the verification kept while the
 * words stay; and the olympiad check naming every text without a translation, or with one nobody verified.
 */
let server: TestServer;
let demo: DemoIds;
let admin: Client;
let admin2: Client;
let overlord: Client;
let otherAdmin: Client;
let afrDemo: number;
let english: number;

beforeAll(async () => {
  server = await startTestServer();
  demo = await demoIds(server);
  [admin, admin2, overlord] = await Promise.all([server.as('admin'), server.as('admin2'), server.as('overlord')]);
  const elsewhere = await createOlympiad(server.db, { varName: 'otr-elsewhere' });
  const o = await createUser(server.db, { role: 'admin', username: 'otr-other-admin', password: 'password-123' });
  await grant(server.db, o.id, elsewhere.id, 'admin');
  otherAdmin = await server.as('otr-other-admin', { password: 'password-123' });
  afrDemo = (await server.query<{ id: number }>`select id from olympiads where var_name = 'afr-demo'`)[0]!.id;
  english = (await createOlympiad(server.db, { varName: 'otr-english', languages: ['en'], defaultLanguage: 'en' })).id;
  await grant(server.db, demo.users.admin, english, 'admin');
  await grant(server.db, demo.users.admin2, english, 'admin');
});
afterAll(() => server?.close());

const olympiadRows = 'select * from olympiads order by id';
const afrikaans = {
  instructions: '<p>Jy het 60 minute.</p>',
  declaration: '<p>Ek skryf op my eie.</p>',
};

interface Row {
  instructions: string;
  translations: Record<
    string,
    { instructions: string; declaration: string; verifiedBy: number | null; verifiedAt: string | null }
  >;
}
const rowOf = async (id: number) =>
  (await server.query<Row>`select instructions, translations from olympiads where id = ${id}`)[0]!;

describe('PUT /olympiad/v-rest/{id} with translations', () => {
  const edit = (id: number, body: object) => (c: Client) => c.put(`/olympiad/v-rest/${id}`, { body });

  it('401 without a token, 403 for the roles that edit no olympiad, the rows unchanged', async () => {
    await expectRowsUnchanged(server, olympiadRows, async () => {
      await unauthenticated(server, edit(demo.geoDemo, { translations: { af: afrikaans } }));
      await forbiddenFor(
        server,
        ['teacher', 'learner1', 'accountant', 'funding'],
        edit(demo.geoDemo, { translations: { af: afrikaans } }),
      );
    });
  });

  it('404 for another olympiad (afr-demo to the demo admin, geo-demo to another’s admin), the rows unchanged', async () => {
    await notFoundUnchanged(server, olympiadRows, admin, edit(afrDemo, { translations: { en: afrikaans } }));
    await notFoundUnchanged(server, olympiadRows, otherAdmin, edit(demo.geoDemo, { translations: { af: afrikaans } }));
  });

  it('400 for the default language, one not offered, an unknown one or over-long words; nothing half-written', async () => {
    const refused = async (c: Client, id: number, translations: object, path: RegExp) => {
      const res = await expectRowsUnchanged(server, olympiadRows, () =>
        edit(id, { instructions: '<p>Changed in the same call</p>', translations })(c),
      );
      expectError(res, 400);
      expect(res.body.details.map((d: { path: string }) => d.path).join(' ')).toMatch(path);
      return res;
    };
    const own = await refused(admin, demo.geoDemo, { en: afrikaans }, /^body\.translations\.en$/);
    expect(own.body.details[0].message).toMatch(/English is this olympiad's default language/);
    const notOffered = await refused(admin, english, { af: afrikaans }, /^body\.translations\.af$/);
    expect(notOffered.body.details[0].message).toMatch(/not offered in Afrikaans/);
    await refused(overlord, afrDemo, { en: afrikaans }, /^body\.translations\.en$/);
    await refused(admin, demo.geoDemo, { xh: afrikaans }, /translations/);
    await refused(admin, demo.geoDemo, { af: { ...afrikaans, instructions: 'i'.repeat(50_001) } }, /instructions/);
    await refused(admin, demo.geoDemo, { af: { ...afrikaans, declaration: 'd'.repeat(20_001) } }, /declaration/);
  });

  it('keeps the verification while the Afrikaans words are sent again unchanged, the English ones changing', async () => {
    const before = (await rowOf(demo.geoDemo)).translations.af!;
    expect(before.verifiedBy).toBe(demo.users.admin2);
    const res = await edit(demo.geoDemo, {
      instructions: '<p>You have an hour.</p>',
      translations: { af: { instructions: before.instructions, declaration: before.declaration } },
    })(admin);
    expect(res.status, res.text).toBe(200);
    const row = await rowOf(demo.geoDemo);
    expect(row.instructions).toBe('<p>You have an hour.</p>');
    expect(row.translations.af).toEqual(before);
    expect(res.body.olympiad.translations.af).toMatchObject({ verified: true, verifiedBy: 'admin2' });
  });

  it('stores changed words sanitised and unverified; their writer may not verify them, a second admin does', async () => {
    const res = await edit(demo.geoDemo, {
      translations: { af: { ...afrikaans, instructions: '<p>Jy het 60 minute.<script>alert(1)</script></p>' } },
    })(admin);
    expect(res.status, res.text).toBe(200);
    expect((await rowOf(demo.geoDemo)).translations.af).toEqual({ ...afrikaans, verifiedBy: null, verifiedAt: null });
    expect(res.body.olympiad.translations.af).toMatchObject({ ...afrikaans, verified: false, verifiedBy: null });
    const mine = await expectRowsUnchanged(server, olympiadRows, () =>
      admin.post(`/olympiad/translations/${demo.geoDemo}/verify`, { query: { language: 'af' } }),
    );
    expectError(mine, 403);
    const theirs = await admin2.post(`/olympiad/translations/${demo.geoDemo}/verify`, { query: { language: 'af' } });
    expect(theirs.status, theirs.text).toBe(200);
    expect(theirs.body.olympiad.translations.af).toMatchObject({ verified: true, verifiedBy: 'admin2' });
    expect((await rowOf(demo.geoDemo)).translations.af).toMatchObject({
      ...afrikaans,
      verifiedBy: demo.users.admin2,
      verifiedAt: expect.any(String),
    });
  });
});

describe('POST /olympiad/translations/{id}/verify?language=', () => {
  const verify = (id: number, query: Record<string, string>) => (c: Client) =>
    c.post(`/olympiad/translations/${id}/verify`, { query });

  it('401 without a token, 403 for the roles that edit no olympiad, the rows unchanged', async () => {
    await expectRowsUnchanged(server, olympiadRows, async () => {
      await unauthenticated(server, verify(demo.geoDemo, { language: 'af' }));
      await forbiddenFor(
        server,
        ['teacher', 'learner1', 'accountant', 'funding'],
        verify(demo.geoDemo, { language: 'af' }),
      );
    });
  });

  it('404 for another olympiad, the rows unchanged', async () => {
    await notFoundUnchanged(server, olympiadRows, admin, verify(afrDemo, { language: 'af' }));
    await notFoundUnchanged(server, olympiadRows, otherAdmin, verify(demo.geoDemo, { language: 'af' }));
  });

  it('400 for the default language, one not offered, or an unknown one; the rows unchanged', async () => {
    for (const [id, query, c] of [
      [demo.geoDemo, { language: 'en' }, admin2],
      [english, { language: 'af' }, admin2],
      [english, {}, admin2],
      [afrDemo, { language: 'af' }, overlord],
      [demo.geoDemo, { language: 'xh' }, admin2],
    ] as const) {
      const res = await expectRowsUnchanged(server, olympiadRows, () => verify(id, query)(c));
      expectError(res, 400, `${id} ${JSON.stringify(query)}`);
    }
    expect((await verify(english, { language: 'af' })(admin2)).body.details).toEqual([
      { path: 'query.language', message: 'This olympiad is not offered in Afrikaans' },
    ]);
  });

  it('409 when there is no version in the language yet, the rows unchanged', async () => {
    await server.query`update olympiads set languages = '{en,af}' where id = ${english}`;
    try {
      const res = await expectRowsUnchanged(server, olympiadRows, () => verify(english, { language: 'af' })(admin2));
      expectError(res, 409);
      expect(res.body.message).toMatch(/no Afrikaans version yet/);
    } finally {
      await server.query`update olympiads set languages = '{en}' where id = ${english}`;
    }
  });

  it('verified=false clears the version’s verification, its words kept; anyone of its admins may clear it', async () => {
    const res = await verify(demo.geoDemo, { language: 'af', verified: 'false' })(admin);
    expect(res.status, res.text).toBe(200);
    expect((await rowOf(demo.geoDemo)).translations.af).toEqual({ ...afrikaans, verifiedBy: null, verifiedAt: null });
    expect((await verify(demo.geoDemo, {})(admin2)).status).toBe(200);
    expect((await rowOf(demo.geoDemo)).translations.af!.verifiedBy).toBe(demo.users.admin2);
  });
});

describe('GET /olympiad/verify/{id}, the translations', () => {
  const check = (id: number) => (c: Client) => c.get(`/olympiad/verify/${id}`);
  type Blocker = { kind: string; message: string; moduleId: number | null; questionId: number | null };
  const translationBlockers = async (id: number, c: Client = admin): Promise<Blocker[]> => {
    const res = await check(id)(c);
    expect(res.status, res.text).toBe(200);
    return (res.body.blockers as Blocker[]).filter((b) => b.kind.startsWith('translation_'));
  };

  it('401 without a token, 403 for the roles that check no olympiad, 404 for another olympiad', async () => {
    await unauthenticated(server, check(demo.geoDemo));
    await forbiddenFor(server, ['teacher', 'learner1', 'accountant', 'funding'], check(demo.geoDemo));
    await notFoundUnchanged(server, olympiadRows, admin, check(afrDemo));
    await notFoundUnchanged(server, olympiadRows, otherAdmin, check(demo.geoDemo));
  });

  it('geo-demo as seeded, every text translated and verified: no translation blocker; afr-demo, Afrikaans alone: none', async () => {
    expect(await translationBlockers(demo.geoDemo)).toEqual([]);
    expect(await translationBlockers(afrDemo, overlord)).toEqual([]);
  });

  it('names each text without an Afrikaans version and each version nobody verified, by its module and question', async () => {
    const m = await createModule(server.db, { olympiadId: demo.geoDemo, title: 'Untranslated', position: 99 });
    const bare = await createQuestion(server.db, {
      moduleId: m.id,
      position: 1,
      prompt: '<p>Name the longest river.</p>',
      verifiedBy: demo.users.admin2,
      verifiedAt: new Date(),
    });
    const [{ n }] = (await server.query<{ n: number }>`
      select count(*)::int as n from question_modules where olympiad_id = ${demo.geoDemo}`) as [{ n: number }];
    const unverified = await createQuestion(server.db, {
      moduleId: m.id,
      position: 2,
      prompt: '<p>Name the highest peak.</p>',
      verifiedBy: demo.users.admin2,
      verifiedAt: new Date(),
      translations: {
        af: {
          prompt: '<p>Noem die hoogste piek.</p>',
          imageAlt: '',
          options: { a: 'Reg', b: 'Verkeerd', c: 'Ook verkeerd' },
          targets: {},
          gapText: '',
          verifiedBy: null,
          verifiedAt: null,
        },
      },
    });
    await server.query`update olympiads set translations = '{}' where id = ${demo.geoDemo}`;
    const blockers = await translationBlockers(demo.geoDemo);
    expect(blockers).toEqual(
      expect.arrayContaining([
        {
          kind: 'translation_missing',
          message: 'The instructions have no Afrikaans version',
          moduleId: null,
          questionId: null,
        },
        {
          kind: 'translation_missing',
          message: 'The declaration has no Afrikaans version',
          moduleId: null,
          questionId: null,
        },
        {
          kind: 'translation_missing',
          message: `Module ${n} “Untranslated” has no Afrikaans version`,
          moduleId: m.id,
          questionId: null,
        },
        {
          kind: 'translation_missing',
          message: `Module ${n}, question 1 (“Name the longest river.”) has no Afrikaans version`,
          moduleId: m.id,
          questionId: bare.id,
        },
        {
          kind: 'translation_unverified',
          message: `Module ${n}, question 2 (“Name the highest peak.”): the Afrikaans version is not verified`,
          moduleId: m.id,
          questionId: unverified.id,
        },
      ]),
    );
    expect(blockers).toHaveLength(5);
    const res = await check(demo.geoDemo)(admin);
    expect(res.body.ready).toBe(false);
    // A question is verified when each offered language's version is: the two new ones are not.
    expect(res.body.counts.verified).toBe(res.body.counts.questions - 2);
  });
});
