import { describe, expect, it } from 'vitest';
import { orderedFor, shuffledFor } from './present.js';

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
