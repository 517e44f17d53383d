import { eq, sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import type { z } from 'zod';
import { unitWords } from '#contract/units';
import { IdRow, type Queryable, rows } from '../../../db/client.js';
import {
  type InvoiceBillTo,
  type InvoiceKind,
  type InvoiceLine,
  invoices,
  type InvoiceSeller,
} from '../../../db/schema/index.js';
import { conflict } from '../../../http/errors.js';
import { paymentReferenceOf, type Quote, quoteOf } from '../money.js';
import { recomputePaid } from '../paid.js';
import { type Contact, contactsOf } from './contacts.js';
import type { InvoiceRow } from './queries.js';
import { type IssueSource, type IssuingAccount, lockSource } from './source.js';

/** A new document as the insert answers it. */
const InsertedInvoice = createSelectSchema(invoices).pick({
  id: true,
  documentNumber: true,
  issuedAt: true,
  dueOn: true,
});

/**
 * The next number of an account's documents of a kind in a year, as a statement's first step (`with counter as
 * (…) insert … values (…, (select last from counter), …)`): gapless, because it is taken in the transaction, and taken in the same
 * statement that uses it.
 */
const nextNumberSql = (accountId: number, year: number, kind: InvoiceKind) =>
  sql`insert into invoice_counters (account_id, year, kind, last) values (${accountId}, ${year}, ${kind}, 1)
    on conflict (account_id, year, kind) do update set last = invoice_counters.last + 1 returning last`;

export const documentNumberOf = (prefix: string, kind: InvoiceKind, year: number, n: number) =>
  `${prefix.toUpperCase()}-${kind === 'credit_note' ? 'CN-' : ''}${year}-${String(n).padStart(5, '0')}`;

/** `documentNumberOf` in SQL, of the counter's `last` (padded to five digits, never cut). */
const documentNumberSql = (prefix: string, kind: InvoiceKind, year: number) =>
  sql`(select ${`${prefix.toUpperCase()}-${kind === 'credit_note' ? 'CN-' : ''}${year}-`}::text ||
    case when length(last::text) >= 5 then last::text else lpad(last::text, 5, '0') end from counter)`;

const sellerOf = (a: IssuingAccount): InvoiceSeller => ({
  legalName: a.legalName,
  registrationNumber: a.registrationNumber,
  vatNumber: a.vatNumber,
  address: a.address,
  email: a.email,
  phone: a.phone,
  bankName: a.bankName,
  bankAccountName: a.bankAccountName,
  bankAccountNumber: a.bankAccountNumber,
  bankBranchCode: a.bankBranchCode,
  bankSwift: a.bankSwift,
  footer: a.footer,
});

export interface Issued {
  invoiceId: number;
  creditNoteId: number | null;
  documentNumber: string;
}

/** What every document of an issue shares: its account, order, addressee, seller and payment reference. */
interface DocumentBase {
  accountId: number;
  olympiadId: number;
  purchaseOrderId: number;
  currency: string;
  billTo: InvoiceBillTo;
  seller: InvoiceSeller;
  paymentReference: string;
}

/** The order's account; refuses (409) a removed order and an olympiad without an account. */
function issuingAccount(o: IssueSource): IssuingAccount {
  if (o.deletedAt) throw conflict('This purchase order is removed: restore it before invoicing');
  if (o.accountId == null || o.account == null)
    throw conflict(
      'This olympiad has no invoicing account yet: the platform owner sets one up under Accounts before invoices can be issued',
    );
  return o.account;
}

/** Refuses (409) to issue again an invoice that still matches its order. */
function refuseUpToDate(o: IssueSource): void {
  const upToDate =
    o.currentId != null &&
    o.currentLearners === o.learners &&
    o.currentFreeLearners === o.freeLearners &&
    o.currentFeeCents === o.feeCents &&
    (o.currentSchoolsPO ?? '') === (o.schoolsPO ?? '');
  if (upToDate)
    throw conflict(`Invoice ${o.currentDocumentNumber} is up to date: nothing has changed since it was issued`);
}

/** Refuses (409) a first invoice with nothing to pay for (no learners yet, or every one free). */
function refuseNothingToInvoice(o: IssueSource, quote: Quote): void {
  if (quote.billable > 0 || o.currentId != null) return;
  const words = unitWords(o.olympiadKind);
  throw conflict(
    o.learners === 0
      ? `The ${words.unit} has no ${words.members} yet: add them, then issue the invoice`
      : `Every ${words.member} is free: there is nothing to invoice`,
  );
}

/** Who the documents are addressed to (the school, and its first contact), who issues them, and the reference. */
function documentBase(o: IssueSource, account: IssuingAccount, contact: Contact | undefined): DocumentBase {
  const billTo: InvoiceBillTo = {
    schoolName: o.schoolName,
    ...(o.countryName == null ? {} : { countryName: o.countryName }),
    emisNumber: o.emisNumber,
    address: o.address,
    town: o.town,
    province: o.province,
    contactName: null,
    contactEmail: null,
  };
  return {
    accountId: account.id,
    olympiadId: o.olympiadId,
    purchaseOrderId: o.id,
    currency: o.currency,
    billTo: contact ? { ...billTo, contactName: contact.name || null, contactEmail: contact.email } : billTo,
    seller: sellerOf(account),
    paymentReference: paymentReferenceOf(account.referenceRule, {
      prefix: account.invoicePrefix,
      year: o.year,
      orderId: o.id,
      emis: o.emisNumber,
    }),
  };
}

/**
 * Credits the order's current invoice in full: a credit note of its lines, negated, numbered in the account's
 * credit-note series, and the invoice marked credited. Answers the credit note's id.
 */
async function creditInvoice(
  q: Queryable,
  currentId: number,
  base: DocumentBase,
  prefix: string,
  year: number,
  by: number | null,
): Promise<number> {
  const [current] = await q
    .select({
      id: invoices.id,
      learners: invoices.learners,
      freeLearners: invoices.freeLearners,
      feeCents: invoices.feeCents,
      lines: invoices.lines,
      subtotalCents: invoices.subtotalCents,
      vatRateBp: invoices.vatRateBp,
      vatCents: invoices.vatCents,
      totalCents: invoices.totalCents,
      schoolsPO: invoices.schoolsPO,
      documentNumber: invoices.documentNumber,
    })
    .from(invoices)
    .where(eq(invoices.id, currentId));
  const [cn] = await rows(
    q,
    IdRow,
    sql`with counter as (${nextNumberSql(base.accountId, year, 'credit_note')})
      insert into invoices (kind, account_id, olympiad_id, purchase_order_id, year, number, document_number,
        credits_invoice_id, currency, learners, free_learners, fee_cents, lines, subtotal_cents, vat_rate_bp, vat_cents,
        total_cents, schools_po, bill_to, seller, payment_reference, created_by)
      values ('credit_note', ${base.accountId}, ${base.olympiadId}, ${base.purchaseOrderId}, ${year},
        (select last from counter),
        ${documentNumberSql(prefix, 'credit_note', year)}, ${current!.id}, ${base.currency},
        ${current!.learners}, ${current!.freeLearners}, ${current!.feeCents},
        ${JSON.stringify(
          current!.lines.map((l) => ({
            ...l,
            description: `${l.description} (credited, invoice ${current!.documentNumber})`,
            amountCents: -l.amountCents,
          })),
        )}::jsonb,
        ${-current!.subtotalCents}, ${current!.vatRateBp}, ${-current!.vatCents}, ${-current!.totalCents},
        ${current!.schoolsPO}, ${JSON.stringify(base.billTo)}::jsonb, ${JSON.stringify(base.seller)}::jsonb,
        ${base.paymentReference}, ${by})
      returning id`,
  );
  await q.execute(sql`update invoices set credited_at = now() where id = ${current!.id}`);
  return cn!.id;
}

/** The invoice's lines: every learner at the fee, less the free ones. */
function invoiceLines(o: IssueSource): InvoiceLine[] {
  const words = unitWords(o.olympiadKind);
  const lines: InvoiceLine[] = [
    {
      description: `${o.olympiadTitle}: entry fee per ${words.member}`,
      quantity: o.learners,
      unitCents: o.feeCents,
      amountCents: o.learners * o.feeCents,
    },
  ];
  const free = Math.min(o.freeLearners, o.learners);
  if (free > 0)
    lines.push({
      description: `Free ${words.members} granted`,
      quantity: free,
      unitCents: -o.feeCents,
      amountCents: -free * o.feeCents,
    });
  return lines;
}

/**
 * Writes the new invoice, numbered in the account's invoice series and due after its payment terms. When the order
 * had a current invoice, this issue has just credited it, and the new invoice names it as the one it replaces.
 */
async function insertInvoice(
  q: Queryable,
  o: IssueSource,
  account: IssuingAccount,
  doc: { base: DocumentBase; lines: InvoiceLine[]; quote: Quote; year: number },
  by: number | null,
) {
  const { base, lines, quote, year } = doc;
  const due = new Date(Date.now() + account.paymentTermsDays * 86_400_000).toISOString().slice(0, 10);
  const [inv] = await rows(
    q,
    InsertedInvoice,
    sql`with counter as (${nextNumberSql(account.id, year, 'invoice')})
      insert into invoices (kind, account_id, olympiad_id, purchase_order_id, year, number, document_number,
        replaces_invoice_id, due_on, currency, learners, free_learners, fee_cents, lines, subtotal_cents, vat_rate_bp,
        vat_cents, total_cents, schools_po, bill_to, seller, payment_reference, created_by)
      values ('invoice', ${base.accountId}, ${base.olympiadId}, ${base.purchaseOrderId}, ${year}, (select last from counter),
        ${documentNumberSql(account.invoicePrefix, 'invoice', year)}, ${o.currentId},
        ${due}, ${base.currency}, ${o.learners}, ${o.freeLearners}, ${o.feeCents}, ${JSON.stringify(lines)}::jsonb,
        ${quote.subtotalCents}, ${quote.vatRateBp}, ${quote.vatCents}, ${quote.totalCents}, ${o.schoolsPO},
        ${JSON.stringify(base.billTo)}::jsonb, ${JSON.stringify(base.seller)}::jsonb, ${base.paymentReference}, ${by})
      returning id, document_number, issued_at, due_on::text as due_on`,
  );
  return inv!;
}

/** The stored invoice as findInvoice reads it, from what was just written: mailing it needs no read back. */
const storedInvoice = (
  o: IssueSource,
  inv: z.infer<typeof InsertedInvoice>,
  doc: { base: DocumentBase; lines: InvoiceLine[]; quote: Quote },
): InvoiceRow => ({
  id: inv.id,
  kind: 'invoice',
  documentNumber: inv.documentNumber,
  purchaseOrderId: o.id,
  schoolParticipantId: o.schoolParticipantId,
  olympiadId: o.olympiadId,
  schoolId: o.schoolId,
  olympiadTitle: o.olympiadTitle,
  schoolName: o.schoolName,
  issuedAt: inv.issuedAt,
  dueOn: inv.dueOn,
  currency: o.currency,
  learners: o.learners,
  freeLearners: o.freeLearners,
  feeCents: o.feeCents,
  lines: doc.lines,
  subtotalCents: doc.quote.subtotalCents,
  vatRateBp: doc.quote.vatRateBp,
  vatCents: doc.quote.vatCents,
  totalCents: doc.quote.totalCents,
  schoolsPO: o.schoolsPO,
  paymentReference: doc.base.paymentReference,
  billTo: doc.base.billTo,
  seller: doc.base.seller,
  creditsDocumentNumber: null,
  replacedByDocumentNumber: null,
  creditedAt: null,
  mailedAt: null,
});

/**
 * Issues an order's invoice, or, when its current invoice no longer matches the order, a credit note for that
 * invoice and a new one (decision 031). Call inside a transaction: the order row is locked, numbers are taken
 * from the counters, and everything lands together or not at all. `knownContacts`: the order's contacts when the
 * caller read them already (contactsOfOrders). A new invoice comes back as stored (`invoice`). Refuses (409) a removed order, an olympiad
 * without an account, an order with no learners to pay for, and an invoice that is up to date.
 */
export async function issueInvoice(
  q: Queryable,
  orderId: number,
  by: number | null,
  knownContacts?: Contact[],
): Promise<Issued & { contacts: Contact[]; invoice?: InvoiceRow }> {
  const o = await lockSource(q, orderId);
  if (!o) throw conflict('This purchase order no longer exists');
  const account = issuingAccount(o);
  refuseUpToDate(o);
  const quote = quoteOf({
    learners: o.learners,
    freeLearners: o.freeLearners,
    feeCents: o.feeCents,
    vatRateBp: account.vatRateBp,
    vatNumber: account.vatNumber,
  });
  refuseNothingToInvoice(o, quote);
  const year = new Date().getUTCFullYear();
  const contacts = knownContacts ?? (await contactsOf(q, o.id));
  const base = documentBase(o, account, contacts[0]);

  const creditNoteId =
    o.currentId == null ? null : await creditInvoice(q, o.currentId, base, account.invoicePrefix, year, by);

  if (quote.billable === 0) {
    // Everything credited and nothing left to pay for: the credit note stands alone.
    await recomputePaid(q, o.id);
    return { invoiceId: creditNoteId!, creditNoteId, documentNumber: '', contacts };
  }

  const lines = invoiceLines(o);
  const inv = await insertInvoice(q, o, account, { base, lines, quote, year }, by);
  await recomputePaid(q, o.id);
  const invoice = storedInvoice(o, inv, { base, lines, quote });
  return { invoiceId: inv.id, creditNoteId, documentNumber: inv.documentNumber, contacts, invoice };
}
