import { describe, expect, it } from 'vitest';
import { byGrade, gradeName, legendInSeriesOrder, oneDayInWords } from './chart-order.js';

/** The legend as recharts builds it: its entries sorted by the sorter's key, lowest first. */
const legend = (names: string[], sorter: (entry: { dataKey?: unknown; value?: unknown }) => number) =>
  names
    .map((name) => ({ dataKey: name, value: name }))
    .sort((a, b) => sorter(a) - sorter(b))
    .map((entry) => entry.value);

describe('legendInSeriesOrder', () => {
  it('keeps the awards in their rank, not alphabetical', () => {
    const series = ['Gold', 'Silver', 'Bronze', 'Merit', 'Participation', 'No award'].map((name) => ({ name }));
    const shuffled = ['Bronze', 'Gold', 'Merit', 'No award', 'Participation', 'Silver'];
    expect(legend(shuffled, legendInSeriesOrder(series))).toEqual([
      'Gold',
      'Silver',
      'Bronze',
      'Merit',
      'Participation',
      'No award',
    ]);
  });

  it('keeps grades in number order, an entry it does not know last', () => {
    const series = [8, 9, 10, 11, 12].map((g) => ({ name: gradeName(g) }));
    const alphabetical = ['Grade 10', 'Grade 11', 'Grade 12', 'Grade 8', 'Grade 9', 'Other'];
    expect(legend(alphabetical, legendInSeriesOrder(series))).toEqual([
      'Grade 8',
      'Grade 9',
      'Grade 10',
      'Grade 11',
      'Grade 12',
      'Other',
    ]);
  });
});

describe('byGrade', () => {
  it('orders grades as numbers, no grade last', () => {
    expect([10, null, 12, 8, 11, 9].sort(byGrade)).toEqual([8, 9, 10, 11, 12, null]);
  });
});

describe('oneDayInWords', () => {
  const figures = (d: { schools: number; learners: number }) =>
    [
      [d.schools, 'school entered', 'schools entered'],
      [d.learners, 'learner loaded', 'learners loaded'],
    ] as const;

  it('says the one day’s figures in a sentence', () => {
    expect(oneDayInWords([{ day: '2026-03-03', schools: 1, learners: 340 }], figures)).toBe(
      'On 3 March 2026: 1 school entered and 340 learners loaded.',
    );
  });

  it('is null with no day or with two days and more, which a line can draw', () => {
    expect(oneDayInWords([], figures)).toBeNull();
    expect(
      oneDayInWords(
        [
          { day: '2026-03-03', schools: 1, learners: 3 },
          { day: '2026-03-04', schools: 2, learners: 5 },
        ],
        figures,
      ),
    ).toBeNull();
  });
});
