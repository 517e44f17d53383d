import { screen, within, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { pageOf } from '#contract/errors';
import { Invoice, Payment, PaymentSaved, PurchaseOrder } from '#contract/finance';
import { ok, refused, stubApi, type Reply, type Routes } from '../../../test/api.js';
import { fakeClock } from '../../../test/clock.js';
import { renderWithApp } from '../../../test/render.js';
import { OrderDrawer } from './OrderDrawer.js';

/**
 * One purchase order for finance staff: what the school owes in rand, its documents and payments, and recording
 * a payment by hand (the amount as people type it, the day it arrived, defaulting to today in South Africa).
 * Only the network is stubbed; the answers are the contract's shapes.
 */

// Thousands apart by a non-breaking space, a decimal comma, "R" then a non-breaking space (en-ZA).
const rand = (text: string) => `R\u00a0${text.replace(/ /g, '\u00a0')}`;

function order(extra: Partial<PurchaseOrder> = {}): PurchaseOrder {
  return PurchaseOrder.parse({
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
    freeLearners: 2,
    comments: [],
    learners: 50,
    amountCents: 150_000,
    currency: 'ZAR',
    feeCents: 3_125,
    quote: { subtotalCents: 130_435, vatRateBp: 1500, vatCents: 19_565, totalCents: 150_000 },
    currentInvoice: null,
    invoiceOutOfDate: false,
    invoicedCents: 150_000,
    paidCents: 26_550,
    balanceCents: 123_450,
    writingBlocked: false,
    paymentReference: 'GEO26-0041',
    statusChangedAt: null,
    statusChangedBy: null,
    deletedAt: null,
    updatedAt: '2026-03-01T08:00:00.000Z',
    can: {
      setStatus: true,
      delete: false,
      setSchoolPO: true,
      setFreeLearners: false,
      comment: false,
      issueInvoice: false,
      recordPayment: true,
    },
    ...extra,
  });
}

function payment(extra: Partial<Payment> = {}): Payment {
  return {
    id: 301,
    purchaseOrderId: 41,
    olympiadId: 3,
    schoolName: 'Soweto High',
    amountCents: 26_550,
    receivedOn: '2026-03-02',
    method: 'eft',
    reference: 'GEO26-0041',
    note: '',
    statementLine: null,
    createdBy: 'Finance Person',
    createdAt: '2026-03-02T10:00:00.000Z',
    reversedAt: null,
    reverseReason: null,
    can: { reverse: true },
    ...extra,
  };
}

const invoice = Invoice.parse({
  id: 88,
  kind: 'invoice',
  documentNumber: 'INV-2026-0088',
  purchaseOrderId: 41,
  schoolParticipantId: 9,
  olympiadId: 3,
  schoolName: 'Soweto High',
  issuedAt: '2026-03-01T09:00:00.000Z',
  dueOn: '2026-03-31',
  currency: 'ZAR',
  learners: 50,
  freeLearners: 2,
  feeCents: 3_125,
  lines: [{ description: 'Learners', quantity: 48, unitCents: 3_125, amountCents: 150_000 }],
  subtotalCents: 130_435,
  vatRateBp: 1500,
  vatCents: 19_565,
  totalCents: 150_000,
  schoolsPO: 'PO-778',
  paymentReference: 'GEO26-0041',
  payTo: {
    legalName: 'Olympus NPC',
    bankName: 'Bank',
    bankAccountName: 'Olympus',
    bankAccountNumber: '123',
    bankBranchCode: '250655',
    bankSwift: null,
  },
  creditsDocumentNumber: null,
  creditedAt: null,
  mailedAt: null,
  pdfUrl: '/invoice/api/88/pdf',
});

const page = <T,>(items: T[]) => ({ success: true as const, items, total: items.length, page: 1, pageSize: 50 });

function routes(extra: Routes = {}, payments = [payment()]): Routes {
  return {
    'GET /invoice/api/': ok(pageOf(Invoice), page([invoice])),
    'GET /payment/api/': ok(pageOf(Payment), page(payments)),
    ...extra,
  };
}

const saved = (amountCents: number): Reply =>
  ok(PaymentSaved, {
    success: true,
    message: 'The payment of R 1 234.50 is recorded',
    payment: payment({ id: 302, amountCents }),
    order: order(),
  });

function show(o: PurchaseOrder = order()) {
  return renderWithApp(<OrderDrawer order={o} onClose={vi.fn()} onStatus={vi.fn()} busy={false} />);
}

const paymentForm = () => screen.getByRole('heading', { name: 'Record a payment' }).closest('form')!;
const amount = () => within(paymentForm()).getByRole('textbox', { name: /Amount \(R\)/ });
const recordButton = () => within(paymentForm()).getByRole('button', { name: 'Record payment' }) as HTMLButtonElement;

describe('OrderDrawer', () => {
  it('what the school owes, in rand as South Africans write it', async () => {
    stubApi(routes());
    show();
    const drawer = screen.getByRole('dialog', { name: 'Soweto High' });
    expect(within(drawer).getByText(/learners \(/).textContent).toBe(
      `50 learners (2 free) · quote ${rand('1 500,00')} · invoiced ${rand('1 500,00')} · paid ${rand('265,50')} · outstanding ${rand('1 234,50')}`,
    );
    expect(within(drawer).getByText(/· PO /).textContent).toBe('Reference GEO26-0041 · PO PO-778');
    // Its documents and payments, from the server.
    expect(await within(drawer).findByText(/INV-2026-0088/)).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'PDF of INV-2026-0088' })).toBeTruthy();
    // The day it was received, and no time of day: a payment's day has none.
    const paid = await within(drawer).findByText(/^2 Mar 2026 · EFT · GEO26-0041$/);
    expect(paid.parentElement!.textContent).toContain(`GEO26-0041${rand('265,50')}Reverse`);
  });

  it('an overpaid order says "overpaid", never a negative amount owed', () => {
    stubApi(routes());
    show(order({ paidCents: 155_000, balanceCents: -5_000 }));
    expect(screen.getByText(/overpaid/).textContent).toBe(`overpaid ${rand('50,00')}`);
    expect(screen.queryByText(/outstanding/)).toBeNull();
  });

  it('the day received defaults to today in South Africa: at 01:30 there it is already tomorrow in UTC terms', () => {
    stubApi(routes());
    // 23:30 UTC on 27 November is 01:30 on 28 November in Johannesburg (the tests run with TZ=UTC).
    fakeClock(Date.parse('2026-11-27T23:30:00.000Z'), { timers: false });
    show();
    const received = within(paymentForm()).getByLabelText(/Received on/) as HTMLInputElement;
    expect(received.type).toBe('date');
    expect(received.value).toBe('2026-11-28');
  });

  it('records an amount as typed ("R 1 234,50") in cents, with the day, method and reference', async () => {
    const sent = stubApi(routes({ 'POST /payment/api/': saved(123_450) }));
    const { user } = show();
    expect(recordButton().disabled).toBe(true);
    // The placeholder offers what is outstanding.
    expect(amount().getAttribute('placeholder')).toBe('1234.50');
    await user.type(amount(), 'R 1 234,50');
    expect(recordButton().disabled).toBe(false);
    const received = within(paymentForm()).getByLabelText(/Received on/);
    await user.clear(received);
    await user.type(received, '2026-03-09');
    await user.type(within(paymentForm()).getByRole('textbox', { name: 'Reference' }), 'GEO26-0041 ');
    await user.click(recordButton());

    await waitFor(() => expect(sent.some((r) => r.method === 'POST')).toBe(true));
    expect(sent.find((r) => r.method === 'POST')!.body).toEqual({
      amountCents: 123_450,
      receivedOn: '2026-03-09',
      method: 'eft',
      reference: 'GEO26-0041 ',
      purchaseOrderId: 41,
    });
    // Recorded: the server's words, and the form is ready for the next one.
    expect(await screen.findByText('The payment of R 1 234.50 is recorded')).toBeTruthy();
    await waitFor(() => expect((amount() as HTMLInputElement).value).toBe(''));
  });

  it('an amount that is not one cannot be sent, and the field says what to type', async () => {
    const sent = stubApi(routes());
    const { user } = show();
    await user.type(amount(), '12,345');
    expect(recordButton().disabled).toBe(true);
    expect(amount().getAttribute('aria-invalid')).toBe('true');
    expect(within(paymentForm()).getByText('Enter an amount like 1234.50')).toBeTruthy();
    await user.clear(amount());
    await user.type(amount(), '0');
    expect(within(paymentForm()).getByText('A payment is not zero')).toBeTruthy();
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it("the server's refusal of the amount (400 details on amountCents) is shown on the Amount field", async () => {
    stubApi(
      routes({
        'POST /payment/api/': refused(400, 'validation_failed', 'Some fields need attention.', [
          { path: 'body.amountCents', message: 'That is more than this order owes' },
        ]),
      }),
    );
    const { user } = show();
    await user.type(amount(), '99999');
    await user.click(recordButton());
    expect(await within(paymentForm()).findByText('That is more than this order owes')).toBeTruthy();
    expect(amount().getAttribute('aria-invalid')).toBe('true');
    // On its field, so not said again under the form.
    expect(within(paymentForm()).queryByText('Some fields need attention.')).toBeNull();
  });

  it('a refusal about no field of the form is said under the form', async () => {
    stubApi(routes({ 'POST /payment/api/': refused(403, 'forbidden', 'Only finance staff record payments.') }));
    const { user } = show();
    await user.type(amount(), '100');
    await user.click(recordButton());
    expect(await within(paymentForm()).findByText('Only finance staff record payments.')).toBeTruthy();
  });

  it('the same payment twice within minutes: asks "Recorded already?", and records it only when told to', async () => {
    let calls = 0;
    const sent = stubApi(
      routes({
        'POST /payment/api/': () =>
          ++calls === 1
            ? refused(409, 'duplicate_payment', 'The same payment was recorded 3 minutes ago.')
            : saved(50_000),
      }),
    );
    const { user } = show();
    await user.type(amount(), '500');
    await user.click(recordButton());
    const alert = await within(paymentForm()).findByRole('alert');
    expect(within(alert).getByText('Recorded already?')).toBeTruthy();
    expect(within(alert).getByText('The same payment was recorded 3 minutes ago.')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Record it anyway' }));
    await waitFor(() => expect(sent.filter((r) => r.method === 'POST')).toHaveLength(2));
    const [first, second] = sent.filter((r) => r.method === 'POST');
    expect(first!.body).not.toHaveProperty('confirmDuplicate');
    expect(second!.body).toEqual({ ...(first!.body as object), confirmDuplicate: true });
  });

  it('reversing a payment asks why; no reason (or too short a one) reverses nothing', async () => {
    const sent = stubApi(
      routes({
        'DELETE /payment/api/301': ok(PaymentSaved, {
          success: true,
          message: 'Reversed',
          payment: payment({ reversedAt: '2026-03-10T08:00:00.000Z', reverseReason: 'Bounced EFT' }),
          order: order(),
        }),
      }),
    );
    const prompt = vi.fn<(message?: string) => string | null>();
    vi.stubGlobal('prompt', prompt);
    const { user } = show();
    const reverse = await screen.findByRole('button', { name: 'Reverse' });

    prompt.mockReturnValueOnce(null);
    await user.click(reverse);
    prompt.mockReturnValueOnce(' x ');
    await user.click(reverse);
    expect(prompt).toHaveBeenCalledWith('Why is this payment reversed?');
    expect(sent.filter((r) => r.method === 'DELETE')).toEqual([]);

    prompt.mockReturnValueOnce('  Bounced EFT ');
    await user.click(reverse);
    await waitFor(() => expect(sent.filter((r) => r.method === 'DELETE')).toHaveLength(1));
    const deleted = sent.find((r) => r.method === 'DELETE')!;
    expect(deleted.query.get('reason')).toBe('Bounced EFT');
  });
});
