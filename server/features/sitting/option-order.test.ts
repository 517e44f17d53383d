import { describe, expect, it } from 'vitest';
import type { QuestionRow } from './paper-queries.js';
import { orderedFor, orderItemsFor, presentQuestionForLearner, shuffledFor } from './present.js';

/** The learner's own option order (present.ts): the olympiad shuffles, the question allows it, fixed options stay. */
const options = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, text: id.toUpperCase(), imageUrl: null }));
const question = (shuffle: boolean, fixed: string[] = []) => ({
  id: 7,
  type: 'single',
  shuffle,
  options: options.map((o) => ({ ...o, ...(fixed.includes(o.id) ? { fixed: true } : {}) })),
});
const ids = (list: ReadonlyArray<{ id: string }>) => list.map((o) => o.id).join('');

describe('the order of a learner’s options', () => {
  it('a fixed option keeps its place in every attempt while the others move', () => {
    const orders = new Set<string>();
    for (let attemptId = 1; attemptId <= 200; attemptId++) {
      const order = ids(orderedFor(question(true, ['e']), options, { attemptId }));
      expect(order[4]).toBe('e');
      expect([...order].sort().join('')).toBe('abcde');
      orders.add(order);
    }
    // Four options move freely: all 24 of their orders turn up across 200 attempts.
    expect(orders.size).toBe(24);
  });

  it('keeps a fixed option in the middle too, and gives each attempt the same order every time', () => {
    const q = question(true, ['c']);
    for (let attemptId = 1; attemptId <= 50; attemptId++) {
      const once = ids(orderedFor(q, options, { attemptId }));
      expect(once[2]).toBe('c');
      expect(ids(orderedFor(q, options, { attemptId }))).toBe(once);
    }
  });

  it('with nothing fixed, the order is the one learners always had', () => {
    for (let attemptId = 1; attemptId <= 20; attemptId++)
      expect(ids(orderedFor(question(true), options, { attemptId }))).toBe(ids(shuffledFor(options, attemptId, 7)));
  });

  it('a question that does not shuffle, an olympiad that does not, and a true/false question keep the written order', () => {
    expect(ids(orderedFor(question(false), options, { attemptId: 3 }))).toBe('abcde');
    expect(ids(orderedFor(question(true), options, null))).toBe('abcde');
    expect(ids(orderedFor({ ...question(true), type: 'true_false' }, options, { attemptId: 3 }))).toBe('abcde');
  });
});

describe('the order of the newer interactions (decision 084)', () => {
  const row = (type: string, more: Partial<QuestionRow> = {}): QuestionRow => ({
    id: 11,
    moduleId: 1,
    moduleTitle: 'Maps',
    moduleIntro: '',
    type: type as QuestionRow['type'],
    prompt: '<p>?</p>',
    imageUrl: null,
    imageAlt: '',
    options: options.map((o) => ({ ...o })),
    imageWidth: null,
    imageHeight: null,
    targets: [],
    gapText: '',
    maxChoices: 1,
    shuffle: true,
    marks: 1,
    answerKey: null,
    ...more,
  });
  const orderRow = (correct: string[], shuffle = false) =>
    row('order', { shuffle, answerKey: { type: 'order', correct } });

  it('an order question’s items are in each attempt’s own order, even when the olympiad does not shuffle', () => {
    const q = orderRow(['a', 'b', 'c', 'd', 'e']);
    const orders = new Set<string>();
    for (let attemptId = 1; attemptId <= 100; attemptId++) {
      const once = ids(presentQuestionForLearner(q, 0, { attemptId, shuffle: false }).options);
      expect([...once].sort().join('')).toBe('abcde');
      expect(ids(presentQuestionForLearner(q, 0, { attemptId, shuffle: false }).options)).toBe(once);
      orders.add(once);
    }
    expect(orders.size).toBeGreaterThan(30);
  });

  it('never in the key’s order: a shuffle that lands on it is turned by one place', () => {
    // Two items: the shuffle lands on the key's order for about half the attempts; none may show it.
    const two = row('order', {
      options: options.slice(0, 2),
      answerKey: { type: 'order', correct: ['a', 'b'] },
    });
    let landed = 0;
    for (let attemptId = 1; attemptId <= 200; attemptId++) {
      if (ids(shuffledFor(two.options, attemptId, two.id)) === 'ab') landed++;
      expect(ids(orderItemsFor(two, two.options, attemptId))).toBe('ba');
    }
    expect(landed).toBeGreaterThan(0);
    // The key's order, not the order written, is the one avoided.
    const key = ['c', 'a', 'e', 'b', 'd'];
    for (let attemptId = 1; attemptId <= 500; attemptId++)
      expect(ids(orderItemsFor({ id: 11, answerKey: { type: 'order', correct: key } }, options, attemptId))).not.toBe(
        key.join(''),
      );
    // The paper as cached before any attempt shows no key order either.
    expect(ids(presentQuestionForLearner(orderRow(['a', 'b', 'c', 'd', 'e']), 0, null).options)).not.toBe('abcde');
  });

  it('labels, words, choices and a match’s two columns follow the shuffle and fixed, each column its own order', () => {
    const targets = ['r1', 'r2', 'r3', 'r4', 'r5'].map((id) => ({ id, text: id, imageUrl: null }));
    const match = row('match', { targets: targets.map((t) => (t.id === 'r5' ? { ...t, fixed: true } : t)) });
    let differ = 0;
    for (let attemptId = 1; attemptId <= 50; attemptId++) {
      const q = presentQuestionForLearner(match, 0, { attemptId, shuffle: true });
      expect([...ids(q.options)].sort().join('')).toBe('abcde');
      expect(q.targets.at(-1)!.id).toBe('r5');
      expect(q.targets.some((t) => 'fixed' in t)).toBe(false);
      if (ids(q.options) !== ids(q.targets).replace(/r(\d)/g, (_, d: string) => 'abcde'[Number(d) - 1]!)) differ++;
    }
    expect(differ).toBeGreaterThan(40);
    for (const type of ['gap_match', 'graphic_gap_match', 'inline_choice']) {
      const q = row(type);
      const seen = new Set<string>();
      for (let attemptId = 1; attemptId <= 30; attemptId++)
        seen.add(ids(presentQuestionForLearner(q, 0, { attemptId, shuffle: true }).options));
      expect(seen.size).toBeGreaterThan(10);
      expect(ids(presentQuestionForLearner(q, 0, { attemptId: 3, shuffle: false }).options)).toBe('abcde');
      expect(ids(presentQuestionForLearner({ ...q, shuffle: false }, 0, { attemptId: 3, shuffle: true }).options)).toBe(
        'abcde',
      );
    }
  });

  it('a hotspot’s areas, a graphic gap match’s places and a gap match’s gaps stay where the picture and text have them', () => {
    const places = ['p1', 'p2', 'p3'].map((id, i) => ({
      id,
      text: id,
      imageUrl: null,
      area: { shape: 'circle' as const, x: 10 + i * 20, y: 10, r: 5 },
    }));
    for (let attemptId = 1; attemptId <= 20; attemptId++) {
      expect(ids(presentQuestionForLearner(row('hotspot'), 0, { attemptId, shuffle: true }).options)).toBe('abcde');
      expect(
        ids(
          presentQuestionForLearner(row('graphic_gap_match', { targets: places }), 0, { attemptId, shuffle: true })
            .targets,
        ),
      ).toBe('p1p2p3');
    }
  });

  it('a select-point question reaches the learner without its key’s areas; each type only what it uses', () => {
    const q = presentQuestionForLearner(
      row('select_point', {
        options: [],
        imageUrl: '/question/image/1/x',
        imageWidth: 640,
        imageHeight: 480,
        gapText: 'left over',
        maxChoices: 3,
        answerKey: { type: 'select_point', areas: [{ id: 'a', area: { shape: 'circle', x: 5, y: 5, r: 5 } }] },
      }),
      0,
      { attemptId: 1, shuffle: true },
    );
    expect(q).toEqual({
      id: 11,
      index: 0,
      type: 'select_point',
      prompt: '<p>?</p>',
      imageUrl: '/question/image/1/x',
      imageAlt: '',
      marks: 1,
      options: [],
      imageWidth: 640,
      imageHeight: 480,
      targets: [],
      gapText: '',
      maxChoices: 1,
      translations: {},
    });
    expect(JSON.stringify(q)).not.toContain('circle');
    const hotspot = presentQuestionForLearner(
      row('hotspot', {
        maxChoices: 2,
        options: [{ ...options[0]!, fixed: true, area: { shape: 'rect', x: 1, y: 1, w: 2, h: 2 } }],
      }),
      0,
      null,
    );
    expect(hotspot.maxChoices).toBe(2);
    expect(hotspot.options).toEqual([
      { id: 'a', text: 'A', imageUrl: null, area: { shape: 'rect', x: 1, y: 1, w: 2, h: 2 } },
    ]);
  });
});
