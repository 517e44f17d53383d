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
 * A question's words in the olympiad's other offered languages (decision 090): written with the question, stored
 * sanitised by the question's own option ids, each language verified on its own by a second admin, and that
 * verification kept while the language's words stay as they were.
 */
let server: TestServer;
let demo: DemoIds;
let admin: Client;
let admin2: Client;
let overlord: Client;
let otherAdmin: Client;
/** A section of geo-demo (English, Afrikaans offered) for this file's questions. */
let geoModule: number;
/** afr-demo (Afrikaans only): a question out of the demo admin's reach. */
let afrQuestion: number;
let afrModule: number;
/** An English-only olympiad the demo admin holds, and a section of it. */
let englishModule: number;

beforeAll(async () => {
  server = await startTestServer();
  demo = await demoIds(server);
  [admin, admin2, overlord] = await Promise.all([server.as('admin'), server.as('admin2'), server.as('overlord')]);
  const elsewhere = await createOlympiad(server.db, { varName: 'qtr-elsewhere' });
  const o = await createUser(server.db, { role: 'admin', username: 'qtr-other-admin', password: 'password-123' });
  await grant(server.db, o.id, elsewhere.id, 'admin');
  otherAdmin = await server.as('qtr-other-admin', { password: 'password-123' });
  geoModule = (await createModule(server.db, { olympiadId: demo.geoDemo, title: 'Translations' })).id;
  const [afr] = await server.query<{ id: number }>`
    select x.id, x.module_id from questions x join question_modules m on m.id = x.module_id
    join olympiads o on o.id = m.olympiad_id where o.var_name = 'afr-demo' order by x.id limit 1`;
  afrQuestion = afr!.id;
  afrModule = (await server.query<{ module_id: number }>`select module_id from questions where id = ${afrQuestion}`)[0]!
    .module_id;
  const english = await createOlympiad(server.db, { varName: 'qtr-english', languages: ['en'], defaultLanguage: 'en' });
  await grant(server.db, demo.users.admin, english.id, 'admin');
  englishModule = (await createModule(server.db, { olympiadId: english.id, title: 'English only' })).id;
});
afterAll(() => server?.close());

const capital = {
  type: 'single',
  prompt: '<p>Which city is the capital of Kenya?</p>',
  options: [
    { id: 'a', text: 'Nairobi', imageUrl: null },
    { id: 'b', text: 'Mombasa', imageUrl: null },
  ],
  answerKey: { type: 'single', correct: 'a' },
  marks: 1,
};
const hoofstad = {
  prompt: '<p>Watter stad is die hoofstad van Kenia?</p>',
  options: { a: 'Nairobi', b: 'Mombasa' },
};

interface Row {
  translations: Record<
    string,
    { prompt: string; options: Record<string, string>; verifiedBy: number | null; verifiedAt: string | null }
  >;
  verified_by: number | null;
  last_edited_by: number | null;
  prompt: string;
}
const rowOf = async (id: number) =>
  (
    await server.query<Row>`select translations, verified_by, last_edited_by, prompt from questions where id = ${id}`
  )[0]!;
const questionRows = 'select * from questions order by id';

async function newQuestion(by: Client = admin, translations: object = { af: hoofstad }): Promise<number> {
  const res = await by.post('/question/v-rest/', { body: { questionModuleId: geoModule, ...capital, translations } });
  expect(res.status, res.text).toBe(200);
  return res.body.question.id as number;
}

describe('POST /question/v-rest/ with translations', () => {
  const create = (moduleId: number, translations: object) => (c: Client) =>
    c.post('/question/v-rest/', { body: { questionModuleId: moduleId, ...capital, translations } });

  it('401 without a token, 403 for the roles that write no paper', async () => {
    await unauthenticated(server, create(geoModule, { af: hoofstad }));
    await forbiddenFor(server, ['teacher', 'learner1', 'accountant', 'funding'], create(geoModule, { af: hoofstad }));
  });

  it('404 for another olympiad’s section (afr-demo’s to the demo admin, geo-demo’s to another’s admin), nothing added', async () => {
    await notFoundUnchanged(server, questionRows, admin, create(afrModule, { en: hoofstad }));
    await notFoundUnchanged(server, questionRows, otherAdmin, create(geoModule, { af: hoofstad }));
  });

  it('400 for the default language, a language not offered, an unknown one or over-long words; nothing added', async () => {
    const refused = async (c: Client, moduleId: number, translations: object, path: RegExp) => {
      const res = await expectRowsUnchanged(server, questionRows, () => create(moduleId, translations)(c));
      expectError(res, 400);
      expect(res.body.details.map((d: { path: string }) => d.path).join(' ')).toMatch(path);
      return res;
    };
    const own = await refused(admin, geoModule, { en: hoofstad }, /^body\.translations\.en$/);
    expect(own.body.details[0].message).toMatch(/English is this olympiad's default language/);
    const notOffered = await refused(admin, englishModule, { af: hoofstad }, /^body\.translations\.af$/);
    expect(notOffered.body.details[0].message).toMatch(/not offered in Afrikaans/);
    await refused(overlord, afrModule, { en: hoofstad }, /^body\.translations\.en$/);
    await refused(admin, geoModule, { xh: hoofstad }, /translations/);
    await refused(admin, geoModule, { af: { ...hoofstad, prompt: 'x'.repeat(20_001) } }, /translations\.af\.prompt/);
    await refused(
      admin,
      geoModule,
      { af: { ...hoofstad, options: { a: 'y'.repeat(2001) } } },
      /translations\.af\.options/,
    );
  });

  it('stores the words sanitised and trimmed, by the question’s own option ids, not verified; answers them', async () => {
    const res = await create(geoModule, {
      af: {
        prompt: '<p>Watter stad is die hoofstad van Kenia?<script>alert(1)</script></p>',
        options: { a: '  Nairobi ', b: 'Mombasa', z: 'Geen' },
        imageAlt: ' ',
      },
    })(admin);
    expect(res.status, res.text).toBe(200);
    const id = res.body.question.id as number;
    const row = await rowOf(id);
    expect(row.translations.af).toMatchObject({
      prompt: '<p>Watter stad is die hoofstad van Kenia?</p>',
      options: { a: 'Nairobi', b: 'Mombasa' },
      verifiedBy: null,
      verifiedAt: null,
    });
    expect(Object.keys(row.translations)).toEqual(['af']);
    expect(row.last_edited_by).toBe(demo.users.admin);
    expect(res.body.question.translations.af).toMatchObject({
      prompt: '<p>Watter stad is die hoofstad van Kenia?</p>',
      options: { a: 'Nairobi', b: 'Mombasa' },
      verified: false,
      verifiedBy: null,
    });
  });
});

describe('PUT /question/v-rest/{id} with translations', () => {
  let id: number;
  beforeAll(async () => {
    id = await newQuestion();
  });
  const edit = (qid: number, fields: object) => (c: Client) =>
    c.put(`/question/v-rest/${qid}`, { body: { ...capital, ...fields } });

  it('401 without a token, 403 for the roles that write no paper, the row unchanged', async () => {
    await expectRowsUnchanged(server, questionRows, async () => {
      await unauthenticated(server, edit(id, { translations: { af: hoofstad } }));
      await forbiddenFor(
        server,
        ['teacher', 'learner1', 'accountant', 'funding'],
        edit(id, { translations: { af: hoofstad } }),
      );
    });
  });

  it('404 for another olympiad’s question, the rows unchanged', async () => {
    await notFoundUnchanged(server, questionRows, admin, edit(afrQuestion, { translations: { en: hoofstad } }));
    await notFoundUnchanged(server, questionRows, otherAdmin, edit(id, { translations: { af: { prompt: 'Ander' } } }));
  });

  it('400 for the default language or over-long words, with nothing half-written (not the default’s fields either)', async () => {
    for (const translations of [
      { en: hoofstad },
      { af: { ...hoofstad, gapText: 'g'.repeat(5001) } },
      { af: { ...hoofstad, imageAlt: 'i'.repeat(301) } },
    ]) {
      const res = await expectRowsUnchanged(server, questionRows, () =>
        edit(id, { prompt: '<p>Changed in the same call</p>', translations })(admin),
      );
      expectError(res, 400);
    }
  });

  it('a second admin verifies the Afrikaans version; the last editor may not', async () => {
    const mine = await expectRowsUnchanged(server, questionRows, () =>
      admin.post(`/question/v-rest/${id}/verify`, { query: { verified: 'true', language: 'af' } }),
    );
    expectError(mine, 403);
    const res = await admin2.post(`/question/v-rest/${id}/verify`, { query: { verified: 'true', language: 'af' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.question.translations.af).toMatchObject({ verified: true, verifiedBy: 'admin2' });
    // The Afrikaans version alone: the question's own (English) verification is another's to give.
    expect(res.body.question.verified).toBe(false);
    const row = await rowOf(id);
    expect(row.translations.af!.verifiedBy).toBe(demo.users.admin2);
    expect(row.translations.af!.verifiedAt).toEqual(expect.any(String));
    expect(row.verified_by).toBeNull();
  });

  it('keeps the verification while the Afrikaans words stay the same, even when the English ones change', async () => {
    const res = await edit(id, {
      prompt: '<p>Which city is the capital of Kenya, today?</p>',
      translations: { af: hoofstad },
    })(admin);
    expect(res.status, res.text).toBe(200);
    const row = await rowOf(id);
    expect(row.prompt).toBe('<p>Which city is the capital of Kenya, today?</p>');
    expect(row.translations.af).toMatchObject({ ...hoofstad, verifiedBy: demo.users.admin2 });
    // Left out, a language keeps what is stored, its verification too.
    expect((await edit(id, { prompt: capital.prompt })(admin)).status).toBe(200);
    expect((await rowOf(id)).translations.af).toMatchObject({ ...hoofstad, verifiedBy: demo.users.admin2 });
  });

  it('clears the Afrikaans verification when its words change, and drops options the question no longer has', async () => {
    const res = await edit(id, {
      options: [
        { id: 'a', text: 'Nairobi', imageUrl: null },
        { id: 'c', text: 'Kisumu', imageUrl: null },
      ],
      translations: {
        af: { prompt: '<p>Wat is Kenia se hoofstad?</p>', options: { a: 'Nairobi', b: 'Mombasa', c: 'Kisumu' } },
      },
    })(admin);
    expect(res.status, res.text).toBe(200);
    const row = await rowOf(id);
    expect(row.translations.af).toMatchObject({
      prompt: '<p>Wat is Kenia se hoofstad?</p>',
      options: { a: 'Nairobi', c: 'Kisumu' },
      verifiedBy: null,
      verifiedAt: null,
    });
    expect(res.body.question.translations.af).toMatchObject({ verified: false, verifiedBy: null });
  });
});

describe('POST /question/v-rest/{id}/verify?language=', () => {
  let id: number;
  beforeAll(async () => {
    id = await newQuestion();
  });
  const verify = (qid: number, query: Record<string, string>) => (c: Client) =>
    c.post(`/question/v-rest/${qid}/verify`, { query });

  it('401 without a token, 403 for the roles that verify nothing, the row unchanged', async () => {
    await expectRowsUnchanged(server, questionRows, async () => {
      await unauthenticated(server, verify(id, { language: 'af' }));
      await forbiddenFor(server, ['teacher', 'learner1', 'accountant', 'funding'], verify(id, { language: 'af' }));
    });
  });

  it('404 for another olympiad’s question, the rows unchanged', async () => {
    await notFoundUnchanged(server, questionRows, admin2, verify(afrQuestion, { language: 'af' }));
    await notFoundUnchanged(server, questionRows, otherAdmin, verify(id, { language: 'af' }));
  });

  it('400 for a language that is none of Olympus’s, or one the olympiad does not offer; the rows unchanged', async () => {
    const xh = await expectRowsUnchanged(server, questionRows, () => verify(id, { language: 'xh' })(admin2));
    expectError(xh, 400);
    const [english] = await server.query<{ id: number }>`
      insert into questions (module_id, position, type, prompt, options, answer_key, translations)
      values (${englishModule}, 1, 'true_false', '<p>True?</p>', '[]', '{"type":"true_false","correct":true}', '{}')
      returning id`;
    const af = await expectRowsUnchanged(server, questionRows, () => verify(english!.id, { language: 'af' })(admin));
    expectError(af, 400);
    expect(af.body.details).toEqual([{ path: 'query.language', message: 'This olympiad is not offered in Afrikaans' }]);
  });

  it('409 for a language the question has no version in yet, the row unchanged', async () => {
    const bare = await newQuestion(admin, {});
    const res = await expectRowsUnchanged(server, questionRows, () => verify(bare, { language: 'af' })(admin2));
    expectError(res, 409);
    expect(res.body.message).toMatch(/no Afrikaans version yet/);
  });

  it('verifies one language and clears it again (verified=false), the English verification apart', async () => {
    expect((await verify(id, {})(admin2)).status).toBe(200);
    expect((await rowOf(id)).verified_by).toBe(demo.users.admin2);
    expect((await verify(id, { language: 'af' })(admin2)).status).toBe(200);
    expect((await rowOf(id)).translations.af!.verifiedBy).toBe(demo.users.admin2);
    const cleared = await verify(id, { language: 'af', verified: 'false' })(admin);
    expect(cleared.status, cleared.text).toBe(200);
    const row = await rowOf(id);
    expect(row.translations.af).toMatchObject({ verifiedBy: null, verifiedAt: null, prompt: hoofstad.prompt });
    expect(row.verified_by).toBe(demo.users.admin2);
    expect(cleared.body.question.translations.af.verified).toBe(false);
  });

  it('the overlord verifies a question another admin wrote, in afr-demo’s only language (its default)', async () => {
    const res = await verify(afrQuestion, { language: 'af' })(overlord);
    expect(res.status, res.text).toBe(200);
    expect((await rowOf(afrQuestion)).verified_by).toBe(demo.users.overlord);
  });
});
