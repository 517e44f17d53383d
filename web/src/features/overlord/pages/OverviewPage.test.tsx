import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type DayFigures, DashboardUser, ReportOverview } from '#contract/reports';
import { ok, stubApi } from '../../../test/api.js';
import { legendOf, sizedCharts, ticksOf } from '../../../test/chart-size.js';
import { renderWithApp } from '../../../test/render.js';
import { OverviewPage } from './OverviewPage.js';

/** The platform's "Over time" chart on its first days: one day in words; then a line, its legend as the page orders it. */

const figures = {
  olympiads: 1,
  schoolsEntered: 1,
  learnersLoaded: 3,
  notStarted: 3,
  writingNow: 0,
  finished: 0,
  money: [],
  mailSent: 1,
  mailWaiting: 0,
  mailFailed: 0,
};

function show(overTime: DayFigures[]) {
  sizedCharts();
  stubApi({
    'GET /dashboard/user': ok(DashboardUser, {
      success: true,
      section: 'overlord',
      user: { id: 1, name: 'Pieter', role: 'overlord', email: null, previousSignInAt: null },
      olympiads: [],
    }),
    'POST /olympiad/reports/overview': ok(ReportOverview, {
      success: true,
      olympiad: null,
      figures,
      olympiads: [],
      overTime,
      asOf: '2026-03-04T10:00:00.000Z',
    }),
  });
  return renderWithApp(<OverviewPage />, { path: '/overlord/overview' });
}

const day = (d: string, n: number): DayFigures => ({
  day: d,
  schoolsEntered: n,
  learnersLoaded: n,
  started: 0,
  mailSent: n,
});

describe('OverviewPage: over time', () => {
  it('says the one day in words', async () => {
    show([day('2026-03-03', 1)]);
    expect(
      await screen.findByText(
        'On 3 March 2026: 1 school entered, 1 learner loaded, 0 learners started and 1 email sent.',
      ),
    ).toBeTruthy();
    expect(document.querySelector('.mantine-LineChart-root')).toBeNull();
  });

  it('draws two days as a line, its legend in the series’ order and its counts in whole steps', async () => {
    show([day('2026-03-03', 1), day('2026-03-04', 1)]);
    await screen.findByRole('heading', { name: 'Over time' });
    const line = document.querySelector('.mantine-LineChart-root');
    if (!line) throw new Error('no line chart');
    expect(legendOf(line)).toEqual(['Learners loaded', 'Started', 'Mail sent', 'Schools entered']);
    const ticks = ticksOf(line, 'y');
    expect(ticks.length).toBeGreaterThan(1);
    for (const tick of ticks) expect(tick, `tick ${tick}`).toMatch(/^\d+$/);
  });
});
