/**
 * The arithmetic of an order (decision 031), in integer cents: one place, used by the presented order's quote,
 * the invoice that is issued, and the PDF that prints it.
 */

export interface QuoteInput {
  learners: number;
  freeLearners: number;
  feeCents: number;
  /** The account's VAT rate in basis points; ignored (0 %) when the account has no VAT number. */
  vatRateBp: number;
  vatNumber: string | null;
}

export interface Quote {
  /** Learners the school pays for. */
  billable: number;
  subtotalCents: number;
  vatRateBp: number;
  vatCents: number;
  totalCents: number;
}

/** VAT rounded half away from zero to the cent, as South African invoices print it. */
export function vatOf(subtotalCents: number, rateBp: number): number {
  const exact = (Math.abs(subtotalCents) * rateBp) / 10_000;
  return Math.sign(subtotalCents) * Math.round(exact);
}

export function quoteOf(o: QuoteInput): Quote {
  const billable = Math.max(o.learners - o.freeLearners, 0);
  const subtotalCents = billable * o.feeCents;
  const vatRateBp = o.vatNumber ? o.vatRateBp : 0;
  const vatCents = vatOf(subtotalCents, vatRateBp);
  return { billable, subtotalCents, vatRateBp, vatCents, totalCents: subtotalCents + vatCents };
}

/**
 * The payment reference of an order from the account's rule: {prefix}, {year}, {order} (the order's id, padded
 * to five digits), {emis}. Upper case, letters and digits only, so that a bank keeps it intact.
 */
export function paymentReferenceOf(
  rule: string,
  v: { prefix: string; year: number; orderId: number; emis: string | null },
): string {
  return rule
    .replaceAll('{prefix}', v.prefix)
    .replaceAll('{year}', String(v.year))
    .replaceAll('{order}', String(v.orderId).padStart(5, '0'))
    .replaceAll('{emis}', v.emis ?? '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
}

/** Does a bank line's reference or description carry this payment reference? Spaces and dashes are ignored. */
export function carriesReference(text: string, reference: string): boolean {
  return text
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .includes(reference);
}
