import type { Area } from '#contract/questions';
import type { Queryable } from '../db/client.js';
import { createModule, createQuestion } from './factories.js';
import map from './demo-map.json' with { type: 'json' };

/**
 * geo-demo's third section: one question of each interaction of decision 084, on a map of South Africa drawn from
 * Natural Earth by scripts/demo-map.ts. The areas come from the same script (demo-map.json, in the picture's own
 * pixels), so they fit the map exactly; regenerate both together.
 */

const labelled = '/demo/south-africa.svg';
const blank = '/demo/south-africa-blank.svg';
const picture = { imageWidth: map.width, imageHeight: map.height };
const labelledAlt =
  'A map of South Africa and its neighbours Namibia, Botswana, Zimbabwe, Mozambique, Eswatini and Lesotho, with the Atlantic Ocean to the west, the Indian Ocean to the south and east, the Orange, Vaal and Limpopo rivers and five cities: Cape Town, Gqeberha, Bloemfontein, Johannesburg and Durban.';
const blankAlt =
  'The same map of South Africa and its neighbours with no names on it: the borders, the rivers and five cities as dots.';

type Country = keyof typeof map.countries;
const countryArea = (country: Country): Area => ({
  shape: 'poly',
  points: map.countries[country].map(([x, y]) => [x!, y!] as [number, number]),
});
type City = keyof typeof map.cities;
/** A place around a city's dot, big enough for a finger on a phone. */
const cityPlace = (city: City): Area => ({ shape: 'circle', x: map.cities[city][0]!, y: map.cities[city][1]!, r: 20 });

const o = (id: string, text: string, extra: { area?: Area } = {}) => ({ id, text, imageUrl: null, ...extra });

export async function seedMapsModule(q: Queryable, olympiadId: number, firstPosition: number) {
  const module = await createModule(q, {
    olympiadId,
    title: 'Maps of South Africa',
    intro:
      '<p>Questions on a map of South Africa and its neighbours. Each asks you to answer in its own way: on the map, in a sentence or in a list. The page tells you how.</p>',
    position: 3,
  });
  let position = firstPosition;
  const add = (input: Omit<Parameters<typeof createQuestion>[1], 'moduleId'>) =>
    createQuestion(q, { moduleId: module.id, position: ++position, difficulty: 'medium', ...input });

  // Part marks: half a mark for each landlocked country, half a mark off for each country with a coast.
  await add({
    type: 'hotspot',
    prompt:
      '<p>Look at the map. Which of the marked countries have <strong>no coastline</strong>? Choose all that apply.</p>',
    imageUrl: labelled,
    imageAlt: labelledAlt,
    ...picture,
    options: [
      o('a', 'Namibia', { area: countryArea('namibia') }),
      o('b', 'Botswana', { area: countryArea('botswana') }),
      o('c', 'Zimbabwe', { area: countryArea('zimbabwe') }),
      o('d', 'Mozambique', { area: countryArea('mozambique') }),
      o('e', 'Eswatini', { area: countryArea('eswatini') }),
      o('f', 'Lesotho', { area: countryArea('lesotho') }),
    ],
    maxChoices: 0,
    answerKey: {
      type: 'hotspot',
      correct: ['b', 'c', 'e', 'f'],
      mapping: {
        entries: [
          { response: 'a', points: -0.5 },
          { response: 'b', points: 0.5 },
          { response: 'c', points: 0.5 },
          { response: 'd', points: -0.5 },
          { response: 'e', points: 0.5 },
          { response: 'f', points: 0.5 },
        ],
        defaultValue: 0,
        lowerBound: 0,
        upperBound: null,
      },
    },
    marks: 2,
  });

  await add({
    type: 'select_point',
    prompt: '<p>On the map, click or tap on <strong>Lesotho</strong>.</p>',
    imageUrl: blank,
    imageAlt: blankAlt,
    ...picture,
    options: [],
    answerKey: { type: 'select_point', areas: [{ id: 'lesotho', area: countryArea('lesotho') }] },
  });

  // Part marks: 0.4 of a mark for each city on its dot. The places are named by where they are, for a learner who
  // answers with a screen reader or the keyboard, without giving the city away.
  await add({
    type: 'graphic_gap_match',
    prompt: '<p>Put each city’s name on its dot on the map.</p>',
    imageUrl: blank,
    imageAlt: blankAlt,
    ...picture,
    options: [
      o('a', 'Cape Town'),
      o('b', 'Johannesburg'),
      o('c', 'Durban'),
      o('d', 'Bloemfontein'),
      o('e', 'Gqeberha'),
    ],
    targets: [
      o('p1', 'inland, in the north-east', { area: cityPlace('johannesburg') }),
      o('p2', 'on the coast in the south-west', { area: cityPlace('capeTown') }),
      o('p3', 'inland, in the middle of the country', { area: cityPlace('bloemfontein') }),
      o('p4', 'on the east coast', { area: cityPlace('durban') }),
      o('p5', 'on the south coast', { area: cityPlace('gqeberha') }),
    ],
    answerKey: {
      type: 'graphic_gap_match',
      correct: [
        { source: 'a', target: 'p2' },
        { source: 'b', target: 'p1' },
        { source: 'c', target: 'p4' },
        { source: 'd', target: 'p3' },
        { source: 'e', target: 'p5' },
      ],
      mapping: {
        entries: [
          { response: 'a p2', points: 0.4 },
          { response: 'b p1', points: 0.4 },
          { response: 'c p4', points: 0.4 },
          { response: 'd p3', points: 0.4 },
          { response: 'e p5', points: 0.4 },
        ],
        defaultValue: 0,
        lowerBound: 0,
        upperBound: null,
      },
    },
    marks: 2,
  });

  await add({
    type: 'gap_match',
    prompt: '<p>Look at the map and complete the text. One word is left over.</p>',
    imageUrl: blank,
    imageAlt: blankAlt,
    ...picture,
    options: [o('a', 'Lesotho'), o('b', 'Eswatini'), o('c', 'Botswana'), o('d', 'Orange')],
    targets: [o('g1', ''), o('g2', ''), o('g3', '')],
    gapText:
      '{{g1}} lies wholly inside South Africa. {{g2}} lies between South Africa and Mozambique.\n\nThe {{g3}} River forms much of the border between South Africa and Namibia.',
    answerKey: {
      type: 'gap_match',
      correct: [
        { source: 'a', target: 'g1' },
        { source: 'b', target: 'g2' },
        { source: 'd', target: 'g3' },
      ],
    },
    marks: 2,
  });

  await add({
    type: 'order',
    prompt:
      '<p>Use the map. Put these cities in order from <strong>west to east</strong>, the city furthest west first.</p>',
    imageUrl: labelled,
    imageAlt: labelledAlt,
    ...picture,
    options: [
      o('a', 'Cape Town'),
      o('b', 'Gqeberha'),
      o('c', 'Bloemfontein'),
      o('d', 'Johannesburg'),
      o('e', 'Durban'),
    ],
    answerKey: { type: 'order', correct: ['a', 'b', 'c', 'd', 'e'] },
    marks: 2,
  });

  await add({
    type: 'match',
    prompt: '<p>Match each province with its capital city. One city is left over.</p>',
    options: [o('a', 'Western Cape'), o('b', 'KwaZulu-Natal'), o('c', 'Free State'), o('d', 'Limpopo')],
    targets: [
      o('t1', 'Cape Town'),
      o('t2', 'Pietermaritzburg'),
      o('t3', 'Bloemfontein'),
      o('t4', 'Polokwane'),
      o('t5', 'Durban'),
    ],
    answerKey: {
      type: 'match',
      correct: [
        { source: 'a', target: 't1' },
        { source: 'b', target: 't2' },
        { source: 'c', target: 't3' },
        { source: 'd', target: 't4' },
      ],
    },
    marks: 2,
  });

  await add({
    type: 'inline_choice',
    prompt: '<p>Look at the map and complete the sentence.</p>',
    imageUrl: labelled,
    imageAlt: labelledAlt,
    ...picture,
    options: [o('a', 'Atlantic'), o('b', 'Indian'), o('c', 'Southern')],
    gapText: 'The Orange River flows into the {{g1}} Ocean.',
    answerKey: { type: 'inline_choice', correct: 'a' },
  });
  return module;
}
