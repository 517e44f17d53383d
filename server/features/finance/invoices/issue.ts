import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.js';
import { untypedRows } from '../../../db/client.js';
import type { InvoiceBillTo, InvoiceKind, InvoiceLine, InvoiceSeller } from '../../../db/schema/index.js';
import { unitWords, type OlympiadKind } from '#contract/units';
import { conflict } from '../../../http/errors.js';
import type { Mailer } from '../../../platform/mailer.js';
import type { FileStorage } from '../../../platform/storage.js';
import { escapeHtml } from '../../../platform/html.js';
import { paymentReferenceOf, quoteOf } from '../money.js';
import { recomputePaid } from '../paid.js';
import { invoicePdfOffThread } from './pdf-pool.js';
import type { InvoiceDocument } from './pdf.js';
import { printedMoney } from '#contract/numbers';

/** Everything issuing needs about an order, read under a row lock on the order. */
interface IssueSource {
  id: number;
  school_participant_id: number;
  school_id: number;
  olympiad_id: number;
  olympiad_title: string;
  olympiad_kind: OlympiadKind;
  year: number;
  currency: string;
  fee_cents: number;
  deleted_at: Date | string | null;
  schools_po: string | null;
  free_learners: number;
  learners: number;
  school_name: string;
  /** The country of a country's team (decision 039). */
  country_name: string | null;
  emis_number: string | null;
  address: string | null;
  town: string | null;
  province: string | null;
  account_id: number | null;
  current_id: number | null;
  current_document_number: string | null;
  current_learners: number | null;
  current_free_learners: number | null;
  current_fee_cents: number | null;
  current_schools_po: string | null;
}

interface AccountRow {
  id: number;
  legal_name: string;
  registration_number: string | null;
  vat_number: string | null;
  vat_rate_bp: number;
  address: string;
  email: string | null;
  phone: string | null;
  bank_name: string;
  bank_account_name: string;
  bank_account_number: string;
  bank_branch_code: string;
  bank_swift: string | null;
  invoice_prefix: string;
  reference_rule: string;
  payment_terms_days: number;
  footer: string;
}

export interface Contact {
  id: number;
  name: string;
  email: string;
}

/** The teachers of an order's school who have an address: the invoice goes to them. */
export async function contactsOf(q: Queryable, orderId: number): Promise<Contact[]> {
  return untypedRows<Contact>(
    q,
    sql`select u.id, btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as name, u.email
      from purchase_orders po join school_participants sp on sp.id = po.school_participant_id
      join users u on u.school_id = sp.school_id and u.role = 'teacher' and u.disabled_at is null
      where po.id = ${orderId} and u.email is not null and u.email <> ''
      order by (u.id = sp.entered_by) desc, u.id limit 5`,
  );
}

/**
 * The invoice contacts of many orders in one statement (the issue-all job reads them once for every school):
 * per order the same teachers, in the same order, as `contactsOf`.
 */
export async function contactsOfOrders(q: Queryable, orderIds: number[]): Promise<Map<number, Contact[]>> {
  const found = new Map<number, Contact[]>(orderIds.map((id) => [id, []]));
  if (!orderIds.length) return found;
  const list = await untypedRows<Contact & { order_id: number }>(
    q,
    sql`select order_id, id, name, email from (
        select po.id as order_id, u.id, btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as name,
          u.email, row_number() over (partition by po.id order by (u.id = sp.entered_by) desc, u.id) as rank
        from purchase_orders po join school_participants sp on sp.id = po.school_participant_id
        join users u on u.school_id = sp.school_id and u.role = 'teacher' and u.disabled_at is null
        where po.id in (${sql.join(
          orderIds.map((id) => sql`${id}`),
          sql`, `,
        )}) and u.email is not null and u.email <> '') c
      where rank <= 5 order by order_id, rank`,
  );
  for (const c of list) found.get(Number(c.order_id))?.push({ id: c.id, name: c.name, email: c.email });
  return found;
}

/** The order, its school and olympiad, its current invoice and its account, with the order's row locked. */
async function lockSource(
  q: Queryable,
  orderId: number,
): Promise<(IssueSource & { account: AccountRow | null }) | null> {
  const [row] = await untypedRows<IssueSource & { account: AccountRow | null }>(
    q,
    sql`select po.id, sp.id as school_participant_id, sp.school_id, sp.olympiad_id, o.title as olympiad_title, o.kind as olympiad_kind, o.year, o.currency, o.fee_cents, po.deleted_at,
        po.schools_po, po.free_learners,
        (select count(*)::int from users u where u.school_id = sp.school_id and u.olympiad_id = sp.olympiad_id
          and u.role = 'learner') as learners,
        s.name as school_name, (select c.name from countries c where c.id = s.country_id) as country_name, s.emis_number, s.address, s.town, s.province, o.account_id,
        ci.id as current_id, ci.document_number as current_document_number, ci.learners as current_learners,
        ci.free_learners as current_free_learners, ci.fee_cents as current_fee_cents, ci.schools_po as current_schools_po,
        (select row_to_json(a) from accounts a where a.id = o.account_id) as account
      from purchase_orders po
      join school_participants sp on sp.id = po.school_participant_id
      join schools s on s.id = sp.school_id
      join olympiads o on o.id = sp.olympiad_id
      left join invoices ci on ci.purchase_order_id = po.id and ci.kind = 'invoice' and ci.credited_at is null
      where po.id = ${orderId}
      for update of po`,
  );
  return row ?? null;
}

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

const sellerOf = (a: AccountRow): InvoiceSeller => ({
  legalName: a.legal_name,
  registrationNumber: a.registration_number,
  vatNumber: a.vat_number,
  address: a.address,
  email: a.email,
  phone: a.phone,
  bankName: a.bank_name,
  bankAccountName: a.bank_account_name,
  bankAccountNumber: a.bank_account_number,
  bankBranchCode: a.bank_branch_code,
  bankSwift: a.bank_swift,
  footer: a.footer,
});

export interface Issued {
  invoiceId: number;
  creditNoteId: number | null;
  documentNumber: string;
}

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
  if (o.deleted_at) throw conflict('This purchase order is removed: restore it before invoicing');
  if (o.account_id == null)
    throw conflict(
      'This olympiad has no invoicing account yet: the platform owner sets one up under Accounts before invoices can be issued',
    );
  const account = typeof o.account === 'string' ? (JSON.parse(o.account) as AccountRow) : o.account;
  const learners = Number(o.learners);
  const freeLearners = Number(o.free_learners);
  const feeCents = Number(o.fee_cents);
  const upToDate =
    o.current_id != null &&
    Number(o.current_learners) === learners &&
    Number(o.current_free_learners) === freeLearners &&
    Number(o.current_fee_cents) === feeCents &&
    (o.current_schools_po ?? '') === (o.schools_po ?? '');
  if (upToDate)
    throw conflict(`Invoice ${o.current_document_number} is up to date: nothing has changed since it was issued`);
  const quote = quoteOf({
    learners,
    freeLearners,
    feeCents,
    vatRateBp: account!.vat_rate_bp,
    vatNumber: account!.vat_number,
  });
  const words = unitWords(o.olympiad_kind);
  if (quote.billable === 0 && o.current_id == null)
    throw conflict(
      learners === 0
        ? `The ${words.unit} has no ${words.members} yet: add them, then issue the invoice`
        : `Every ${words.member} is free: there is nothing to invoice`,
    );
  const year = new Date().getUTCFullYear();
  const base = {
    accountId: account!.id,
    olympiadId: o.olympiad_id,
    purchaseOrderId: o.id,
    currency: o.currency,
    billTo: {
      schoolName: o.school_name,
      ...(o.country_name == null ? {} : { countryName: o.country_name }),
      emisNumber: o.emis_number,
      address: o.address,
      town: o.town,
      province: o.province,
      contactName: null,
      contactEmail: null,
    } as InvoiceBillTo,
    seller: sellerOf(account!),
    paymentReference: paymentReferenceOf(account!.reference_rule, {
      prefix: account!.invoice_prefix,
      year: Number(o.year),
      orderId: o.id,
      emis: o.emis_number,
    }),
  };
  const contacts = knownContacts ?? (await contactsOf(q, o.id));
  const [contact] = contacts;
  if (contact) base.billTo = { ...base.billTo, contactName: contact.name || null, contactEmail: contact.email };

  let creditNoteId: number | null = null;
  if (o.current_id != null) {
    const [current] = await untypedRows<{
      id: number;
      learners: number;
      free_learners: number;
      fee_cents: number;
      lines: InvoiceLine[];
      subtotal_cents: number;
      vat_rate_bp: number;
      vat_cents: number;
      total_cents: number;
      schools_po: string | null;
      document_number: string;
    }>(q, sql`select * from invoices where id = ${o.current_id}`);
    const [cn] = await untypedRows<{ id: number }>(
      q,
      sql`with counter as (${nextNumberSql(account!.id, year, 'credit_note')})
        insert into invoices (kind, account_id, olympiad_id, purchase_order_id, year, number, document_number,
          credits_invoice_id, currency, learners, free_learners, fee_cents, lines, subtotal_cents, vat_rate_bp, vat_cents,
          total_cents, schools_po, bill_to, seller, payment_reference, created_by)
        values ('credit_note', ${base.accountId}, ${base.olympiadId}, ${base.purchaseOrderId}, ${year},
          (select last from counter),
          ${documentNumberSql(account!.invoice_prefix, 'credit_note', year)}, ${current!.id}, ${base.currency},
          ${current!.learners}, ${current!.free_learners}, ${current!.fee_cents},
          ${JSON.stringify(
            current!.lines.map((l) => ({
              ...l,
              description: `${l.description} (credited, invoice ${current!.document_number})`,
              amountCents: -l.amountCents,
            })),
          )}::jsonb,
          ${-current!.subtotal_cents}, ${current!.vat_rate_bp}, ${-current!.vat_cents}, ${-current!.total_cents},
          ${current!.schools_po}, ${JSON.stringify(base.billTo)}::jsonb, ${JSON.stringify(base.seller)}::jsonb,
          ${base.paymentReference}, ${by})
        returning id`,
    );
    creditNoteId = cn!.id;
    await q.execute(sql`update invoices set credited_at = now() where id = ${current!.id}`);
  }

  if (quote.billable === 0) {
    // Everything credited and nothing left to pay for: the credit note stands alone.
    await recomputePaid(q, o.id);
    return { invoiceId: creditNoteId!, creditNoteId, documentNumber: '', contacts };
  }

  const lines: InvoiceLine[] = [
    {
      description: `${o.olympiad_title}: entry fee per ${words.member}`,
      quantity: learners,
      unitCents: feeCents,
      amountCents: learners * feeCents,
    },
  ];
  const free = Math.min(freeLearners, learners);
  if (free > 0)
    lines.push({
      description: `Free ${words.members} granted`,
      quantity: free,
      unitCents: -feeCents,
      amountCents: -free * feeCents,
    });
  const due = new Date(Date.now() + account!.payment_terms_days * 86_400_000).toISOString().slice(0, 10);
  const [inv] = await untypedRows<{ id: number; document_number: string; issued_at: Date | string; due_on: string | null }>(
    q,
    sql`with counter as (${nextNumberSql(account!.id, year, 'invoice')})
      insert into invoices (kind, account_id, olympiad_id, purchase_order_id, year, number, document_number,
        due_on, currency, learners, free_learners, fee_cents, lines, subtotal_cents, vat_rate_bp, vat_cents, total_cents,
        schools_po, bill_to, seller, payment_reference, created_by)
      values ('invoice', ${base.accountId}, ${base.olympiadId}, ${base.purchaseOrderId}, ${year}, (select last from counter),
        ${documentNumberSql(account!.invoice_prefix, 'invoice', year)},
        ${due}, ${base.currency}, ${learners}, ${freeLearners}, ${feeCents}, ${JSON.stringify(lines)}::jsonb,
        ${quote.subtotalCents}, ${quote.vatRateBp}, ${quote.vatCents}, ${quote.totalCents}, ${o.schools_po},
        ${JSON.stringify(base.billTo)}::jsonb, ${JSON.stringify(base.seller)}::jsonb, ${base.paymentReference}, ${by})
      returning id, document_number, issued_at, due_on::text as due_on`,
  );
  await recomputePaid(q, o.id);
  // The stored invoice as findInvoice reads it, from what was just written: mailing it needs no read back.
  const invoice: InvoiceRow = {
    id: inv!.id,
    kind: 'invoice',
    document_number: inv!.document_number,
    purchase_order_id: o.id,
    school_participant_id: o.school_participant_id,
    olympiad_id: o.olympiad_id,
    school_id: o.school_id,
    olympiad_title: o.olympiad_title,
    school_name: o.school_name,
    issued_at: inv!.issued_at,
    due_on: inv!.due_on,
    currency: o.currency,
    learners,
    free_learners: freeLearners,
    fee_cents: feeCents,
    lines,
    subtotal_cents: quote.subtotalCents,
    vat_rate_bp: quote.vatRateBp,
    vat_cents: quote.vatCents,
    total_cents: quote.totalCents,
    schools_po: o.schools_po,
    payment_reference: base.paymentReference,
    bill_to: base.billTo,
    seller: base.seller,
    credits_document_number: null,
    credited_at: null,
    mailed_at: null,
  };
  return { invoiceId: inv!.id, creditNoteId, documentNumber: inv!.document_number, contacts, invoice };
}

/** A stored document with what its PDF prints. */
export interface InvoiceRow {
  id: number;
  kind: InvoiceKind;
  document_number: string;
  purchase_order_id: number;
  school_participant_id: number;
  olympiad_id: number;
  school_id: number;
  olympiad_title: string;
  school_name: string;
  issued_at: Date | string;
  due_on: string | null;
  currency: string;
  learners: number;
  free_learners: number;
  fee_cents: number;
  lines: InvoiceLine[];
  subtotal_cents: number;
  vat_rate_bp: number;
  vat_cents: number;
  total_cents: number;
  schools_po: string | null;
  payment_reference: string;
  bill_to: InvoiceBillTo;
  seller: InvoiceSeller;
  credits_document_number: string | null;
  credited_at: Date | string | null;
  mailed_at: Date | string | null;
}

export const documentOf = (r: InvoiceRow): InvoiceDocument => ({
  kind: r.kind,
  documentNumber: r.document_number,
  creditsDocumentNumber: r.credits_document_number,
  issuedAt: new Date(r.issued_at),
  dueOn: r.due_on == null ? null : String(r.due_on).slice(0, 10),
  currency: r.currency,
  lines: r.lines,
  subtotalCents: Number(r.subtotal_cents),
  vatRateBp: Number(r.vat_rate_bp),
  vatCents: Number(r.vat_cents),
  totalCents: Number(r.total_cents),
  schoolsPO: r.schools_po,
  paymentReference: r.payment_reference,
  olympiadTitle: r.olympiad_title,
  billTo: r.bill_to,
  seller: r.seller,
});

export const pdfFileName = (r: Pick<InvoiceRow, 'kind' | 'document_number'>) =>
  `${r.kind === 'credit_note' ? 'credit-note' : 'invoice'}-${r.document_number}.pdf`;

export interface MailDeps {
  mailer: Mailer;
  storage: FileStorage;
}

/**
 * Mails a document to the school's teachers through the queue (decision 031): the PDF is stored and attached,
 * so that the message and its attachment appear in the email logs. Answers how many messages were queued.
 */
export async function mailInvoice(
  q: Queryable,
  deps: MailDeps,
  r: InvoiceRow,
  by: number | null,
  known?: Contact[],
): Promise<number> {
  const contacts = known ?? (await contactsOf(q, r.purchase_order_id));
  if (!contacts.length) return 0;
  const bytes = Buffer.from(await invoicePdfOffThread(documentOf(r)));
  const name = pdfFileName(r);
  const stored = await deps.storage.put(name, bytes);
  // The stored file and the attachment that names it, in one statement.
  const [attachment] = await untypedRows<{ id: number }>(
    q,
    sql`with upload as (
        insert into uploads (filename, original_name, content_type, size, sha256, olympiad_id, uploaded_by)
        values (${stored.key}, ${name}, 'application/pdf', ${stored.size},
          ${stored.sha256 || createHash('sha256').update(bytes).digest('hex')}, ${r.olympiad_id}, ${by})
        returning id)
      insert into attachments (upload_id, filename, olympiad_id, created_by)
      select upload.id, ${name}, ${r.olympiad_id}, ${by} from upload returning id`,
  );
  const credit = r.kind === 'credit_note';
  const what = credit ? `Credit note ${r.document_number}` : `Invoice ${r.document_number}`;
  const total = printedMoney(Math.abs(Number(r.total_cents)), r.currency);
  let first: number | null = null;
  for (const c of contacts) {
    const hello = `Hello ${c.name || 'there'},`;
    const body = credit
      ? `${r.school_name}'s invoice ${r.credits_document_number} for the ${r.olympiad_title} is credited in full (${total}). A new invoice replaces it.`
      : `Attached is ${r.school_name}'s invoice ${r.document_number} for the ${r.olympiad_title}: ${total}, due ${r.due_on ?? 'on receipt'}. Pay into the bank account on the invoice and quote the reference ${r.payment_reference}.`;
    const id = await deps.mailer.enqueue(q, {
      kind: credit ? 'credit-note' : 'invoice',
      to: c.email,
      userId: c.id,
      olympiadId: r.olympiad_id,
      subject: `${what}: ${r.olympiad_title}, ${r.school_name}`,
      text: `${hello}\n\n${body}\n\nThe PDF is attached. You can also download it under Invoices in the portal.\n`,
      html: `<p>${escapeHtml(hello)}</p><p>${escapeHtml(body)}</p><p>The PDF is attached. You can also download it under Invoices in the portal.</p>`,
      attachmentIds: [attachment!.id],
      status: 'released',
    });
    first ??= id;
  }
  await q.execute(sql`update invoices set mailed_at = now(), email_id = ${first} where id = ${r.id}`);
  return contacts.length;
}
