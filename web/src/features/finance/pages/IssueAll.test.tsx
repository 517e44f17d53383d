import { notifications } from '@mantine/notifications';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pageOf } from '#contract/errors';
import { InvoiceJob, InvoiceJobAnswer, PurchaseOrder, PurchaseOrderSummary } from '#contract/finance';
import { ok, stubApi } from '../../../test/api.js';
import { routeOlympiad } from '../../../test/olympiad.js';
import { renderWithApp } from '../../../test/render.js';
import { financeRoutes } from '../routes.js';
import { PaymentPortalPage } from './PaymentPortalPage.js';

/**
 * Issuing every invoice is a background job: starting it is said neutrally ("Started"), never a green "Done" while
 * nothing is issued yet; the page shows the job's progress, and says what it did once it has ended.
 */

const order = PurchaseOrder.parse({
  id: 41,
  schoolParticipantId: 9,
  olympiadId: 3,
  schoolId: 17,
  schoolName: 'Soweto High',
  town: 'Soweto',
  province: 'Gauteng',
  paid: false,
  preApproved: false,
  state: 'unpaid',
  schoolsPO: 'PO-778',
  freeLearners: 0,
  comments: [],
  learners: 40,
  amountCents: 140_000,
  currency: 'ZAR',
  feeCents: 3_500,
  quote: { subtotalCents: 140_000, vatRateBp: 1500, vatCents: 21_000, totalCents: 161_000 },
  currentInvoice: null,
  invoiceOutOfDate: false,
  invoicedCents: 0,
  paidCents: 0,
  balanceCents: 0,
  writingBlocked: false,
  paymentReference: 'GEO00041',
  statusChangedAt: null,
  statusChangedBy: null,
  deletedAt: null,
  updatedAt: '2026-03-01T08:00:00.000Z',
  can: {
    setStatus: true,
    delete: false,
    setSchoolPO: false,
    setFreeLearners: false,
    comment: false,
    issueInvoice: true,
    recordPayment: false,
  },
});

const OrderPage = pageOf(PurchaseOrder).extend({ summary: PurchaseOrderSummary });
const JobAnswer = z.object({ success: z.literal(true), job: InvoiceJob });
const job = (fields: Partial<InvoiceJob>): InvoiceJob => ({
  id: 7,
  status: 'queued',
  total: 2,
  done: 0,
  issued: 0,
  failed: 0,
  error: null,
  message: null,
  startedAt: null,
  finishedAt: null,
  ...fields,
});

// Notifications live in one store for the whole run: each test starts with none.
afterEach(() => {
  notifications.clean();
  notifications.cleanQueue();
});

describe('PaymentPortalPage: issue all invoices', () => {
  it('notes the start neutrally, shows the progress, then says what the job did', async () => {
    let polls = 0;
    stubApi({
      ...routeOlympiad,
      'GET /purchase-order/api/': ok(OrderPage, {
        success: true,
        items: [order],
        total: 1,
        page: 1,
        pageSize: 25,
        summary: { paid: 0, pre: 0, unpaid: 1, deleted: 0 },
      }),
      'POST /invoice/api/issue-all': {
        status: 202,
        body: InvoiceJobAnswer.parse({ success: true, message: 'Issuing 2 invoices', job: job({}) }),
      },
      'GET /invoice/api/issue-all/7': () =>
        ++polls === 1
          ? ok(JobAnswer, { success: true, job: job({ status: 'running', done: 1, issued: 1 }) })
          : ok(JobAnswer, {
              success: true,
              job: job({
                status: 'done',
                done: 2,
                issued: 2,
                message: '2 invoices issued and mailed',
                finishedAt: '2026-03-03T08:30:00.000Z',
              }),
            }),
    });
    const portal = financeRoutes.find((r) => r.id === 'finance.payments')!;
    const { user } = renderWithApp(<PaymentPortalPage />, {
      path: '/geo-2026/finance/payments',
      route: portal.path,
      handle: portal,
    });
    await user.click(await screen.findByRole('button', { name: 'Issue all invoices' }));
    expect(await screen.findByText('Started')).toBeTruthy();
    expect(screen.getByText('Issuing 2 invoices')).toBeTruthy();
    expect(screen.queryByText('Done')).toBeNull();
    expect(screen.getByRole('progressbar', { name: 'Invoices issued' })).toBeTruthy();
    expect(await screen.findByText('Issuing and mailing each invoice: 1 of 2 orders')).toBeTruthy();
    expect(screen.queryByText('Done')).toBeNull();
    expect(await screen.findByText('Done')).toBeTruthy();
    expect(screen.getAllByText(/^2 invoices issued and mailed/)).toHaveLength(2);
  });
});
