import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type AwardCount, ResultsPreview } from '#contract/results';
import { stubApi } from '../../../../test/api.js';
import { legendOf, sizedCharts, ticksOf } from '../../../../test/chart-size.js';
import { routeOlympiad } from '../../../../test/olympiad.js';
import { renderWithApp } from '../../../../test/render.js';
import { Distribution } from './Distribution.js';

/** The distribution's chart on early results: the awards' legend in their rank, learners counted in whole steps. */

const award = (key: string, label: string, count: number): AwardCount => ({
  key,
  label,
  count,
  lowestScore: count ? 10 : null,
  lowestPercent: count ? 50 : null,
});

// Best band first, then participation, then no award: the order the server gives (contract/results.ts).
const awards = [
  award('gold', 'Gold', 1),
  award('silver', 'Silver', 1),
  award('bronze', 'Bronze', 0),
  award('merit', 'Merit', 0),
  award('participation', 'Participation', 1),
];

const preview = ResultsPreview.parse({
  success: true,
  counted: 3,
  maxScore: 20,
  awards,
  byGrade: [],
  bestInSchool: 1,
  histogram: Array.from({ length: 10 }, (_, i) => ({
    from: i * 10,
    to: i * 10 + 10,
    count: i === 9 ? 2 : i === 5 ? 1 : 0,
    awards: i === 9 ? { gold: 1, silver: 1 } : i === 5 ? { participation: 1 } : {},
  })),
});

describe('Distribution', () => {
  it('lists the awards in their rank and counts learners in whole numbers', async () => {
    sizedCharts();
    stubApi(routeOlympiad);
    renderWithApp(<Distribution preview={preview} loading={false} error={null} />, {
      path: '/geo-2026/admin/results/awards',
      route: '/:olympiadName/admin/results/awards',
    });
    await screen.findByText('3 learners ranked');
    const chart = document.querySelector('.mantine-BarChart-root');
    if (!chart) throw new Error('no chart');
    expect(legendOf(chart)).toEqual(['Gold', 'Silver', 'Bronze', 'Merit', 'Participation']);
    const ticks = ticksOf(chart, 'y');
    expect(ticks.length).toBeGreaterThan(1);
    for (const tick of ticks) expect(tick, `tick ${tick}`).toMatch(/^\d+$/);
  });
});
