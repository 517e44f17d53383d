import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PaymentsDashboard } from '#contract/finance';
import { ok, stubApi } from '../../../test/api.js';
import { legendOf, sizedCharts } from '../../../test/chart-size.js';
import { routeOlympiad } from '../../../test/olympiad.js';
import { renderWithApp } from '../../../test/render.js';
import { PaymentsDashboardPage } from './PaymentsDashboardPage.js';

/**
 * The dashboard's figures by province scroll sideways on a phone: a named region a keyboard reaches. Its charts'
 * legends read in the series' order (invoiced, then paid; paid, then outstanding), not the alphabet's.
 */

function show(overTime: PaymentsDashboard['overTime'] = []) {
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
      overTime,
    }),
  });
  return renderWithApp(<PaymentsDashboardPage />, {
    path: '/geo-2026/admin/payments',
    route: '/:olympiadName/admin/payments',
  });
}

const card = async (title: string) => {
  const heading = await screen.findByRole('heading', { name: title });
  const chart = heading.parentElement?.querySelector('.mantine-AreaChart-root, .mantine-BarChart-root');
  if (!chart) throw new Error(`no chart under ${title}`);
  return chart;
};

describe('PaymentsDashboardPage: by province, in figures', () => {
  it('is a named region in the tab order around its table', async () => {
    show();
    const region = await screen.findByRole('region', { name: 'By province, in figures' });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(within(region).getByRole('table', { name: 'By province' })).toBeTruthy();
  });
});

describe('PaymentsDashboardPage: charts', () => {
  it('keeps the series’ order in each legend', async () => {
    sizedCharts();
    show([
      {
        day: '2026-03-03',
        invoicedCents: 300_00,
        paidCents: 0,
        cumulativeInvoicedCents: 300_00,
        cumulativePaidCents: 0,
      },
      {
        day: '2026-03-04',
        invoicedCents: 0,
        paidCents: 100_00,
        cumulativeInvoicedCents: 300_00,
        cumulativePaidCents: 100_00,
      },
    ]);
    expect(legendOf(await card('Over time'))).toEqual(['Invoiced', 'Paid']);
    expect(legendOf(await card('By province'))).toEqual(['Paid', 'Outstanding']);
  });
});
