import { beforeAll, describe, expect, it } from 'vitest';
import { createModule, createQuestion } from '../../seed/factories.js';
import { geoQuick, newLearner, server, toPaper, useSittingServer } from './testing.js';

/**
 * The learner's own option order on the real server (the quick quiz shuffles options): a question that does not
 * shuffle keeps the order written, a fixed option keeps its place in every learner's paper while the others move.
 */
useSittingServer();

const letters = ['a', 'b', 'c', 'd', 'e'];
let fixedId: number;
let inOrderId: number;
beforeAll(async () => {
  const m = await createModule(server.db, { olympiadId: geoQuick, title: 'Order', position: 99 });
  fixedId = (
    await createQuestion(server.db, {
      moduleId: m.id,
      options: letters.map((id) => ({
        id,
        text: id === 'e' ? 'All of the above' : `Option ${id}`,
        imageUrl: null,
        ...(id === 'e' ? { fixed: true } : {}),
      })),
    })
  ).id;
  inOrderId = (
    await createQuestion(server.db, {
      moduleId: m.id,
      shuffle: false,
      options: letters.map((id) => ({ id, text: `Place ${id}`, imageUrl: null })),
    })
  ).id;
});

describe('the options in each learner’s paper', () => {
  it('keep a fixed option in its place and a non-shuffling question in its order; the rest differ between learners', async () => {
    const orders = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const { token } = await newLearner(geoQuick, 'geo-quick');
      const { paper } = await toPaper(token, 'geo-quick');
      const questions = (
        paper.modules as Array<{ questions: Array<{ id: number; options: Array<{ id: string; fixed?: boolean }> }> }>
      ).flatMap((m) => m.questions);
      const fixed = questions.find((q) => q.id === fixedId)!;
      const inOrder = questions.find((q) => q.id === inOrderId)!;
      const order = fixed.options.map((o) => o.id).join('');
      expect(order[4]).toBe('e');
      expect([...order].sort().join('')).toBe('abcde');
      orders.add(order);
      expect(inOrder.options.map((o) => o.id).join('')).toBe('abcde');
      // The learner is not told which option stays.
      expect(fixed.options.every((o) => !('fixed' in o))).toBe(true);
    }
    expect(orders.size).toBeGreaterThan(1);
  });
});
