import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageOf } from '#contract/errors';
import { Invoice, Payment, PurchaseOrder, PurchaseOrderSummary } from '#contract/finance';
import { ok, stubApi } from '../../../test/api.js';
import { routeOlympiad } from '../../../test/olympiad.js';
import { renderWithApp } from '../../../test/render.js';
import { InvoicesPage } from './InvoicesPage.js';

/**
 * The teacher's Invoices page: the order's state and its sums tell one story. An order the organisers marked paid
 * by hand (no payment recorded, as the demo's first school) shows "Paid" with nothing still to pay, and says who
 * settled the rest; an order that is not paid shows what is still owed.
 */

// Thousands apart by a non-breaking space, a decimal comma, "R" then a non-breaking space (en-ZA).
const rand = (text: string) => `R\u00a0${text.replace(/ /g, '\u00a0')}`;

function order(extra: Partial<PurchaseOrder> = {}): PurchaseOrder {
  return PurchaseOrder.parse({
    id: 7,
    schoolParticipantId: 4,
    olympiadId: 3,
    schoolId: 12,
    schoolName: 'Hoërskool Waterkloof',
    town: 'Pretoria',
    province: 'Gauteng',
    paid: true,
    preApproved: false,
    state: 'paid',
    schoolsPO: 'WK-PO-2026-014',
    freeLearners: 0,
    comments: null,
    learners: 1,
    amountCents: 3_500,
    currency: 'ZAR',
    feeCents: 3_500,
    quote: { subtotalCents: 3_500, vatRateBp: 1500, vatCents: 525, totalCents: 4_025 },
    currentInvoice: null,
    invoiceOutOfDate: false,
    invoicedCents: 0,
    paidCents: 0,
    balanceCents: 0,
    writingBlocked: false,
    paymentReference: 'GEO00007',
    statusChangedAt: '2026-03-03T08:00:00.000Z',
    statusChangedBy: 'Finance Person',
    deletedAt: null,
    updatedAt: '2026-03-03T08:00:00.000Z',
    can: {
      setStatus: false,
      delete: false,
      setSchoolPO: true,
      setFreeLearners: false,
      comment: false,
      issueInvoice: true,
      recordPayment: false,
    },
    ...extra,
  });
}

const page = <T,>(items: T[]) => ({ success: true as const, items, total: items.length, page: 1, pageSize: 50 });
const OrderPage = pageOf(PurchaseOrder).extend({ summary: PurchaseOrderSummary });

function show(o: PurchaseOrder) {
  stubApi({
    ...routeOlympiad,
    'GET /purchase-order/api/': ok(OrderPage, {
      ...page([o]),
      summary: { paid: o.paid ? 1 : 0, pre: 0, unpaid: o.paid ? 0 : 1, deleted: 0 },
    }),
    'GET /invoice/api/': ok(pageOf(Invoice), page([])),
    'GET /payment/api/': ok(pageOf(Payment), page([])),
  });
  return renderWithApp(<InvoicesPage />, {
    path: '/portal/geo-2026/invoices',
    route: '/portal/:olympiadName/invoices',
  });
}

/** A row of the order card: its label and its amount, as read together. */
const row = (card: HTMLElement, label: string) => within(card).getByText(label).parentElement!.textContent;

describe('InvoicesPage', () => {
  it('an order marked paid with no payment recorded: "Paid", and nothing still to pay', async () => {
    show(order());
    const card = (await screen.findByRole('heading', { name: 'Your order' })).closest<HTMLElement>(
      '.mantine-Card-root',
    )!;
    expect(within(card).getByText('Paid')).toBeTruthy();
    expect(row(card, 'Total')).toBe(`Total${rand('40,25')}`);
    expect(row(card, 'Paid so far')).toBe(`Paid so far${rand('0,00')}`);
    // What made it paid is among the sums, so they add up to what the badge says.
    expect(row(card, 'Marked paid by the organisers')).toBe(`Marked paid by the organisers${rand('40,25')}`);
    expect(row(card, 'Still to pay')).toBe(`Still to pay${rand('0,00')}`);
    expect(within(card).getByText(/The organisers marked your order paid on 3 March 2026/)).toBeTruthy();
  });

  it('an invoiced order not yet paid: "Not paid", and the invoice’s amount still to pay', async () => {
    show(
      order({
        paid: false,
        state: 'unpaid',
        statusChangedAt: null,
        statusChangedBy: null,
        currentInvoice: {
          id: 90,
          documentNumber: 'GEO-2026-00001',
          issuedAt: '2026-03-01T08:00:00.000Z',
          totalCents: 4_025,
          learners: 1,
          freeLearners: 0,
          schoolsPO: 'WK-PO-2026-014',
        },
        invoicedCents: 4_025,
        balanceCents: 4_025,
      }),
    );
    const card = (await screen.findByRole('heading', { name: 'Your order' })).closest<HTMLElement>(
      '.mantine-Card-root',
    )!;
    expect(within(card).getByText('Not paid')).toBeTruthy();
    expect(row(card, 'Still to pay')).toBe(`Still to pay${rand('40,25')}`);
    expect(within(card).queryByText('Marked paid by the organisers')).toBeNull();
  });
});
