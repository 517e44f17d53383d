import { eq, type SQL, sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { Account, InvoiceLine } from '#contract/finance';
import { CountRow, IdRow, type Queryable, rows } from '../../../db/client.js';
import {
  type InvoiceBillTo,
  type InvoiceKind,
  type InvoiceSeller,
  invoices,
  olympiads,
  purchaseOrders,
  schoolParticipants,
  schools,
} from '../../../db/schema/index.js';
import { type Reach, reachSql } from '../../../http/reach.js';
import { containsPattern, offsetOf, orderBy, type Paging } from '../../../platform/paging.js';

/** Who a document is addressed to (db/schema/finance.ts `InvoiceBillTo`), as stored with it. */
const BillTo = z.object({
  schoolName: z.string(),
  // A country's team only: documents of schools, and those issued before countries entered, have none.
  countryName: z.string().nullable().optional(),
  emisNumber: z.string().nullable(),
  address: z.string().nullable(),
  town: z.string().nullable(),
  province: z.string().nullable(),
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
}) satisfies z.ZodType<InvoiceBillTo>;

/** The issuing account as stored with a document (db/schema/finance.ts `InvoiceSeller`). */
const Seller = Account.pick({
  legalName: true,
  registrationNumber: true,
  vatNumber: true,
  address: true,
  email: true,
  phone: true,
  bankName: true,
  bankAccountName: true,
  bankAccountNumber: true,
  bankBranchCode: true,
  bankSwift: true,
  footer: true,
}) satisfies z.ZodType<InvoiceSeller>;

/** A stored document with what its PDF prints: its order's school and olympiad, and the invoice it credits. */
const InvoiceRow = createSelectSchema(invoices)
  .pick({
    id: true,
    kind: true,
    documentNumber: true,
    purchaseOrderId: true,
    olympiadId: true,
    issuedAt: true,
    dueOn: true,
    currency: true,
    learners: true,
    freeLearners: true,
    feeCents: true,
    subtotalCents: true,
    vatRateBp: true,
    vatCents: true,
    totalCents: true,
    schoolsPO: true,
    paymentReference: true,
    creditedAt: true,
    mailedAt: true,
  })
  .extend({
    schoolParticipantId: createSelectSchema(purchaseOrders).shape.schoolParticipantId,
    schoolId: createSelectSchema(schoolParticipants).shape.schoolId,
    olympiadTitle: createSelectSchema(olympiads).shape.title,
    schoolName: createSelectSchema(schools).shape.name,
    lines: z.array(InvoiceLine),
    billTo: BillTo,
    seller: Seller,
    creditsDocumentNumber: createSelectSchema(invoices).shape.documentNumber.nullable(),
    /** A credit note: the invoice issued with it in place of the one it cancels; null when none replaced it. */
    replacedByDocumentNumber: createSelectSchema(invoices).shape.documentNumber.nullable(),
  });
export type InvoiceRow = z.infer<typeof InvoiceRow>;

const from = sql`invoices i
  join purchase_orders po on po.id = i.purchase_order_id
  join school_participants sp on sp.id = po.school_participant_id
  join schools s on s.id = sp.school_id
  join olympiads o on o.id = i.olympiad_id
  left join invoices credited on credited.id = i.credits_invoice_id
  left join invoices replacement on i.kind = 'credit_note' and replacement.replaces_invoice_id = i.credits_invoice_id`;

const columns = sql`i.id, i.kind, i.document_number, i.purchase_order_id, po.school_participant_id, i.olympiad_id,
  sp.school_id, o.title as olympiad_title, s.name as school_name, i.issued_at, i.due_on::text as due_on, i.currency,
  i.learners, i.free_learners, i.fee_cents, i.lines, i.subtotal_cents, i.vat_rate_bp, i.vat_cents, i.total_cents,
  i.schools_po as "schoolsPO", i.payment_reference, i.bill_to, i.seller, credited.document_number as credits_document_number,
  replacement.document_number as replaced_by_document_number, i.credited_at, i.mailed_at`;

/** The documents within a reach (one olympiad's; a teacher's school's), newest first unless sorted. */
export async function listInvoices(
  q: Queryable,
  reach: Reach,
  filter: { purchaseOrderId?: number | undefined; kind?: InvoiceKind | undefined },
  p: Paging,
) {
  const where: SQL[] = [reachSql(reach, sql`i.olympiad_id`, sql`sp.school_id`)];
  if (filter.purchaseOrderId) where.push(sql`i.purchase_order_id = ${filter.purchaseOrderId}`);
  if (filter.kind) where.push(sql`i.kind = ${filter.kind}`);
  if (p.search?.trim()) {
    const like = containsPattern(p.search);
    where.push(sql`(lower(s.name) like ${like} or lower(i.document_number) like ${like}
      or lower(i.payment_reference) like ${like})`);
  }
  const cond = sql.join(where, sql` and `);
  const order = orderBy(
    { ...p, order: p.sort ? p.order : 'desc' },
    {
      issuedAt: sql`i.issued_at`,
      documentNumber: sql`i.document_number`,
      schoolName: sql`lower(s.name)`,
      totalCents: sql`i.total_cents`,
    },
    'issuedAt',
    sql`i.id`,
  );
  const [items, [count]] = await Promise.all([
    rows(
      q,
      InvoiceRow,
      sql`select ${columns} from ${from} where ${cond} order by ${order} limit ${p.pageSize} offset ${offsetOf(p)}`,
    ),
    rows(q, CountRow, sql`select count(*)::int as n from ${from} where ${cond}`),
  ]);
  return { items, total: Number(count?.n ?? 0) };
}

export async function findInvoice(q: Queryable, id: number): Promise<InvoiceRow | null> {
  const [row] = await rows(q, InvoiceRow, sql`select ${columns} from ${from} where i.id = ${id}`);
  return row ?? null;
}

/** The orders of an olympiad that need an invoice: live, someone to pay for, and none standing or it is out of date. */
export async function ordersToInvoice(q: Queryable, olympiadId: number): Promise<number[]> {
  const found = await rows(
    q,
    IdRow,
    sql`select po.id from purchase_orders po
        join school_participants sp on sp.id = po.school_participant_id
        join olympiads o on o.id = sp.olympiad_id
        cross join lateral (select count(*)::int as n from users u where u.school_id = sp.school_id
          and u.olympiad_id = sp.olympiad_id and u.role = 'learner') l
        left join invoices ci on ci.purchase_order_id = po.id and ci.kind = 'invoice' and ci.credited_at is null
      where sp.olympiad_id = ${olympiadId} and po.deleted_at is null
        and ((ci.id is null and l.n > po.free_learners)
          or (ci.id is not null and (ci.learners <> l.n or ci.free_learners <> po.free_learners
            or ci.fee_cents <> o.fee_cents or coalesce(ci.schools_po, '') <> coalesce(po.schools_po, ''))))
      order by po.id`,
  );
  return found.map((r) => r.id);
}

/** The olympiad's invoicing account (null: it has none yet), or null when there is no such olympiad. */
export async function olympiadAccount(q: Queryable, olympiadId: number) {
  const [row] = await q.select({ accountId: olympiads.accountId }).from(olympiads).where(eq(olympiads.id, olympiadId));
  return row ?? null;
}
