import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PaymentsDashboard } from '#contract/finance';
import { ok, stubApi } from '../../../test/api.js';
import { routeOlympiad } from '../../../test/olympiad.js';
import { renderWithApp } from '../../../test/render.js';
import { PaymentsDashboardPage } from './PaymentsDashboardPage.js';

/** The dashboard's figures by province scroll sideways on a phone: a named region a keyboard reaches. */

describe('PaymentsDashboardPage: by province, in figures', () => {
  it('is a named region in the tab order around its table', async () => {
    stubApi({
      ...routeOlympiad,
      'GET /payment/api/dashboard': ok(PaymentsDashboard, {
        success: true,
        currency: 'ZAR',
        totals: {
          orders: 1,
          learners: 30,
          freeLearners: 0,
          invoicedCents: 300_00,
          paidCents: 100_00,
          outstandingCents: 200_00,
          preApprovedCents: 0,
          overpaidCents: 0,
        },
        byState: { paid: 0, pre: 0, unpaid: 1, deleted: 0 },
        byProvince: [
          {
            province: 'Gauteng',
            orders: 1,
            invoicedCents: 300_00,
            paidCents: 100_00,
            outstandingCents: 200_00,
            preApprovedCents: 0,
          },
        ],
        overTime: [],
      }),
    });
    renderWithApp(<PaymentsDashboardPage />, {
      path: '/geo-2026/admin/payments',
      route: '/:olympiadName/admin/payments',
    });
    const region = await screen.findByRole('region', { name: 'By province, in figures' });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(within(region).getByRole('table', { name: 'By province' })).toBeTruthy();
  });
});
