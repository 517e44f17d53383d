import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoginActivityPage as LoginActivityBody } from '#contract/logs';
import { ok, stubApi } from '../../../test/api.js';
import { renderWithApp } from '../../../test/render.js';
import { LoginActivityPage } from './LoginActivityPage.js';

/** The sign-ins per olympiad and school scroll sideways on a phone: a named region a keyboard reaches. */

describe('LoginActivityPage: sign-ins per olympiad and school', () => {
  it('is a named region in the tab order around its table', async () => {
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
        series: [],
        totals: { signins: 12, failures: 1 },
      }),
    });
    renderWithApp(<LoginActivityPage />, { path: '/overlord/learner-login-activity' });
    const region = await screen.findByRole('region', { name: 'Sign-ins per olympiad and school' });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(within(region).getByRole('table', { name: 'Sign-ins per olympiad and school' })).toBeTruthy();
  });
});
