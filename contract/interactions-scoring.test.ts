import { describe, expect, it } from 'vitest';
import { inArea } from './interactions.js';
import type { AnswerKey, AnswerValue, Area, ResponseMapping } from './questions.js';
import { bestScoreOf, creditInWords, hasPartialCredit, scoreAnswer } from './scoring.js';

/** Scoring the seven interactions of decision 084 (contract/scoring.ts), all or nothing and by a mapping. */
const mapping = (entries: Array<[string, number]>, more: Partial<ResponseMapping> = {}): ResponseMapping => ({
  entries: entries.map(([response, points]) => ({ response, points })),
  defaultValue: 0,
  lowerBound: 0,
  upperBound: null,
  ...more,
});
const score = (marks: number, answerKey: AnswerKey, value: AnswerValue | null) =>
  scoreAnswer({ marks, answerKey }, value);

const circle: Area = { shape: 'circle', x: 100, y: 100, r: 10 };
const rect: Area = { shape: 'rect', x: 200, y: 50, w: 40, h: 20 };
/** A triangle, and a bow tie that crosses itself at (50, 50). */
const triangle: Area = {
  shape: 'poly',
  points: [
    [0, 0],
    [100, 0],
    [0, 100],
  ],
};
const star: Area = {
  shape: 'poly',
  points: [
    [50, 0],
    [79, 90],
    [2, 35],
    [98, 35],
    [21, 90],
  ],
};

describe('a point in an area', () => {
  it('circle and rectangle, the boundary inside', () => {
    expect(inArea(circle, { x: 100, y: 100 })).toBe(true);
    expect(inArea(circle, { x: 110, y: 100 })).toBe(true);
    expect(inArea(circle, { x: 107.1, y: 107.1 })).toBe(false);
    expect(inArea(rect, { x: 200, y: 50 })).toBe(true);
    expect(inArea(rect, { x: 240, y: 70 })).toBe(true);
    expect(inArea(rect, { x: 240.01, y: 70 })).toBe(false);
    expect(inArea(rect, { x: 199.99, y: 60 })).toBe(false);
  });

  it('polygon by the even-odd rule, its edges and corners inside', () => {
    expect(inArea(triangle, { x: 10, y: 10 })).toBe(true);
    expect(inArea(triangle, { x: 60, y: 60 })).toBe(false);
    expect(inArea(triangle, { x: 50, y: 50 })).toBe(true); // on the long edge
    expect(inArea(triangle, { x: 0, y: 100 })).toBe(true); // a corner
    expect(inArea(triangle, { x: 0, y: 50 })).toBe(true); // the left edge
    expect(inArea(triangle, { x: -1, y: 50 })).toBe(false);
    // A five-pointed star drawn in one stroke: its points are inside, its middle (covered twice) is not.
    expect(inArea(star, { x: 50, y: 10 })).toBe(true);
    expect(inArea(star, { x: 50, y: 50 })).toBe(false);
  });
});

describe('hotspot', () => {
  const key: AnswerKey = { type: 'hotspot', correct: ['a', 'c'] };
  it('all or nothing: exactly the correct areas, in any order, once or twice', () => {
    expect(score(2, key, { type: 'hotspot', optionIds: ['c', 'a'] })).toBe(2);
    expect(score(2, key, { type: 'hotspot', optionIds: ['a', 'c', 'a'] })).toBe(2);
    expect(score(2, key, { type: 'hotspot', optionIds: ['a'] })).toBe(0);
    expect(score(2, key, { type: 'hotspot', optionIds: ['a', 'c', 'b'] })).toBe(0);
    expect(score(2, key, { type: 'hotspot', optionIds: ['a', 'z'] })).toBe(0);
    expect(score(2, key, { type: 'hotspot', optionIds: [] })).toBe(0);
    expect(score(2, key, { type: 'multiple', optionIds: ['a', 'c'] })).toBe(0);
    expect(score(2, key, null)).toBe(0);
  });
  it('by points: the distinct areas chosen, within the bounds and the marks', () => {
    const mapped: AnswerKey = {
      ...key,
      mapping: mapping(
        [
          ['a', 1],
          ['c', 1],
          ['b', -1],
        ],
        { defaultValue: -0.5 },
      ),
    };
    expect(score(2, mapped, { type: 'hotspot', optionIds: ['a', 'a'] })).toBe(1);
    expect(score(2, mapped, { type: 'hotspot', optionIds: ['a', 'c', 'b'] })).toBe(1);
    expect(score(2, mapped, { type: 'hotspot', optionIds: ['a', 'z'] })).toBe(0.5);
    expect(score(2, mapped, { type: 'hotspot', optionIds: ['b'] })).toBe(0);
    expect(score(2, mapped, { type: 'hotspot', optionIds: [] })).toBe(0);
    const options = ['a', 'b', 'c'].map((id) => ({ id }));
    expect(bestScoreOf(mapped, options)).toBe(2);
    // A learner who may choose one area can reach only the best one.
    expect(bestScoreOf(mapped, options, { maxChoices: 1 })).toBe(1);
    expect(hasPartialCredit(mapped)).toBe(true);
    expect(hasPartialCredit(key)).toBe(false);
    expect(
      creditInWords(mapped, [
        { id: 'a', text: 'Limpopo' },
        { id: 'b', text: '' },
      ]),
    ).toBe('Points: Limpopo 1, Option C 1, Option B −1; any other area −0,5');
  });
});

describe('select point', () => {
  const key: AnswerKey = {
    type: 'select_point',
    areas: [
      { id: 'a', area: circle },
      { id: 'b', area: rect },
    ],
  };
  it('a point in any of the key’s areas earns the marks, its edge included', () => {
    expect(score(2, key, { type: 'select_point', point: { x: 105, y: 100 } })).toBe(2);
    expect(score(2, key, { type: 'select_point', point: { x: 240, y: 70 } })).toBe(2);
    expect(score(2, key, { type: 'select_point', point: { x: 150, y: 100 } })).toBe(0);
    expect(score(2, key, { type: 'select_point', point: null })).toBe(0);
    expect(score(2, key, { type: 'hotspot', optionIds: ['a'] })).toBe(0);
  });
  it('by points: the areas the point is in, each once, or the default outside them', () => {
    const overlapping: AnswerKey = {
      type: 'select_point',
      areas: [
        { id: 'a', area: circle },
        { id: 'b', area: { shape: 'rect', x: 100, y: 90, w: 50, h: 20 } },
        { id: 'c', area: rect },
      ],
      mapping: mapping(
        [
          ['a', 1],
          ['b', 0.5],
          ['c', 2],
        ],
        { defaultValue: 0.25 },
      ),
    };
    expect(score(2, overlapping, { type: 'select_point', point: { x: 95, y: 100 } })).toBe(1);
    expect(score(2, overlapping, { type: 'select_point', point: { x: 105, y: 100 } })).toBe(1.5);
    expect(score(2, overlapping, { type: 'select_point', point: { x: 220, y: 60 } })).toBe(2);
    expect(score(2, overlapping, { type: 'select_point', point: { x: 400, y: 400 } })).toBe(0.25);
    expect(score(2, overlapping, { type: 'select_point', point: null })).toBe(0);
    expect(bestScoreOf(overlapping, [])).toBe(2);
    expect(creditInWords(overlapping, [])).toBe(
      'Points: Area A 1, Area B 0,5, Area C 2; a point outside these areas 0,25',
    );
  });
});

describe('the pairing types', () => {
  for (const type of ['graphic_gap_match', 'gap_match', 'match'] as const) {
    it(`${type}: exactly the right pairs, in any order, a pair given twice counted once`, () => {
      const key = {
        type,
        correct: [
          { source: 'a', target: 'p1' },
          { source: 'b', target: 'p2' },
        ],
      } as AnswerKey;
      const answer = (pairs: Array<[string, string]>) =>
        ({ type, pairs: pairs.map(([source, target]) => ({ source, target })) }) as AnswerValue;
      expect(
        score(
          2,
          key,
          answer([
            ['b', 'p2'],
            ['a', 'p1'],
          ]),
        ),
      ).toBe(2);
      expect(
        score(
          2,
          key,
          answer([
            ['a', 'p1'],
            ['b', 'p2'],
            ['a', 'p1'],
          ]),
        ),
      ).toBe(2);
      expect(score(2, key, answer([['a', 'p1']]))).toBe(0);
      expect(
        score(
          2,
          key,
          answer([
            ['a', 'p1'],
            ['b', 'p2'],
            ['c', 'p3'],
          ]),
        ),
      ).toBe(0);
      expect(
        score(
          2,
          key,
          answer([
            ['a', 'p2'],
            ['b', 'p1'],
          ]),
        ),
      ).toBe(0);
      expect(score(2, key, answer([]))).toBe(0);
    });
  }

  it('by points: each distinct pair "source target", the default for another', () => {
    const key: AnswerKey = {
      type: 'match',
      correct: [
        { source: 'a', target: 'r1' },
        { source: 'b', target: 'r2' },
      ],
      mapping: mapping(
        [
          ['a r1', 1],
          ['b r2', 1],
        ],
        { defaultValue: -0.5 },
      ),
    };
    const pairs = (...list: Array<[string, string]>): AnswerValue => ({
      type: 'match',
      pairs: list.map(([source, target]) => ({ source, target })),
    });
    expect(score(2, key, pairs(['a', 'r1'], ['a', 'r1']))).toBe(1);
    expect(score(2, key, pairs(['a', 'r1'], ['b', 'r1']))).toBe(0.5);
    expect(score(2, key, pairs(['a', 'r2'], ['b', 'r1']))).toBe(0);
    expect(score(2, key, pairs(['a', 'r1'], ['b', 'r2']))).toBe(2);
    expect(
      creditInWords(
        key,
        [
          { id: 'a', text: 'Limpopo' },
          { id: 'b', text: 'Gauteng' },
        ],
        [
          { id: 'r1', text: 'Polokwane' },
          { id: 'r2', text: '' },
        ],
      ),
    ).toBe('Points: Limpopo → Polokwane 1, Gauteng → Item 2 1; any other pair −0,5');
  });

  it('the best answer keeps to how many pairs each option and target may be in', () => {
    const key: AnswerKey = {
      type: 'graphic_gap_match',
      correct: [{ source: 'a', target: 'p1' }],
      mapping: mapping([
        ['a p1', 1],
        ['a p2', 1],
        ['b p1', 0.5],
      ]),
    };
    const options = [{ id: 'a' }, { id: 'b' }];
    const targets = [{ id: 'p1' }, { id: 'p2' }];
    // Each once: a → p2 and b → p1 (1.5) beat a → p1 alone (1).
    expect(bestScoreOf(key, options, { targets })).toBe(1.5);
    // a may go to any number of places: a → p1, a → p2; p1 still holds one label.
    expect(bestScoreOf(key, [{ id: 'a', matchMax: 0 }, { id: 'b' }], { targets })).toBe(2);
    // …and p1 may hold any number: every positive pair.
    expect(
      bestScoreOf(key, [{ id: 'a', matchMax: 0 }, { id: 'b' }], { targets: [{ id: 'p1', matchMax: 0 }, { id: 'p2' }] }),
    ).toBe(2.5);
    // Without the question's targets, those the key names.
    expect(bestScoreOf(key, options)).toBe(1.5);
  });
});

describe('order and inline choice', () => {
  it('order: exactly the right sequence, nothing for a near miss', () => {
    const key: AnswerKey = { type: 'order', correct: ['c', 'a', 'b'] };
    expect(score(3, key, { type: 'order', optionIds: ['c', 'a', 'b'] })).toBe(3);
    expect(score(3, key, { type: 'order', optionIds: ['a', 'c', 'b'] })).toBe(0);
    expect(score(3, key, { type: 'order', optionIds: ['c', 'a'] })).toBe(0);
    expect(score(3, key, { type: 'order', optionIds: ['c', 'a', 'b', 'b'] })).toBe(0);
    expect(score(3, key, { type: 'order', optionIds: [] })).toBe(0);
    expect(bestScoreOf(key, [])).toBeNull();
    expect(hasPartialCredit(key)).toBe(false);
  });
  it('inline choice: the right choice', () => {
    const key: AnswerKey = { type: 'inline_choice', correct: 'b' };
    expect(score(1, key, { type: 'inline_choice', optionId: 'b' })).toBe(1);
    expect(score(1, key, { type: 'inline_choice', optionId: 'a' })).toBe(0);
    expect(score(1, key, { type: 'inline_choice', optionId: null })).toBe(0);
    expect(score(1, key, { type: 'single', optionId: 'b' })).toBe(0);
    expect(creditInWords(key, [])).toBeNull();
  });
});
