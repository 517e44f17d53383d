import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pageOf } from '#contract/errors';
import { PurchaseOrder, PurchaseOrderSummary } from '#contract/finance';
import { ok, stubApi } from '../../../test/api.js';
import { routeOlympiad } from '../../../test/olympiad.js';
import { renderWithApp } from '../../../test/render.js';
import { financeRoutes } from '../routes.js';
import { PaymentPortalPage } from './PaymentPortalPage.js';

/**
 * The Payment Portal on a phone (360 px wide): every order is a card, and the card keeps what the school owes and
 * has paid beside its name and state, so finance staff need not open each order to see who owes what.
 */

// Thousands apart by a non-breaking space, a decimal comma, "R" then a non-breaking space (en-ZA).
const rand = (text: string) => `R\u00a0${text.replace(/ /g, '\u00a0')}`;

const viewport = (width: number) =>
  (window as unknown as { happyDOM: { setViewport(v: { width: number; height: number }): void } }).happyDOM.setViewport(
    { width, height: 740 },
  );

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
  currentInvoice: {
    id: 88,
    documentNumber: 'GEO-2026-00088',
    issuedAt: '2026-03-01T09:00:00.000Z',
    totalCents: 161_000,
    learners: 40,
    freeLearners: 0,
    schoolsPO: 'PO-778',
  },
  invoiceOutOfDate: false,
  invoicedCents: 161_000,
  paidCents: 50_000,
  balanceCents: 111_000,
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
    issueInvoice: false,
    recordPayment: false,
  },
});

const OrderPage = pageOf(PurchaseOrder).extend({ summary: PurchaseOrderSummary });

describe('PaymentPortalPage on a phone', () => {
  beforeEach(() => viewport(360));
  afterEach(() => viewport(1024));

  it('each order’s card shows what the school owes and has paid', async () => {
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
    });
    const portal = financeRoutes.find((r) => r.id === 'finance.payments')!;
    renderWithApp(<PaymentPortalPage />, {
      path: '/geo-2026/finance/payments',
      route: portal.path,
      handle: portal,
    });
    const list = await screen.findByRole('list', { name: 'Purchase orders' });
    const card = await within(list).findByRole('listitem');
    expect(within(card).getByText('Soweto High')).toBeTruthy();
    const owed = within(card).getByText('Owed / paid').nextElementSibling!;
    expect(owed.textContent).toBe(`${rand('1 610,00')}GEO-2026-00088 · paid ${rand('500,00')}`);
    expect(within(card).getByText('Not paid')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Open the order of Soweto High' })).toBeTruthy();
  });
});
