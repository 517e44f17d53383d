import { eq, sql } from 'drizzle-orm';
import type { AnswerKey, QuestionTranslations } from '#contract/questions';
import { type Queryable, rows } from '../db/client.js';
import { olympiads, questionModules, questions } from '../db/schema/index.js';
import { z } from 'zod';
import { createModule, createOlympiad, createQuestion, createUser, enterSchool } from './factories.js';

/**
 * The demo's two languages (decision 094): geo-demo's whole paper in Afrikaans beside its English, verified, and
 * afr-demo, an olympiad of the Afrikaans project written in Afrikaans only, open for writing as geo-demo is.
 */

const hours = (n: number) => new Date(Date.now() + n * 3_600_000);

/* ---- geo-demo in Afrikaans ---- */

const instructions = `<p>Welkom by die Geografie-olimpiade.</p>
<ul>
<li>Jy het <strong>60 minute</strong> vanaf die oomblik dat die eerste vraag oopmaak, net nadat jy jou besonderhede bevestig het. Die horlosie loop aan as jy die bladsy toemaak.</li>
<li>Elke antwoord word gestoor sodra jy dit gee. As jou verbinding wegval, gaan net aan: jou antwoorde word gestuur wanneer dit terugkom.</li>
<li>Gebruik die palet om tussen die vrae te beweeg, en merk enige vraag waarna jy wil terugkeer.</li>
<li>Jy mag ’n pen en papier gebruik, maar geen atlas, foon of hulp van iemand anders nie.</li>
</ul>`;

const declaration = `<p>Ek verklaar dat ek hierdie olimpiade op my eie sal skryf, sonder hulp van enige persoon,
boek, atlas, webwerf of toestel buiten die een waarop ek skryf, en dat ek die vrae met niemand sal deel
voordat die skryfvenster gesluit het nie.</p>`;

/** The sections in their order on the paper, by their English title. */
const sections: Record<string, { title: string; intro: string }> = {
  'Maps and places': {
    title: 'Kaarte en plekke',
    intro: '<p>Vrae oor kaarte, rigtings en plekke in Suider-Afrika.</p>',
  },
  'Climate and people': {
    title: 'Klimaat en mense',
    intro: '<p>Vrae oor die weer, klimaat, energie en bevolking.</p>',
  },
  'Maps of South Africa': {
    title: 'Kaarte van Suid-Afrika',
    intro:
      '<p>Vrae op ’n kaart van Suid-Afrika en sy buurlande. Elke vraag vra dat jy op sy eie manier antwoord: op die kaart, in ’n sin of in ’n lys. Die bladsy sê vir jou hoe.</p>',
  },
};

const labelledAlt =
  '’n Kaart van Suid-Afrika en sy buurlande Namibië, Botswana, Zimbabwe, Mosambiek, Eswatini en Lesotho, met die Atlantiese Oseaan in die weste, die Indiese Oseaan in die suide en ooste, die Oranje-, Vaal- en Limpoporivier en vyf stede: Kaapstad, Gqeberha, Bloemfontein, Johannesburg en Durban.';
const blankAlt =
  'Dieselfde kaart van Suid-Afrika en sy buurlande sonder enige name daarop: die grense, die riviere en vyf stede as kolletjies.';

interface Words {
  /** The start of the English prompt, so a change to the English paper fails the seed instead of mismatching. */
  en: string;
  prompt: string;
  imageAlt?: string;
  options?: Record<string, string>;
  targets?: Record<string, string>;
  gapText?: string;
}

/** Every question of geo-demo in the paper's order. */
const paper: Words[] = [
  {
    en: '<p>The map shows South Africa’s nine provinces.',
    prompt:
      '<p>Die kaart wys Suid-Afrika se nege provinsies. Watter provinsie het die <strong>grootste</strong> oppervlakte?</p>',
    imageAlt: '’n Skematiese kaart van Suid-Afrika wat in sy nege provinsies verdeel is, elkeen met sy naam.',
    options: { a: 'Gauteng', b: 'Noord-Kaap', c: 'Limpopo', d: 'Vrystaat' },
  },
  {
    en: '<p>Which of these countries share a border',
    prompt: '<p>Watter van hierdie lande deel ’n grens met Suid-Afrika? Kies <em>al</em> die korrekte antwoorde.</p>',
    options: { a: 'Namibië', b: 'Botswana', c: 'Zambië', d: 'Zimbabwe', e: 'Mosambiek', f: 'Angola' },
  },
  {
    en: '<p>Cape Town lies on the coast',
    prompt: '<p>Kaapstad lê aan die kus van die Atlantiese Oseaan.</p>',
  },
  {
    en: '<p>Look at the compass rose.',
    prompt:
      '<p>Kyk na die kompasroos. Wat is die peiling van <strong>suidwes</strong>, in grade kloksgewys vanaf noord?</p>',
    imageAlt: '’n Kompasroos met noord bo, oos regs, suid onder en wes links.',
  },
  {
    en: '<p>What is the capital city of Lesotho?',
    prompt: '<p>Wat is die hoofstad van Lesotho?</p>',
  },
  {
    en: '<p>Which of these is the flag of South Africa?',
    prompt: '<p>Watter een van hierdie is die vlag van Suid-Afrika?</p>',
    options: {
      a: '’n Vlag met drie vertikale bane: groen, wit en oranje',
      b: '’n Vlag met ’n groen Y-vorm, ’n swart driehoek, ’n rooi baan bo en ’n blou baan onder',
      c: '’n Vlag met ’n wit kruis op ’n rooi veld',
    },
  },
  {
    en: '<p>Which climate type brings most of its rain',
    prompt: '<p>Watter klimaattipe bring die meeste van sy reën in die <strong>winter</strong>?</p>',
    options: { a: 'Mediterreens', b: 'Tropiese savanne', c: 'Vogtig subtropies', d: 'Woestyn' },
  },
  {
    en: '<p>Which of these are renewable sources',
    prompt: '<p>Watter van hierdie is hernubare energiebronne? Kies al die korrekte antwoorde.</p>',
    options: { a: 'Sonkrag', b: 'Steenkool', c: 'Windkrag', d: 'Aardgas', e: 'Hidro-elektriese krag' },
  },
  {
    en: '<p>The Tropic of Capricorn passes',
    prompt: '<p>Die Steenbokskeerkring loop deur die Limpopo-provinsie.</p>',
  },
  {
    en: '<p>A topographic map has a scale',
    prompt:
      '<p>’n Topografiese kaart het ’n skaal van 1:50&nbsp;000. Hoeveel <strong>kilometer</strong> op die grond is 4 cm op die kaart?</p>',
  },
  {
    en: '<p>Name the longest river in South Africa.',
    prompt: '<p>Noem die langste rivier in Suid-Afrika.</p>',
  },
  {
    en: '<p>South Africa’s 2022 census',
    prompt:
      '<p>Suid-Afrika se sensus van 2022 het ongeveer hoeveel miljoen mense getel? (’n Antwoord binne 2 miljoen is korrek.)</p>',
  },
  {
    en: '<p>Look at the map. Which of the marked countries',
    prompt:
      '<p>Kyk na die kaart. Watter van die gemerkte lande het <strong>geen kuslyn</strong> nie? Kies al die korrekte antwoorde.</p>',
    imageAlt: labelledAlt,
    options: { a: 'Namibië', b: 'Botswana', c: 'Zimbabwe', d: 'Mosambiek', e: 'Eswatini', f: 'Lesotho' },
  },
  {
    en: '<p>On the map, click or tap',
    prompt: '<p>Klik of tik op die kaart op <strong>Lesotho</strong>.</p>',
    imageAlt: blankAlt,
  },
  {
    en: '<p>Put each city’s name on its dot',
    prompt: '<p>Plaas elke stad se naam op sy kolletjie op die kaart.</p>',
    imageAlt: blankAlt,
    options: { a: 'Kaapstad', b: 'Johannesburg', c: 'Durban', d: 'Bloemfontein', e: 'Gqeberha' },
    targets: {
      p1: 'in die binneland, in die noordooste',
      p2: 'aan die kus in die suidweste',
      p3: 'in die binneland, in die middel van die land',
      p4: 'aan die ooskus',
      p5: 'aan die suidkus',
    },
  },
  {
    en: '<p>Look at the map and complete the text.',
    prompt: '<p>Kyk na die kaart en voltooi die teks. Een woord bly oor.</p>',
    imageAlt: blankAlt,
    options: { a: 'Lesotho', b: 'Eswatini', c: 'Botswana', d: 'Oranje' },
    gapText:
      '{{g1}} lê heeltemal binne Suid-Afrika. {{g2}} lê tussen Suid-Afrika en Mosambiek.\n\nDie {{g3}}rivier vorm ’n groot deel van die grens tussen Suid-Afrika en Namibië.',
  },
  {
    en: '<p>Use the map. Put these cities in order',
    prompt:
      '<p>Gebruik die kaart. Plaas hierdie stede in volgorde van <strong>wes na oos</strong>, met die stad wat die verste wes lê eerste.</p>',
    imageAlt: labelledAlt,
    options: { a: 'Kaapstad', b: 'Gqeberha', c: 'Bloemfontein', d: 'Johannesburg', e: 'Durban' },
  },
  {
    en: '<p>Match each province with its capital city.',
    prompt: '<p>Pas elke provinsie by sy hoofstad. Een stad bly oor.</p>',
    options: { a: 'Wes-Kaap', b: 'KwaZulu-Natal', c: 'Vrystaat', d: 'Limpopo' },
    targets: { t1: 'Kaapstad', t2: 'Pietermaritzburg', t3: 'Bloemfontein', t4: 'Polokwane', t5: 'Durban' },
  },
  {
    en: '<p>Look at the map and complete the sentence.',
    prompt: '<p>Kyk na die kaart en voltooi die sin.</p>',
    imageAlt: labelledAlt,
    options: { a: 'Atlantiese', b: 'Indiese', c: 'Suidelike' },
    gapText: 'Die Oranjerivier vloei in die {{g1}} Oseaan.',
  },
];

/** The long river's accepted answers as Afrikaans spells them: a learner scores the same in either language. */
const riverInAfrikaans = {
  Orange: ['Oranje'],
  'Orange River': ['Oranjerivier', 'Oranje-rivier'],
  Gariep: ['Gariep'],
  'Gariep River': ['Gariepriver', 'Gariep-rivier'],
};

const PaperRow = z.object({
  id: z.number(),
  moduleTitle: z.string(),
  prompt: z.string(),
  imageAlt: z.string(),
  type: z.string(),
  answerKey: z.unknown(),
});

/**
 * geo-demo offered in English and Afrikaans, English first: each question, section, the instructions and the
 * declaration with its Afrikaans version, verified by `verifierId` (the second admin, who edited none of them).
 */
export async function translateGeoDemo(q: Queryable, geoDemoId: number, verifierId: number): Promise<void> {
  const at = new Date().toISOString();
  const verified = { verifiedBy: verifierId, verifiedAt: at };
  await q
    .update(olympiads)
    .set({
      languages: ['en', 'af'],
      defaultLanguage: 'en',
      translations: { af: { instructions, declaration, ...verified } },
    })
    .where(eq(olympiads.id, geoDemoId));
  const modules = await q
    .select({ id: questionModules.id, title: questionModules.title })
    .from(questionModules)
    .where(eq(questionModules.olympiadId, geoDemoId));
  for (const m of modules) {
    const af = sections[m.title];
    if (!af) throw new Error(`geo-demo's section “${m.title}” has no Afrikaans version in demo-afrikaans.ts`);
    await q
      .update(questionModules)
      .set({ translations: { af: { ...af, ...verified } } })
      .where(eq(questionModules.id, m.id));
  }
  const list = await rows(
    q,
    PaperRow,
    sql`select x.id, m.title as "moduleTitle", x.prompt, x.image_alt as "imageAlt", x.type, x.answer_key as "answerKey"
        from questions x join question_modules m on m.id = x.module_id
        where m.olympiad_id = ${geoDemoId} and x.retired_at is null
        order by m.position, m.id, x.position, x.id`,
  );
  if (list.length !== paper.length)
    throw new Error(`geo-demo has ${list.length} questions; demo-afrikaans.ts translates ${paper.length}`);
  for (const [i, x] of list.entries()) {
    const w = paper[i]!;
    if (!x.prompt.startsWith(w.en)) throw new Error(`geo-demo's question ${i + 1} is not “${w.en}…”`);
    const translations: QuestionTranslations = {
      af: {
        prompt: w.prompt,
        imageAlt: x.imageAlt ? (w.imageAlt ?? '') : '',
        options: w.options ?? {},
        targets: w.targets ?? {},
        gapText: w.gapText ?? '',
        ...verified,
      },
    };
    const key = x.answerKey as { type: string; accepted?: string[] } | null;
    const river = x.type === 'short_text' && key?.accepted?.includes('Gariep');
    await q
      .update(questions)
      .set({
        translations,
        ...(river
          ? {
              answerKey: {
                ...(key as AnswerKey & { type: 'short_text' }),
                acceptedByLanguage: { af: riverInAfrikaans },
              },
            }
          : {}),
      })
      .where(eq(questions.id, x.id));
  }
}

/* ---- afr-demo: an olympiad written in Afrikaans only ---- */

const afrInstructions = `<p>Welkom by die Afrikaans Olimpiade.</p>
<ul>
<li>Jy het <strong>45 minute</strong> vanaf die oomblik dat die eerste vraag oopmaak, net nadat jy jou besonderhede bevestig het. Die horlosie loop aan as jy die bladsy toemaak.</li>
<li>Elke antwoord word gestoor sodra jy dit gee. As jou verbinding wegval, gaan net aan: jou antwoorde word gestuur wanneer dit terugkom.</li>
<li>Lees elke vraag noukeurig. Jy mag geen woordeboek, foon of hulp van iemand anders gebruik nie.</li>
</ul>`;

const afrDeclaration = `<p>Ek verklaar dat ek hierdie olimpiade op my eie sal skryf, sonder hulp van enige persoon,
woordeboek, webwerf of toestel buiten die een waarop ek skryf, en dat ek die vrae met niemand sal deel
voordat die skryfvenster gesluit het nie.</p>`;

/**
 * afr-demo: the Afrikaans project's olympiad of this year, in Afrikaans only (default af), open for writing with two
 * sections on words and language structures, entered by both demo schools, with learners leerder1 and leerder2.
 */
export async function seedAfrikaansDemo(
  q: Queryable,
  ids: { afrikaansProjectId: number; school1Id: number; school2Id: number; password: string },
): Promise<{ afrDemoId: number }> {
  const year = new Date().getFullYear();
  const olympiad = await createOlympiad(q, {
    projectId: ids.afrikaansProjectId,
    varName: 'afr-demo',
    title: `Afrikaans Olimpiade ${year} (demo)`,
    year,
    open: true,
    startsAt: hours(-24),
    endsAt: hours(24 * 30),
    durationMinutes: 45,
    feeCents: 0,
    minGrade: 7,
    maxGrade: 12,
    languages: ['af'],
    defaultLanguage: 'af',
    instructions: afrInstructions,
    declaration: afrDeclaration,
    showScore: true,
  });
  await enterSchool(q, olympiad.id, ids.school1Id);
  await enterSchool(q, olympiad.id, ids.school2Id);
  const words = await createModule(q, {
    olympiadId: olympiad.id,
    title: 'Woordeskat en spelling',
    intro: '<p>Vrae oor woorde, hul spelling en hul betekenis.</p>',
    position: 1,
  });
  const structures = await createModule(q, {
    olympiadId: olympiad.id,
    title: 'Taalstrukture',
    intro: '<p>Vrae oor meervoude, verkleinwoorde en sinsbou.</p>',
    position: 2,
  });
  const o = (id: string, text: string) => ({ id, text, imageUrl: null });
  let position = 0;
  const add = (moduleId: number, input: Omit<Parameters<typeof createQuestion>[1], 'moduleId'>) =>
    createQuestion(q, { moduleId, position: ++position, difficulty: 'medium', options: [], ...input });

  await add(words.id, {
    type: 'single',
    prompt: '<p>Kies die korrekte spelling.</p>',
    options: [o('a', 'ingenieur'), o('b', 'ingeneur'), o('c', 'insjenieur'), o('d', 'ingenjeur')],
    answerKey: { type: 'single', correct: 'a' },
  });
  await add(words.id, {
    type: 'multiple',
    prompt:
      '<p>Watter van hierdie woorde beteken omtrent dieselfde as <strong>bly</strong> (gelukkig)? Kies al die korrekte antwoorde.</p>',
    options: [o('a', 'vrolik'), o('b', 'opgewek'), o('c', 'treurig'), o('d', 'verheug'), o('e', 'kwaad')],
    answerKey: { type: 'multiple', correct: ['a', 'b', 'd'] },
    marks: 2,
  });
  await add(words.id, {
    type: 'single',
    prompt: '<p>Watter woord is die teenoorgestelde van <strong>vroeg</strong>?</p>',
    options: [o('a', 'laat'), o('b', 'vinnig'), o('c', 'gou'), o('d', 'stadig')],
    answerKey: { type: 'single', correct: 'a' },
  });
  await add(words.id, {
    type: 'numeric',
    prompt: '<p>Hoeveel lettergrepe het die woord <strong>olimpiade</strong>?</p>',
    answerKey: { type: 'numeric', value: 5, tolerance: 0 },
  });
  await add(words.id, {
    type: 'match',
    prompt: '<p>Pas elke woord by sy betekenis. Een betekenis bly oor.</p>',
    options: [o('a', 'gesin'), o('b', 'grens'), o('c', 'oes')],
    targets: [
      o('t1', 'die ouers en kinders wat saam in een huis woon'),
      o('t2', 'die lyn tussen twee lande'),
      o('t3', 'die insameling van die gewasse op ’n plaas'),
      o('t4', 'hoe warm of koud dit buite is'),
    ],
    answerKey: {
      type: 'match',
      correct: [
        { source: 'a', target: 't1' },
        { source: 'b', target: 't2' },
        { source: 'c', target: 't3' },
      ],
    },
    marks: 2,
  });
  await add(words.id, {
    type: 'order',
    prompt: '<p>Plaas die woorde in <strong>alfabetiese volgorde</strong>.</p>',
    options: [o('a', 'appel'), o('b', 'blom'), o('c', 'dorp'), o('d', 'hoender'), o('e', 'skool')],
    answerKey: { type: 'order', correct: ['a', 'b', 'c', 'd', 'e'] },
  });

  await add(structures.id, {
    type: 'single',
    prompt: '<p>Wat is die meervoud van <strong>stad</strong>?</p>',
    options: [o('a', 'stede'), o('b', 'stads'), o('c', 'stadde'), o('d', 'stadte')],
    answerKey: { type: 'single', correct: 'a' },
  });
  await add(structures.id, {
    type: 'true_false',
    prompt: '<p>Die verkleinwoord van <strong>boom</strong> is <em>boompie</em>.</p>',
    answerKey: { type: 'true_false', correct: true },
  });
  await add(structures.id, {
    type: 'short_text',
    prompt: '<p>Skryf die verkleinwoord van <strong>hand</strong>.</p>',
    answerKey: { type: 'short_text', accepted: ['handjie'] },
  });
  await add(structures.id, {
    type: 'inline_choice',
    prompt: '<p>Kies die korrekte woord om die sin te voltooi.</p>',
    options: [o('a', 'besoek'), o('b', 'besoekte'), o('c', 'besoeke')],
    gapText: 'Ek het gister my ouma {{g1}}.',
    answerKey: { type: 'inline_choice', correct: 'a' },
  });
  await add(structures.id, {
    type: 'gap_match',
    prompt: '<p>Voltooi die teks met die korrekte woorde. Een woord bly oor.</p>',
    options: [o('a', 'son'), o('b', 'wolke'), o('c', 'wind'), o('d', 'reën')],
    targets: [o('g1', ''), o('g2', ''), o('g3', '')],
    gapText:
      'Die {{g1}} skyn helder en daar is geen {{g2}} in die lug nie.\n\nDie {{g3}} waai die droë blare van die bome af.',
    answerKey: {
      type: 'gap_match',
      correct: [
        { source: 'a', target: 'g1' },
        { source: 'b', target: 'g2' },
        { source: 'c', target: 'g3' },
      ],
    },
    marks: 2,
  });

  await createUser(q, {
    role: 'learner',
    username: 'leerder1',
    password: ids.password,
    firstName: 'Anri',
    lastName: 'Swanepoel',
    olympiadId: olympiad.id,
    schoolId: ids.school1Id,
    grade: 10,
    email: null,
  });
  await createUser(q, {
    role: 'learner',
    username: 'leerder2',
    password: ids.password,
    firstName: 'Ruan',
    lastName: 'Jacobs',
    olympiadId: olympiad.id,
    schoolId: ids.school2Id,
    grade: 11,
    email: null,
  });
  return { afrDemoId: olympiad.id };
}
