import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoginActivityPage as LoginActivityBody } from '#contract/logs';
import { ok, stubApi } from '../../../test/api.js';
import { legendOf, sizedCharts, ticksOf } from '../../../test/chart-size.js';
import { renderWithApp } from '../../../test/render.js';
import { LoginActivityPage } from './LoginActivityPage.js';

/**
 * The sign-ins per olympiad and school scroll sideways on a phone: a named region a keyboard reaches. The chart
 * over time reads sign-ins before failures in its legend, and counts them in whole steps.
 */

function show(series: LoginActivityBody['series'] = []) {
  stubApi({
    'GET /olympiad/v-rest/': { status: 200, body: { items: [] } },
    'GET /api/learner-login-activity/': ok(LoginActivityBody, {
      success: true,
      items: [
        {
          olympiadId: 3,
          olympiadName: 'geo-2026',
          olympiadTitle: 'Geography Olympiad 2026',
          schoolId: 40,
          schoolName: 'Hoërskool Waterkloof',
          signins: 12,
          failures: 1,
          lastAt: '2026-05-14T07:00:00.000Z',
        },
      ],
      total: 1,
      page: 1,
      pageSize: 25,
      from: '2026-05-13T07:00:00.000Z',
      to: '2026-05-14T07:00:00.000Z',
      bucket: 'hour',
      series,
      totals: { signins: 12, failures: 1 },
    }),
  });
  return renderWithApp(<LoginActivityPage />, { path: '/overlord/learner-login-activity' });
}

describe('LoginActivityPage: sign-ins per olympiad and school', () => {
  it('is a named region in the tab order around its table', async () => {
    show();
    const region = await screen.findByRole('region', { name: 'Sign-ins per olympiad and school' });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(within(region).getByRole('table', { name: 'Sign-ins per olympiad and school' })).toBeTruthy();
  });
});

describe('LoginActivityPage: the chart over time', () => {
  it('keeps sign-ins first in the legend and ticks its counts in whole numbers', async () => {
    sizedCharts();
    // A quiet hour: one sign-in and one failure, where recharts would tick 0, 0.25, 0.5 …
    show([
      { at: '2026-05-14T06:00:00.000Z', signins: 1, failures: 0 },
      { at: '2026-05-14T07:00:00.000Z', signins: 0, failures: 1 },
    ]);
    // The title carries the totals once the activity has loaded.
    const heading = await screen.findByRole('heading', { name: 'Over time: 12 sign-ins, 1 failed' });
    const chart = heading.closest('section')?.querySelector('.mantine-BarChart-root');
    if (!chart) throw new Error('no bar chart');
    expect(legendOf(chart)).toEqual(['Sign-ins', 'Failed']);
    const ticks = ticksOf(chart, 'y');
    expect(ticks.length).toBeGreaterThan(1);
    for (const tick of ticks) expect(tick, `tick ${tick}`).toMatch(/^\d+$/);
  });
});
