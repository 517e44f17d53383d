import { type SQL, sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import {
  accounts,
  olympiads,
  purchaseOrders,
  schools,
  statementImports,
  type StatementLineStatus,
  statementLines,
} from '../../../db/schema/index.js';
import { CountRow, IdRow, pgArray, type Queryable, rows } from '../../../db/client.js';
import { type Reach, reachSql } from '../../../http/reach.js';
import { containsPattern, offsetOf, type Paging } from '../../../platform/paging.js';
import { paymentReferenceOf, quoteOf } from '../money.js';

const school = createSelectSchema(schools).shape;

/** A live order with what its payment reference is made of, and what it owes and has paid. */
const MatchableRow = createSelectSchema(purchaseOrders)
  .pick({ id: true })
  .extend({
    schoolName: school.name,
    emisNumber: school.emisNumber,
    year: createSelectSchema(olympiads).shape.year,
    invoicePrefix: createSelectSchema(accounts).shape.invoicePrefix.nullable(),
    referenceRule: createSelectSchema(accounts).shape.referenceRule.nullable(),
    owed: z.number(),
    invoiced: z.boolean(),
    paid: z.number(),
    learners: z.number(),
    freeLearners: createSelectSchema(purchaseOrders).shape.freeLearners,
    feeCents: createSelectSchema(olympiads).shape.feeCents,
    vatNumber: createSelectSchema(accounts).shape.vatNumber,
    vatRateBp: createSelectSchema(accounts).shape.vatRateBp.nullable(),
  });

const FingerprintRow = createSelectSchema(statementLines).pick({ fingerprint: true });
const InsertedLineRow = createSelectSchema(statementLines).pick({ id: true, fingerprint: true });

/** The live orders of an olympiad with what matching needs: the payment reference and the balance. */
export interface MatchableOrder {
  id: number;
  schoolName: string;
  reference: string;
  balanceCents: number;
}

export async function matchableOrders(q: Queryable, olympiadId: number): Promise<MatchableOrder[]> {
  const found = await rows(
    q,
    MatchableRow,
    sql`select po.id, s.name as school_name, s.emis_number, o.year, a.invoice_prefix, a.reference_rule,
        (select coalesce(sum(total_cents), 0)::int from invoices i where i.purchase_order_id = po.id) as owed,
        exists (select 1 from invoices i where i.purchase_order_id = po.id and i.kind = 'invoice'
          and i.credited_at is null) as invoiced,
        (select count(*)::int from users u where u.school_id = sp.school_id and u.olympiad_id = sp.olympiad_id
          and u.role = 'learner') as learners,
        po.free_learners, o.fee_cents, a.vat_number, a.vat_rate_bp,
        (select coalesce(sum(amount_cents), 0)::int from payments p where p.purchase_order_id = po.id
          and p.reversed_at is null) as paid
      from purchase_orders po
      join school_participants sp on sp.id = po.school_participant_id
      join schools s on s.id = sp.school_id
      join olympiads o on o.id = sp.olympiad_id
      left join accounts a on a.id = o.account_id
      where sp.olympiad_id = ${olympiadId} and po.deleted_at is null`,
  );
  return found
    .filter((o) => o.invoicePrefix && o.referenceRule)
    .map((o) => ({
      id: o.id,
      schoolName: o.schoolName,
      reference: paymentReferenceOf(o.referenceRule!, {
        prefix: o.invoicePrefix!,
        year: o.year,
        orderId: o.id,
        emis: o.emisNumber,
      }),
      // Before any invoice the order owes its quote, as the order's own balance says (present.ts owedCentsOf).
      balanceCents:
        (o.invoiced || o.owed !== 0 ? o.owed : quoteOf({ ...o, vatRateBp: o.vatRateBp ?? 0 }).totalCents) - o.paid,
    }));
}

/** Which of these fingerprints were imported for the olympiad before. */
export async function knownFingerprints(q: Queryable, olympiadId: number, fingerprints: string[]) {
  if (!fingerprints.length) return new Set<string>();
  const found = await rows(
    q,
    FingerprintRow,
    sql`select fingerprint from statement_lines where olympiad_id = ${olympiadId}
      and fingerprint = any(${`{${fingerprints.join(',')}}`}::text[])`,
  );
  return new Set(found.map((r) => r.fingerprint));
}

export async function insertImport(
  q: Queryable,
  v: {
    olympiadId: number;
    filename: string;
    format: string;
    lines: number;
    matched: number;
    unmatched: number;
    duplicates: number;
    by: number;
  },
) {
  const [row] = await rows(
    q,
    IdRow,
    sql`insert into statement_imports (olympiad_id, filename, format, lines, matched, unmatched, duplicates, created_by)
      values (${v.olympiadId}, ${v.filename}, ${v.format}, ${v.lines}, ${v.matched}, ${v.unmatched}, ${v.duplicates}, ${v.by})
      returning id`,
  );
  return row!.id;
}

export interface NewStatementLine {
  lineNo: number;
  postedOn: string;
  amountCents: number;
  reference: string;
  description: string;
  fingerprint: string;
  status: StatementLineStatus;
  purchaseOrderId: number | null;
}

/**
 * Inserts an import's lines in one `insert … select from unnest(arrays)`: a handful of array parameters however
 * long the statement. A line whose fingerprint is already there (another import of the same statement at the same
 * moment) is skipped; answers the new lines' ids by fingerprint, so fewer ids than lines means some were taken.
 */
export async function insertLines(
  q: Queryable,
  v: { importId: number; olympiadId: number; by: number },
  lines: NewStatementLine[],
): Promise<Map<string, number>> {
  if (!lines.length) return new Map();
  const col = <K extends keyof NewStatementLine>(k: K) => pgArray(lines.map((l) => l[k]));
  const inserted = await rows(
    q,
    InsertedLineRow,
    sql`insert into statement_lines (import_id, olympiad_id, line_no, posted_on, amount_cents, reference, description,
        fingerprint, status, purchase_order_id, matched_by, matched_at)
      select ${v.importId}::int, ${v.olympiadId}::int, t.line_no, t.posted_on, t.amount_cents, t.reference,
        t.description, t.fingerprint, t.status, t.purchase_order_id,
        case when t.status = 'matched' then ${v.by}::int end, case when t.status = 'matched' then now() end
      from unnest(${col('lineNo')}::int[], ${col('postedOn')}::date[], ${col('amountCents')}::int[],
          ${col('reference')}::text[], ${col('description')}::text[], ${col('fingerprint')}::text[],
          ${col('status')}::text[], ${col('purchaseOrderId')}::int[])
        with ordinality as t(line_no, posted_on, amount_cents, reference, description, fingerprint, status,
          purchase_order_id, n)
      order by t.n
      on conflict (olympiad_id, fingerprint) do nothing
      returning id, fingerprint`,
  );
  return new Map(inserted.map((r) => [r.fingerprint, r.id]));
}

/** Inserts payments received by bank transfer in one `insert … select from unnest(arrays)`. */
export async function insertStatementPayments(
  q: Queryable,
  v: { olympiadId: number; by: number },
  received: Array<{
    purchaseOrderId: number;
    amountCents: number;
    receivedOn: string;
    reference: string;
    note: string;
    statementLineId: number;
  }>,
): Promise<void> {
  if (!received.length) return;
  const col = <K extends keyof (typeof received)[number]>(k: K) => pgArray(received.map((p) => p[k]));
  await q.execute(
    sql`insert into payments (olympiad_id, purchase_order_id, amount_cents, received_on, method, reference, note,
        statement_line_id, created_by)
      select ${v.olympiadId}::int, t.purchase_order_id, t.amount_cents, t.received_on, 'eft', t.reference, t.note,
        t.statement_line_id, ${v.by}::int
      from unnest(${col('purchaseOrderId')}::int[], ${col('amountCents')}::int[], ${col('receivedOn')}::date[],
          ${col('reference')}::text[], ${col('note')}::text[], ${col('statementLineId')}::int[])
        with ordinality as t(purchase_order_id, amount_cents, received_on, reference, note, statement_line_id, n)
      order by t.n`,
  );
}

/** An imported statement line with its import's file name and the school of the order it was matched to. */
const StatementLineRow = createSelectSchema(statementLines)
  .pick({
    id: true,
    importId: true,
    olympiadId: true,
    lineNo: true,
    postedOn: true,
    amountCents: true,
    reference: true,
    description: true,
    status: true,
    purchaseOrderId: true,
  })
  .extend({
    filename: createSelectSchema(statementImports).shape.filename,
    schoolName: school.name.nullable(),
  });
export type StatementLineRow = z.infer<typeof StatementLineRow>;

const lineFrom = sql`statement_lines sl join statement_imports si on si.id = sl.import_id
  left join purchase_orders po on po.id = sl.purchase_order_id
  left join school_participants sp on sp.id = po.school_participant_id
  left join schools s on s.id = sp.school_id`;
const lineColumns = sql`sl.id, sl.import_id, sl.olympiad_id, si.filename, sl.line_no, sl.posted_on::text as posted_on,
  sl.amount_cents, sl.reference, sl.description, sl.status, sl.purchase_order_id, s.name as school_name`;

export async function listLines(q: Queryable, reach: Reach, status: StatementLineStatus, p: Paging) {
  const where: SQL[] = [reachSql(reach, sql`sl.olympiad_id`), sql`sl.status = ${status}`];
  if (p.search?.trim()) {
    const like = containsPattern(p.search);
    where.push(sql`(lower(sl.reference) like ${like} or lower(sl.description) like ${like})`);
  }
  const cond = sql.join(where, sql` and `);
  const [items, [count]] = await Promise.all([
    rows(
      q,
      StatementLineRow,
      sql`select ${lineColumns} from ${lineFrom} where ${cond} order by sl.posted_on desc, sl.id
        limit ${p.pageSize} offset ${offsetOf(p)}`,
    ),
    rows(q, CountRow, sql`select count(*)::int as n from ${lineFrom} where ${cond}`),
  ]);
  return { items, total: Number(count?.n ?? 0) };
}

export async function findLine(q: Queryable, id: number) {
  const [row] = await rows(q, StatementLineRow, sql`select ${lineColumns} from ${lineFrom} where sl.id = ${id}`);
  return row ?? null;
}

/** Sets an unmatched line's outcome; answers whether it was unmatched (two people cannot match it twice). */
export async function settleLine(
  q: Queryable,
  id: number,
  status: 'matched' | 'ignored',
  orderId: number | null,
  by: number,
) {
  const done = await rows(
    q,
    IdRow,
    sql`update statement_lines set status = ${status}, purchase_order_id = ${orderId}, matched_by = ${by}, matched_at = now()
      where id = ${id} and status = 'unmatched' returning id`,
  );
  return done.length > 0;
}
