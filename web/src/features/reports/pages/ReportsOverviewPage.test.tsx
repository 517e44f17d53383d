import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DashboardUser, GraphData, ReportOverview } from '#contract/reports';
import { SittingCounts } from '#contract/sitting';
import { ok, stubApi } from '../../../test/api.js';
import { legendOf, sizedCharts, ticksOf } from '../../../test/chart-size.js';
import { geo2026, routeOlympiad } from '../../../test/olympiad.js';
import { renderWithApp } from '../../../test/render.js';
import { ReportsOverviewPage } from './ReportsOverviewPage.js';

/**
 * The admin's charts on an olympiad's first days: a single day of registrations said in words (not one dot), the
 * grades of the province chart in number order, and learner counts on whole-number ticks.
 */

const figures = {
  olympiads: 1,
  schoolsEntered: 2,
  learnersLoaded: 5,
  notStarted: 5,
  writingNow: 0,
  finished: 0,
  money: [],
  mailSent: 0,
  mailWaiting: 0,
  mailFailed: 0,
};

function graph(registrations: GraphData['registrations']) {
  return ok(GraphData, {
    success: true,
    registrations,
    byProvinceGrade: [
      // As a string sort would give them: the page must not keep this order.
      { province: 'Gauteng', grade: 10, learners: 1 },
      { province: 'Gauteng', grade: 11, learners: 1 },
      { province: 'Gauteng', grade: 12, learners: 1 },
      { province: 'Gauteng', grade: 8, learners: 1 },
      { province: 'Gauteng', grade: 9, learners: 1 },
    ],
    startDays: [],
    examDay: null,
    startsPerMinute: [],
    scoreDistribution: [],
    asOf: '2026-03-03T10:00:00.000Z',
  });
}

function show(registrations: GraphData['registrations']) {
  sizedCharts();
  stubApi({
    ...routeOlympiad,
    'GET /dashboard/user': ok(DashboardUser, {
      success: true,
      section: 'admin',
      user: { id: 1, name: 'Thandi', role: 'admin', email: null, previousSignInAt: null },
      olympiads: [],
    }),
    [`POST /olympiad/reports/overview/${geo2026.id}`]: ok(ReportOverview, {
      success: true,
      olympiad: { id: geo2026.id, varName: geo2026.varName, title: geo2026.title },
      figures,
      olympiads: [],
      overTime: [],
      asOf: '2026-03-03T10:00:00.000Z',
    }),
    [`POST /olympiad/reports/graph-data/${geo2026.id}`]: graph(registrations),
    'GET /api/sitting-counts/': ok(SittingCounts, {
      success: true,
      notStarted: 5,
      writing: 0,
      finished: 0,
      activeNow: 0,
    }),
  });
  return renderWithApp(<ReportsOverviewPage />, {
    path: '/geo-2026/admin/reports/overview',
    route: '/:olympiadName/admin/reports/overview',
  });
}

const card = async (title: string) => {
  const heading = await screen.findByRole('heading', { name: title });
  const section = heading.closest('section');
  if (!section) throw new Error(`no card ${title}`);
  return section;
};

describe('ReportsOverviewPage: charts on early data', () => {
  it('says one day of registrations in words instead of drawing a line through one point', async () => {
    show([{ day: '2026-03-03', schools: 2, learners: 5, totalSchools: 2, totalLearners: 5 }]);
    const registrations = await card('Registrations over time');
    expect(
      await within(registrations).findByText('On 3 March 2026: 2 schools entered and 5 learners loaded.'),
    ).toBeTruthy();
    expect(registrations.querySelector('.mantine-LineChart-root')).toBeNull();
  });

  it('draws two days and more as a line, its legend in the series’ order, its counts in whole steps', async () => {
    show([
      { day: '2026-03-03', schools: 1, learners: 1, totalSchools: 1, totalLearners: 1 },
      { day: '2026-03-04', schools: 1, learners: 2, totalSchools: 2, totalLearners: 3 },
    ]);
    const registrations = await card('Registrations over time');
    const line = registrations.querySelector('.mantine-LineChart-root');
    if (!line) throw new Error('no line chart');
    expect(legendOf(line)).toEqual(['Learners to date', 'Schools to date']);
    const ticks = ticksOf(line, 'y');
    expect(ticks.length).toBeGreaterThan(1);
    for (const tick of ticks) expect(tick, `tick ${tick}`).toMatch(/^\d+$/);
  });

  it('orders the grades of the province chart as numbers, and counts its learners in whole steps', async () => {
    show([{ day: '2026-03-03', schools: 2, learners: 5, totalSchools: 2, totalLearners: 5 }]);
    const provinces = await card('Learners by province and grade');
    const bars = provinces.querySelector('.mantine-BarChart-root');
    if (!bars) throw new Error('no bar chart');
    expect(legendOf(bars)).toEqual(['Grade 8', 'Grade 9', 'Grade 10', 'Grade 11', 'Grade 12']);
    // Bars lie on their side: the learners are counted along the x axis.
    const ticks = ticksOf(bars, 'x');
    expect(ticks.length).toBeGreaterThan(1);
    for (const tick of ticks) expect(tick, `tick ${tick}`).toMatch(/^\d+$/);
  });
});
