import { describe, expect, it } from 'vitest';
import type { AnswerValue } from '#contract/questions';
import { choiceRows } from './difficulty.js';

/** The rows the questions-by-difficulty report counts a newer interaction's answers in (decision 084). */
const options = [
  { id: 'a', text: 'Limpopo', imageUrl: null },
  { id: 'b', text: 'Gauteng', imageUrl: null },
];
const counted = (rows: ReturnType<typeof choiceRows>, answers: AnswerValue[]) =>
  rows.map((r) => [r.label, r.correct, answers.filter((v) => r.chose(v)).length]);

describe('choice rows of the newer interactions', () => {
  it('hotspot and inline choice: per option, as choices', () => {
    const hotspot = choiceRows(
      { type: 'hotspot', options, targets: [], answerKey: { type: 'hotspot', correct: ['a'] } },
      [],
    );
    expect(
      counted(hotspot, [
        { type: 'hotspot', optionIds: ['a', 'b'] },
        { type: 'hotspot', optionIds: ['b'] },
      ]),
    ).toEqual([
      ['Limpopo', true, 1],
      ['Gauteng', false, 2],
    ]);
    const inline = choiceRows(
      { type: 'inline_choice', options, targets: [], answerKey: { type: 'inline_choice', correct: 'b' } },
      [],
    );
    expect(counted(inline, [{ type: 'inline_choice', optionId: 'b' }])).toEqual([
      ['Limpopo', false, 0],
      ['Gauteng', true, 1],
    ]);
  });

  it('pairing types: the key’s pairs and those learners made, each once', () => {
    const given: AnswerValue[] = [
      {
        type: 'match',
        pairs: [
          { source: 'a', target: 'r1' },
          { source: 'b', target: 'r1' },
        ],
      },
      { type: 'match', pairs: [{ source: 'b', target: 'r1' }] },
    ];
    const rows = choiceRows(
      {
        type: 'match',
        options,
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
      },
      given.map((value) => ({ value })),
    );
    expect(counted(rows, given)).toEqual([
      ['Limpopo → Polokwane', true, 1],
      ['Gauteng → Johannesburg', true, 0],
      ['Gauteng → Polokwane', false, 2],
    ]);
  });

  it('select point: per key area and the rest of the picture; order: the right order and any other', () => {
    const select = choiceRows(
      {
        type: 'select_point',
        options: [],
        targets: [],
        answerKey: { type: 'select_point', areas: [{ id: 'a', area: { shape: 'circle', x: 10, y: 10, r: 5 } }] },
      },
      [],
    );
    expect(
      counted(select, [
        { type: 'select_point', point: { x: 12, y: 10 } },
        { type: 'select_point', point: { x: 50, y: 50 } },
        { type: 'select_point', point: null },
      ]),
    ).toEqual([
      ['Area A', true, 1],
      ['Elsewhere on the picture', false, 1],
    ]);
    const order = choiceRows(
      { type: 'order', options, targets: [], answerKey: { type: 'order', correct: ['a', 'b'] } },
      [],
    );
    expect(
      counted(order, [
        { type: 'order', optionIds: ['a', 'b'] },
        { type: 'order', optionIds: ['b', 'a'] },
        { type: 'order', optionIds: [] },
      ]),
    ).toEqual([
      ['In the right order', true, 1],
      ['In another order', false, 1],
    ]);
  });
});
