import { describe, expect, it } from 'vitest';
import { QuestionInput } from './authoring.js';

/** The authoring rules of the seven interactions (decision 084): what each type needs before learners can answer. */
const messages = (input: Record<string, unknown>) => {
  const r = QuestionInput.safeParse({ questionModuleId: 1, prompt: '<p>Answer on the map.</p>', ...input });
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};
const picture = {
  imageUrl: '/question/image/1/abc',
  imageAlt: 'A map of South Africa',
  imageWidth: 400,
  imageHeight: 300,
};
const circle = (x: number, y: number, r = 10) => ({ shape: 'circle', x, y, r });
const option = (id: string, text: string, more: Record<string, unknown> = {}) => ({
  id,
  text,
  imageUrl: null,
  ...more,
});

describe('picture questions', () => {
  const hotspot = (more: Record<string, unknown> = {}) => ({
    type: 'hotspot',
    ...picture,
    options: [option('a', 'Limpopo', { area: circle(50, 50) }), option('b', 'Gauteng', { area: circle(150, 50) })],
    answerKey: { type: 'hotspot', correct: ['a'] },
    ...more,
  });

  it('a hotspot with a picture, its size and two named areas is right', () => {
    expect(messages(hotspot())).toEqual([]);
  });

  it('needs a picture and its size', () => {
    expect(messages(hotspot({ imageUrl: null, imageAlt: '' }))).toContain(
      'imageUrl: Add the picture learners answer on',
    );
    expect(messages(hotspot({ imageWidth: null }))).toContain(
      'imageUrl: The size of the picture is missing: upload the picture again',
    );
  });

  it('each area drawn within the picture and named; at least two', () => {
    expect(
      messages(hotspot({ options: [option('a', '', { area: circle(395, 50) }), option('b', 'Gauteng')] })),
    ).toEqual(
      expect.arrayContaining([
        'options.0.area: This area reaches outside the picture: draw it within the picture',
        'options.0.text: Name this area for learners who use a screen reader or the keyboard',
        'options.1.area: Draw this area on the picture',
      ]),
    );
    expect(messages(hotspot({ options: [option('a', 'Limpopo', { area: circle(50, 50) })] }))).toContain(
      'options: Give at least two areas',
    );
  });

  it('no more correct areas than a learner may choose; the key among the areas', () => {
    expect(messages(hotspot({ answerKey: { type: 'hotspot', correct: ['a', 'b'] } }))).toContain(
      'answerKey: Learners may choose 1 area, but 2 areas are correct',
    );
    expect(messages(hotspot({ maxChoices: 0, answerKey: { type: 'hotspot', correct: ['a', 'b'] } }))).toEqual([]);
    expect(messages(hotspot({ answerKey: { type: 'hotspot', correct: ['z'] } }))).toContain(
      'answerKey: The correct areas must be among the areas',
    );
    expect(messages(hotspot({ maxChoices: 3 }))).toContain(
      'maxChoices: Learners cannot choose more areas than there are',
    );
  });

  it('a hotspot’s points name only its areas and reach the marks with the choices allowed', () => {
    const mapping = (entries: Array<[string, number]>) => ({
      entries: entries.map(([response, points]) => ({ response, points })),
    });
    expect(
      messages(
        hotspot({
          marks: 1,
          answerKey: {
            type: 'hotspot',
            correct: ['a'],
            mapping: mapping([
              ['a', 1],
              ['z', 1],
            ]),
          },
        }),
      ),
    ).toContain('answerKey.mapping.entries: Give points only to this question’s areas');
    expect(
      messages(
        hotspot({
          marks: 2,
          answerKey: {
            type: 'hotspot',
            correct: ['a'],
            mapping: mapping([
              ['a', 1],
              ['b', 1],
            ]),
          },
        }),
      ),
    ).toEqual(['marks: The best answer scores 1 by its points; give the question 1 mark or change the points']);
  });

  it('select point: no options, at least one key area, within the picture, ids of their own', () => {
    const select = (more: Record<string, unknown> = {}) => ({
      type: 'select_point',
      ...picture,
      answerKey: { type: 'select_point', areas: [{ id: 'a', area: circle(200, 150) }] },
      ...more,
    });
    expect(messages(select())).toEqual([]);
    expect(messages(select({ options: [option('a', 'Here')] }))).toContain(
      'options: A question where learners click on the picture has no options',
    );
    expect(messages(select({ answerKey: { type: 'select_point', areas: [] } }))).not.toEqual([]);
    expect(
      messages(
        select({
          answerKey: {
            type: 'select_point',
            areas: [
              { id: 'a', area: circle(200, 150) },
              { id: 'a', area: { shape: 'rect', x: 390, y: 10, w: 20, h: 20 } },
            ],
          },
        }),
      ),
    ).toEqual([
      'answerKey.areas: The key’s areas need ids of their own',
      'answerKey.areas.1.area: This area reaches outside the picture: draw it within the picture',
    ]);
    expect(
      messages(
        select({
          answerKey: {
            type: 'select_point',
            areas: [{ id: 'a', area: circle(200, 150) }],
            mapping: { entries: [{ response: 'b', points: 1 }] },
          },
        }),
      ),
    ).toContain('answerKey.mapping.entries: Give points only to the key’s areas');
  });

  it('graphic gap match: at least one label and one place, each place drawn and named', () => {
    const graphic = (more: Record<string, unknown> = {}) => ({
      type: 'graphic_gap_match',
      ...picture,
      options: [option('a', 'Cape Town'), option('b', 'Durban')],
      targets: [
        { id: 'p1', text: 'West coast', imageUrl: null, area: circle(20, 200) },
        { id: 'p2', text: 'East coast', imageUrl: null, area: circle(380, 200, 20) },
      ],
      answerKey: {
        type: 'graphic_gap_match',
        correct: [
          { source: 'a', target: 'p1' },
          { source: 'b', target: 'p2' },
        ],
      },
      ...more,
    });
    expect(messages(graphic())).toEqual([]);
    expect(messages(graphic({ options: [], answerKey: null }))).toContain('options: Give at least one label');
    expect(messages(graphic({ targets: [], answerKey: null }))).toContain(
      'targets: Mark at least one place on the picture',
    );
    expect(messages(graphic({ targets: [{ id: 'p1', text: '', imageUrl: null }], answerKey: null }))).toEqual([
      'targets.0.area: Draw this place on the picture',
      'targets.0.text: Name this place for learners who use a screen reader or the keyboard',
    ]);
  });
});

describe('text and list questions', () => {
  const gap = (more: Record<string, unknown> = {}) => ({
    type: 'gap_match',
    prompt: '',
    gapText: 'The {{g1}} flows into the {{g2}}.',
    options: [option('a', 'Orange'), option('b', 'Atlantic'), option('c', 'Indian')],
    targets: [
      { id: 'g1', text: '', imageUrl: null },
      { id: 'g2', text: '', imageUrl: null },
    ],
    answerKey: {
      type: 'gap_match',
      correct: [
        { source: 'a', target: 'g1' },
        { source: 'b', target: 'g2' },
      ],
    },
    ...more,
  });

  it('gap match: the text asks the question; each gap written once, no other gap', () => {
    expect(messages(gap())).toEqual([]);
    expect(messages(gap({ gapText: 'The {{g1}} flows into the sea, {{g1}}.' }))).toEqual([
      'gapText: The gap {{g1}} is written 2 times: write each gap once',
      'gapText: The gap {{g2}} is not in the text',
    ]);
    expect(messages(gap({ gapText: 'The {{g1}} flows into the {{g2}} near {{g9}}.' }))).toEqual([
      'gapText: The text has a gap {{g9}} that is not among the gaps',
    ]);
    expect(messages(gap({ gapText: 'The {{g1}} flows into the {{g2}} {{}}.' }))).toContain(
      'gapText: Write each gap as two braces around its name, e.g. {{g1}}, and use braces for nothing else',
    );
    expect(messages(gap({ options: [], answerKey: null }))).toContain('options: Give at least one word');
  });

  it('pairs name the question’s words and gaps, once each, within how many each may hold', () => {
    const key = (pairs: Array<[string, string]>) => ({
      answerKey: { type: 'gap_match', correct: pairs.map(([source, target]) => ({ source, target })) },
    });
    expect(messages(gap(key([['z', 'g1']])))).toContain(
      'answerKey.correct: Each right pair must join this question’s words and gaps',
    );
    expect(
      messages(
        gap(
          key([
            ['a', 'g1'],
            ['a', 'g1'],
          ]),
        ),
      ),
    ).toContain('answerKey.correct: Give each right pair once');
    expect(
      messages(
        gap(
          key([
            ['a', 'g1'],
            ['a', 'g2'],
          ]),
        ),
      ),
    ).toEqual(['answerKey.correct: “Orange” is in 2 right pairs, but may be in only 1']);
    // A word that may be used any number of times (matchMax 0).
    expect(
      messages(
        gap({
          options: [option('a', 'Orange', { matchMax: 0 }), option('b', 'Atlantic')],
          ...key([
            ['a', 'g1'],
            ['a', 'g2'],
          ]),
        }),
      ),
    ).toEqual([]);
    expect(
      messages(
        gap(
          key([
            ['a', 'g1'],
            ['b', 'g1'],
          ]),
        ),
      ),
    ).toEqual(['answerKey.correct: “Gap g1” has 2 right pairs, but may hold only 1']);
  });

  it('a mapping names only pairs of the question', () => {
    expect(
      messages(
        gap({
          marks: 2,
          answerKey: {
            type: 'gap_match',
            correct: [
              { source: 'a', target: 'g1' },
              { source: 'b', target: 'g2' },
            ],
            mapping: {
              entries: [
                { response: 'a g1', points: 1 },
                { response: 'b g2', points: 1 },
                { response: 'b g7', points: 1 },
              ],
            },
          },
        }),
      ),
    ).toContain('answerKey.mapping.entries: Give points only to pairs of this question’s words and gaps');
  });

  it('inline choice: exactly one gap, no targets, two choices at least', () => {
    const inline = (more: Record<string, unknown> = {}) => ({
      type: 'inline_choice',
      prompt: '',
      gapText: 'Pretoria lies in {{g1}}.',
      options: [option('a', 'Gauteng'), option('b', 'Limpopo')],
      answerKey: { type: 'inline_choice', correct: 'a' },
      ...more,
    });
    expect(messages(inline())).toEqual([]);
    expect(messages(inline({ gapText: 'Pretoria lies in Gauteng.' }))).toEqual([
      'gapText: Put the gap in the text, where learners choose',
    ]);
    expect(messages(inline({ gapText: 'Pretoria lies in {{g1}}, {{g2}}.' }))).toEqual([
      'gapText: The text may have only one gap',
    ]);
    expect(messages(inline({ targets: [{ id: 'g1', text: '', imageUrl: null }] }))).toContain(
      'targets: Only questions that pair labels, words or items have places, gaps or a second column',
    );
    expect(messages(inline({ options: [option('a', 'Gauteng')] }))).toContain('options: Give at least two choices');
    expect(messages(inline({ answerKey: { type: 'inline_choice', correct: 'z' } }))).toContain(
      'answerKey: Choose the correct choice',
    );
  });

  it('order: two items at least, the key every item once', () => {
    const order = (more: Record<string, unknown> = {}) => ({
      type: 'order',
      prompt: '<p>From north to south.</p>',
      options: [option('a', 'Limpopo'), option('b', 'Gauteng'), option('c', 'Free State')],
      answerKey: { type: 'order', correct: ['a', 'b', 'c'] },
      ...more,
    });
    expect(messages(order())).toEqual([]);
    expect(messages(order({ options: [option('a', 'Limpopo')], answerKey: null }))).toContain(
      'options: Give at least two items',
    );
    for (const correct of [
      ['a', 'b'],
      ['a', 'b', 'b'],
      ['a', 'b', 'z'],
    ])
      expect(messages(order({ answerKey: { type: 'order', correct } }))).toContain(
        'answerKey.correct: Put every item in the right order, each once',
      );
  });

  it('match: an item on each side at least; ids a pair can hold', () => {
    const match = (more: Record<string, unknown> = {}) => ({
      type: 'match',
      options: [option('a', 'Limpopo'), option('b', 'Gauteng')],
      targets: [
        { id: 'r1', text: 'Polokwane', imageUrl: null },
        { id: 'r2', text: 'Johannesburg', imageUrl: null },
      ],
      answerKey: {
        type: 'match',
        correct: [
          { source: 'a', target: 'r1' },
          { source: 'b', target: 'r2' },
        ],
      },
      ...more,
    });
    expect(messages(match())).toEqual([]);
    expect(messages(match({ targets: [], answerKey: null }))).toContain('targets: Give at least one item on the right');
    expect(messages(match({ options: [option('a b', 'Limpopo')], answerKey: null }))).toContain(
      'options.0.id: Use only letters, digits, - and _ in an id',
    );
  });

  it('single and multiple choice keep at most 12 options; the newer types up to 20', () => {
    const many = Array.from({ length: 13 }, (_, i) => option(`o${i}`, `Option ${i}`));
    expect(messages({ type: 'single', options: many, answerKey: { type: 'single', correct: 'o0' } })).toContain(
      'options: At most 12 options',
    );
    expect(
      messages({
        type: 'order',
        prompt: '<p>In order.</p>',
        options: many,
        answerKey: { type: 'order', correct: many.map((o) => o.id) },
      }),
    ).toEqual([]);
  });

  it('a type without targets or options says so', () => {
    expect(messages({ type: 'short_text', targets: [{ id: 'r1', text: 'x', imageUrl: null }] })).toContain(
      'targets: Only questions that pair labels, words or items have places, gaps or a second column',
    );
    expect(messages({ type: 'numeric', options: [option('a', 'x')] })).toContain(
      'options: Only choice questions have options',
    );
  });
});
