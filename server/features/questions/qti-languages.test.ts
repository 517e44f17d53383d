import JSZip from 'jszip';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOlympiad, grant } from '../../seed/factories.js';
import { readItem } from './qti-item.js';
import { xmlLangOf } from './qti-language.js';
import { childrenNamed, descendants, keyOf, parseXml } from './qti-xml.js';
import {
  type ImportAnswer,
  type Listed,
  admin,
  demo,
  fieldsOf,
  qtiStructureProblems,
  questionsOf,
  server,
  upload,
  useQtiServer,
} from './qti-testing.js';

useQtiServer();

/** Decision 099: every item says its language, a translation is an item of its own, and an import joins them. */

type Words = { prompt: string; imageAlt: string; options: object; targets: object; gapText: string; verified: boolean };
type WithTranslations = Listed & { translations: Partial<Record<'en' | 'af', Words>> };

/**
 * geo-demo's sections copied into new sections of geo-demo, each of its demo pictures (files of the web app, which
 * an export cannot pack: decision 081) replaced by a stored picture of the same size, so the package is whole.
 */
async function copiesOfGeoDemo(): Promise<number[]> {
  const copies: number[] = [];
  const stored = new Map<string, string>();
  const pictureFor = async (url: string, width: number, height: number) => {
    if (!stored.has(url)) {
      const bytes = await sharp({
        create: { width, height, channels: 3, background: { r: stored.size * 40, g: 90, b: 30 } },
      })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)]), 'picture.png');
      const res = await fetch(`${server.url}/question/image?olympiadId=${demo.geoDemo}`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(res.status).toBe(200);
      stored.set(url, ((await res.json()) as { url: string }).url);
    }
    return stored.get(url)!;
  };
  for (const m of await modulesOf(demo.geoDemo)) {
    const copy = await moduleIn(demo.geoDemo);
    await server.query`insert into questions (module_id, position, type, prompt, image_url, image_alt, options,
        image_width, image_height, targets, gap_text, max_choices, translations, shuffle, answer_key, marks, difficulty)
      select ${copy}, position, type, prompt, image_url, image_alt, options, image_width, image_height, targets,
        gap_text, max_choices, translations, shuffle, answer_key, marks, difficulty
      from questions where module_id = ${m} and retired_at is null`;
    const rows = await server.query<{
      id: number;
      image_url: string | null;
      image_width: number | null;
      image_height: number | null;
      options: Array<{ imageUrl: string | null }>;
    }>`
      select id, image_url, image_width, image_height, options from questions where module_id = ${copy}`;
    for (const r of rows) {
      const imageUrl = r.image_url && (await pictureFor(r.image_url, r.image_width ?? 240, r.image_height ?? 160));
      const options = [];
      for (const o of r.options) options.push({ ...o, imageUrl: o.imageUrl && (await pictureFor(o.imageUrl, 60, 40)) });
      await server.query`update questions set image_url = ${imageUrl}, options = ${JSON.stringify(options)}::jsonb
        where id = ${r.id}`;
    }
    copies.push(copy);
  }
  return copies;
}

let geoCopies: number[];
let bilingual: number;
let englishOnly: number;
let afrDemo: number;
beforeAll(async () => {
  const both = await createOlympiad(server.db, {
    varName: 'qti-languages-both',
    languages: ['en', 'af'],
    defaultLanguage: 'en',
  });
  const en = await createOlympiad(server.db, { varName: 'qti-languages-en', languages: ['en'], defaultLanguage: 'en' });
  afrDemo = (await server.query<{ id: number }>`select id from olympiads where var_name = 'afr-demo'`)[0]!.id;
  for (const o of [both.id, en.id, afrDemo]) await grant(server.db, demo.users.admin, o, 'admin');
  [bilingual, englishOnly] = [both.id, en.id];
  geoCopies = await copiesOfGeoDemo();
});

const moduleIn = async (olympiadId: number) => {
  const res = await server.api('POST', '/question-module/v-rest/', {
    token: admin,
    body: { olympiadId, title: 'QTI languages' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.module.id as number;
};
const modulesOf = async (olympiadId: number) =>
  (
    await server.query<{
      id: number;
    }>`select id from question_modules where olympiad_id = ${olympiadId} order by position, id`
  ).map((r) => r.id);
const exportOf = async (moduleId: number) => {
  const res = await fetch(`${server.url}/question/v-rest/export-qti?questionModuleId=${moduleId}`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
};
const listed = async (moduleId: number) => (await questionsOf(moduleId)) as WithTranslations[];
const importInto = async (moduleId: number, bytes: Buffer, name = 'package.zip') => {
  const res = await upload(moduleId, bytes, name);
  return { status: res.status, body: (await res.json()) as ImportAnswer };
};

/** The items of a package in the manifest's order: identifier, language, the manifest's language, the item read. */
async function itemsOf(bytes: Buffer) {
  const zip = await JSZip.loadAsync(bytes);
  const manifest = parseXml(await zip.file('imsmanifest.xml')!.async('string')).doc!.documentElement!;
  const out = [];
  for (const r of descendants(manifest, (e) => keyOf(e) === 'resource')) {
    const href = r.getAttribute('href')!;
    const xml = await zip.file(href)!.async('string');
    const root = parseXml(xml).doc!.documentElement!;
    const metadata = childrenNamed(r, 'metadata')[0];
    out.push({
      href,
      identifier: root.getAttribute('identifier')!,
      lang: xmlLangOf(root),
      listedLang: metadata ? descendants(metadata, (e) => keyOf(e) === 'language')[0]?.textContent : null,
      problems: qtiStructureProblems(root),
      question: readOrFail(xml, href),
      xml,
    });
  }
  return out;
}

function readOrFail(xml: string, href: string) {
  const read = readItem(xml, href);
  if (!read.item) throw new Error(`${href}: ${read.error}\n${xml}`);
  return read.item.build((p) => p);
}

/**
 * A no-break space as the character: the seed writes `&nbsp;`, the export `&#160;` (XHTML has no `&nbsp;`), and what
 * comes back is the character itself, in either language.
 */
const spaces = (html: string) => html.replace(/&nbsp;|&#160;/g, '\u00a0');
/** A translation's words, without who verified them. */
const wordsOf = (t: Words | undefined) =>
  t && { prompt: spaces(t.prompt), imageAlt: t.imageAlt, options: t.options, targets: t.targets, gapText: t.gapText };
const compared = (q: Listed) => ({ ...fieldsOf(q), prompt: spaces(q.prompt) });

describe('QTI export says each item’s language and writes its translation as an item of its own', () => {
  it('geo-demo (English and Afrikaans): every item has xml:lang, each Afrikaans item its Afrikaans words', async () => {
    let afrikaans = 0;
    for (const m of geoCopies) {
      const questions = (await listed(m)).filter((q) => q.answerKey);
      const items = await itemsOf(await exportOf(m));
      const translated = questions.filter((q) => q.translations.af);
      expect(items).toHaveLength(questions.length + translated.length);
      for (const item of items) {
        expect(item.problems, item.href).toEqual([]);
        expect(item.lang, item.href).toMatch(/^(en|af)$/);
        expect(item.listedLang, item.href).toBe(item.lang);
      }
      for (const [i, q] of questions.entries()) {
        const id = `item-${String(i + 1).padStart(4, '0')}`;
        const en = items.find((x) => x.identifier === id)!;
        expect(en.lang).toBe('en');
        expect(en.question.prompt).toContain(q.prompt.replace(/<[^>]+>/g, '').slice(0, 20));
        const t = q.translations.af;
        if (!t) continue;
        afrikaans++;
        const af = items.find((x) => x.identifier === `${id}-af`)!;
        expect(af.href).toBe(`items/${id}-af.xml`);
        expect(af.lang).toBe('af');
        // The Afrikaans words, where the translation has them; the options and places by the same ids.
        expect(spaces(af.question.prompt.replace(/<[^>]+>/g, ''))).toBe(spaces(t.prompt.replace(/<[^>]+>/g, '')));
        expect(af.question.imageAlt).toBe(t.imageAlt || q.imageAlt);
        for (const o of q.options)
          expect(af.question.options.find((x) => x.id === o.id)?.text).toBe(
            (t.options as Record<string, string>)[o.id] || o.text,
          );
        if (q.type === 'true_false') expect(af.xml).toContain('>Waar</qti-simple-choice>');
      }
    }
    expect(afrikaans).toBeGreaterThan(10);
  });

  it('a short answer’s Afrikaans spellings are in the Afrikaans item’s own mapping, so it marks alone', async () => {
    let river: { moduleId: number; questions: WithTranslations[] } | undefined;
    for (const m of geoCopies) {
      const questions = (await listed(m)).filter((q) => q.answerKey);
      if (questions.some((q) => (q.answerKey as { acceptedByLanguage?: object }).acceptedByLanguage))
        river = { moduleId: m, questions };
    }
    const i = river!.questions.findIndex((q) => (q.answerKey as { acceptedByLanguage?: object }).acceptedByLanguage);
    const items = await itemsOf(await exportOf(river!.moduleId));
    const id = `item-${String(i + 1).padStart(4, '0')}`;
    const en = items.find((x) => x.identifier === id)!;
    const af = items.find((x) => x.identifier === `${id}-af`)!;
    // The English item as before: its own answers only.
    expect(en.xml).not.toContain('Oranje');
    // The Afrikaans item: each spelling just before its answer, worth the same; its correct response Afrikaans.
    const keys = [...af.xml.matchAll(/map-key="([^"]+)"/g)].map((m) => m[1]);
    expect(keys).toEqual(
      expect.arrayContaining(['Oranje', 'Orange', 'Oranjerivier', 'Oranje-rivier', 'Orange River', 'Gariep']),
    );
    expect(keys.indexOf('Oranje')).toBe(keys.indexOf('Orange') - 1);
    expect(af.xml).toContain('<qti-correct-response><qti-value>Oranje</qti-value></qti-correct-response>');
    expect(af.question.answerKey).toMatchObject({ type: 'short_text' });
    expect((af.question.answerKey as { accepted: string[] }).accepted).toContain('Oranjerivier');
  });

  it('afr-demo (Afrikaans only): every item says xml:lang="af", with no second language', async () => {
    let seen = 0;
    for (const m of await modulesOf(afrDemo)) {
      const items = await itemsOf(await exportOf(m));
      for (const item of items) {
        expect(item.lang, item.href).toBe('af');
        expect(item.listedLang).toBe('af');
        expect(item.identifier).toMatch(/^item-\d{4}$/);
        expect(item.problems, item.href).toEqual([]);
        if (item.question.type === 'true_false') expect(item.xml).toContain('>Onwaar</qti-simple-choice>');
        seen++;
      }
    }
    expect(seen).toBeGreaterThan(3);
  });
});

describe('QTI import puts an item’s language versions back together', () => {
  it('geo-demo’s package into another bilingual olympiad: the same questions with the same translations', async () => {
    let rivers = 0;
    for (const m of geoCopies) {
      const seeded = (await listed(m)).filter((q) => q.answerKey);
      // Once through QTI: the import gives options and targets its own ids (a, b … as decision 027 has it), the
      // words stay, in both languages, each under the same option.
      const first = await moduleIn(demo.geoDemo);
      const once = await importInto(first, await exportOf(m));
      expect(once.status, JSON.stringify(once.body)).toBe(200);
      expect(once.body.imported, JSON.stringify(once.body.notes)).toBe(seeded.length);
      const read = await listed(first);
      const wordsInOrder = (q: WithTranslations) => ({
        type: q.type,
        prompt: spaces(q.prompt),
        options: q.options.map((o) => o.text),
        targets: q.targets.map((t) => t.text),
        af: q.translations.af && {
          prompt: spaces(q.translations.af.prompt),
          imageAlt: q.translations.af.imageAlt,
          options: q.options.map((o) => (q.translations.af!.options as Record<string, string>)[o.id] ?? ''),
          targets: q.targets.map((t) => (q.translations.af!.targets as Record<string, string>)[t.id] ?? ''),
          gapText: q.translations.af.gapText.replace(/\{\{[^}]+\}\}/g, '{{}}'),
        },
      });
      expect(read.map(wordsInOrder)).toEqual(seeded.map(wordsInOrder));

      // Twice: another bilingual olympiad has the same questions and translations, field by field.
      const target = await moduleIn(bilingual);
      const { status, body } = await importInto(target, await exportOf(first));
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body).toMatchObject({ imported: read.length, refused: 0, notes: [] });
      const after = await listed(target);
      expect(after.map(compared)).toEqual(read.map(compared));
      // The Afrikaans words field by field, waiting for their own check (decision 094).
      expect(after.map((q) => wordsOf(q.translations.af))).toEqual(read.map((q) => wordsOf(q.translations.af)));
      for (const q of after) if (q.translations.af) expect(q.translations.af.verified).toBe(false);
      // The river's Afrikaans spellings came through both times, each with its answer; one that is its answer's own
      // without case and spaces (“Gariepriver” for “Gariep River”) scores the same without an entry, so none comes back.
      const river = after.find((q) => (q.answerKey as { acceptedByLanguage?: object }).acceptedByLanguage);
      if (river && ++rivers)
        expect((river.answerKey as { acceptedByLanguage: object }).acceptedByLanguage).toEqual({
          af: {
            Orange: ['Oranje'],
            'Orange River': ['Oranjerivier', 'Oranje-rivier'],
            'Gariep River': ['Gariep-rivier'],
          },
        });
    }
    expect(rivers).toBe(1);
  });
});

/** A small picture, its PNG bytes. */
const png = (r: number) =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r, g: 0, b: 0 } } })
    .png()
    .toBuffer();
const ns = 'http://www.imsglobal.org/xsd/imsqtiasi_v3p0';
/** A single-choice item of another tool, in a language (or none), its prompt and choices given. */
const choiceItem = (identifier: string, lang: string | null, prompt: string, choices: [string, string]) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<qti-assessment-item xmlns="${ns}" identifier="${identifier}"${lang == null ? '' : ` xml:lang="${lang}"`} title="${identifier}">
<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier"><qti-correct-response><qti-value>A</qti-value></qti-correct-response></qti-response-declaration>
<qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float"/>
<qti-item-body><p>${prompt}</p><qti-choice-interaction response-identifier="RESPONSE" max-choices="1"><qti-simple-choice identifier="A">${choices[0]}</qti-simple-choice><qti-simple-choice identifier="B">${choices[1]}</qti-simple-choice></qti-choice-interaction></qti-item-body>
<qti-response-processing template="https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/match_correct.xml"/>
</qti-assessment-item>`;
async function packageWith(files: Record<string, string | Buffer>) {
  const zip = new JSZip();
  const items = Object.keys(files).filter((f) => f.endsWith('.xml'));
  zip.file(
    'imsmanifest.xml',
    `<manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" identifier="m"><resources>${items
      .map((f) => `<resource identifier="${f}" type="imsqti_item_xmlv3p0" href="${f}"><file href="${f}"/></resource>`)
      .join('')}</resources></manifest>`,
  );
  for (const [name, content] of Object.entries(files)) zip.file(name, content);
  return zip.generateAsync({ type: 'nodebuffer' });
}
const uploadsOf = async (olympiadId: number) =>
  (await server.query<{ n: number }>`select count(*)::int as n from uploads where olympiad_id = ${olympiadId}`)[0]!.n;

describe('QTI import of a language the olympiad does not offer, and of language tags it cannot read', () => {
  it('an Afrikaans version into an English-only olympiad is left out, said in the notes, and nothing of it stored', async () => {
    const m = await moduleIn(englishOnly);
    const uploadsBefore = await uploadsOf(englishOnly);
    const bytes = await packageWith({
      'q1.xml': choiceItem('q1', 'en', 'Which is a river?', ['Orange', 'Karoo']),
      'q1-af.xml': choiceItem('q1-af', 'af', 'Watter een is ’n rivier? <img src="kaart.png" alt="Kaart"/>', [
        'Oranje',
        'Karoo',
      ]),
      'kaart.png': await png(200),
    });
    const { status, body } = await importInto(m, bytes);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.imported).toBe(1);
    expect(body.refused).toBe(0);
    expect(body.notes).toEqual([
      {
        path: 'q1.xml',
        message: 'Item “q1”: its Afrikaans version “q1-af” was left out: this olympiad is not offered in Afrikaans',
      },
    ]);
    const [q] = await listed(m);
    expect(q!.prompt).toBe('<p>Which is a river?</p>');
    expect(q!.options.map((o) => o.text)).toEqual(['Orange', 'Karoo']);
    expect(q!.translations).toEqual({});
    const [row] = await server.query<{ translations: object }>`select translations from questions where id = ${q!.id}`;
    expect(row!.translations).toEqual({});
    // Its picture is not stored either.
    expect(await uploadsOf(englishOnly)).toBe(uploadsBefore);
  });

  it('a package only in Afrikaans into an English-only olympiad answers 400 naming each item, and stores nothing', async () => {
    const m = await moduleIn(englishOnly);
    const bytes = await packageWith({ 'a.xml': choiceItem('a', 'af-ZA', 'Watter een?', ['Ja', 'Nee']) });
    const { status, body } = await importInto(m, bytes);
    expect(status).toBe(400);
    expect(body.details).toEqual([
      { path: 'a.xml', message: 'Item “a” is in Afrikaans, which this olympiad is not offered in' },
    ]);
    expect(await questionsOf(m)).toEqual([]);
  });

  it('a version in another olympiad’s default language alone is refused with its reason; the rest import', async () => {
    const m = await moduleIn(bilingual);
    const bytes = await packageWith({
      'ok.xml': choiceItem('ok', 'en-ZA', 'Which?', ['Yes', 'No']),
      'alone.xml': choiceItem('alone-af', 'af', 'Watter een?', ['Ja', 'Nee']),
    });
    const { status, body } = await importInto(m, bytes);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.imported).toBe(1);
    expect(body.refused).toBe(1);
    expect(body.notes).toEqual([
      {
        path: 'alone.xml',
        message:
          'Not imported: Item “alone-af” is in Afrikaans, and the package has no English version of it: this olympiad’s questions are written in English first',
      },
    ]);
  });

  it('an Afrikaans version that is another question (other choices or key) is left out with its reason', async () => {
    const m = await moduleIn(bilingual);
    const three = choiceItem('q2-af', 'af', 'Watter een?', ['Ja', 'Nee']).replace(
      '</qti-choice-interaction>',
      '<qti-simple-choice identifier="C">Miskien</qti-simple-choice></qti-choice-interaction>',
    );
    const bytes = await packageWith({ 'q2.xml': choiceItem('q2', 'en', 'Which?', ['Yes', 'No']), 'q2-af.xml': three });
    const { status, body } = await importInto(m, bytes);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.notes).toEqual([
      {
        path: 'q2.xml',
        message: 'Item “q2”: its Afrikaans version “q2-af” was left out: its choices are not the same in number',
      },
    ]);
    expect((await listed(m))[0]!.translations).toEqual({});
  });

  it('an xml:lang that is no language tag, or a language Olympus does not write, is read as the default, with a note', async () => {
    const m = await moduleIn(bilingual);
    const bytes = await packageWith({
      'bad.xml': choiceItem('bad', 'Afrikaans!', 'Which one?', ['Yes', 'No']),
      'fr.xml': choiceItem('fr', 'fr', 'Lequel?', ['Oui', 'Non']),
      'none.xml': choiceItem('none', null, 'Which two?', ['Yes', 'No']),
      'pair.xml': choiceItem('pair', 'EN-za', 'Which three?', ['Yes', 'No']),
      'pair_af.xml': choiceItem('pair_AF', 'AF', 'Watter drie?', ['Ja', 'Nee']),
    });
    const { status, body } = await importInto(m, bytes);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.imported).toBe(4);
    expect(body.notes).toEqual([
      {
        path: 'bad.xml',
        message:
          'Item “bad”: its xml:lang “Afrikaans!” is not a language tag: read as English, the olympiad’s language',
      },
      {
        path: 'fr.xml',
        message:
          'Item “fr”: it is in “fr”, a language Olympus does not write papers in: read as English, the olympiad’s language',
      },
    ]);
    const after = await listed(m);
    expect(after.map((q) => q.prompt)).toEqual([
      '<p>Which one?</p>',
      '<p>Lequel?</p>',
      '<p>Which two?</p>',
      '<p>Which three?</p>',
    ]);
    expect(wordsOf(after[3]!.translations.af)).toEqual({
      prompt: '<p>Watter drie?</p>',
      imageAlt: '',
      options: { a: 'Ja', b: 'Nee' },
      targets: {},
      gapText: '',
    });
  });

  it('an item file on its own in Afrikaans into afr-demo is a question in Afrikaans', async () => {
    const m = await moduleIn(afrDemo);
    const { status, body } = await importInto(
      m,
      Buffer.from(choiceItem('x', 'af', 'Watter een?', ['Ja', 'Nee'])),
      'x.xml',
    );
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.notes).toEqual([]);
    const [q] = await listed(m);
    expect(q!.prompt).toBe('<p>Watter een?</p>');
    expect(q!.translations).toEqual({});
  });
});
