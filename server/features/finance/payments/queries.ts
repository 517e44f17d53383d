import { type SQL, sql } from 'drizzle-orm';
import type { PaymentMethod, StatementLineStatus } from '../../../db/schema/index.js';
import { pgArray, type Queryable, untypedRows } from '../../../db/client.js';
import { type Reach, reachSql } from '../../../http/reach.js';
import { containsPattern, offsetOf, orderBy, type Paging } from '../../../platform/paging.js';
import { paymentReferenceOf } from '../money.js';

export interface PaymentDb {
  id: number;
  purchase_order_id: number;
  olympiad_id: number;
  school_id: number;
  school_name: string;
  amount_cents: number;
  received_on: string;
  method: PaymentMethod;
  reference: string;
  note: string;
  statement_line_id: number | null;
  import_id: number | null;
  line_no: number | null;
  filename: string | null;
  created_by: string | null;
  created_at: Date | string;
  reversed_at: Date | string | null;
  reverse_reason: string | null;
}

const paymentFrom = sql`payments p
  join purchase_orders po on po.id = p.purchase_order_id
  join school_participants sp on sp.id = po.school_participant_id
  join schools s on s.id = sp.school_id
  left join statement_lines sl on sl.id = p.statement_line_id
  left join statement_imports si on si.id = sl.import_id
  left join users cu on cu.id = p.created_by`;

const paymentColumns = sql`p.id, p.purchase_order_id, p.olympiad_id, sp.school_id, s.name as school_name, p.amount_cents,
  p.received_on::text as received_on, p.method, p.reference, p.note, p.statement_line_id, sl.import_id, sl.line_no,
  si.filename, nullif(btrim(coalesce(cu.first_name, '') || ' ' || coalesce(cu.last_name, '')), '') as created_by,
  p.created_at, p.reversed_at, p.reverse_reason`;

export async function listPayments(
  q: Queryable,
  reach: Reach,
  filter: { purchaseOrderId?: number | undefined },
  p: Paging,
) {
  const where: SQL[] = [reachSql(reach, sql`p.olympiad_id`, sql`sp.school_id`)];
  if (filter.purchaseOrderId) where.push(sql`p.purchase_order_id = ${filter.purchaseOrderId}`);
  if (p.search?.trim()) {
    const like = containsPattern(p.search);
    where.push(sql`(lower(s.name) like ${like} or lower(p.reference) like ${like})`);
  }
  const cond = sql.join(where, sql` and `);
  const order = orderBy(
    { ...p, order: p.sort ? p.order : 'desc' },
    { receivedOn: sql`p.received_on`, amountCents: sql`p.amount_cents`, schoolName: sql`lower(s.name)` },
    'receivedOn',
    sql`p.id`,
  );
  const [items, [count]] = await Promise.all([
    untypedRows<PaymentDb>(
      q,
      sql`select ${paymentColumns} from ${paymentFrom} where ${cond} order by ${order} limit ${p.pageSize} offset ${offsetOf(p)}`,
    ),
    untypedRows<{ n: number }>(q, sql`select count(*)::int as n from ${paymentFrom} where ${cond}`),
  ]);
  return { items, total: Number(count?.n ?? 0) };
}

export async function findPayment(q: Queryable, id: number) {
  const [row] = await untypedRows<PaymentDb>(q, sql`select ${paymentColumns} from ${paymentFrom} where p.id = ${id}`);
  return row ?? null;
}

/** Minutes within which a manual payment identical to another is taken for the same one sent twice. */
export const DUPLICATE_MINUTES = 10;

/**
 * Holds the order's row until the transaction ends, so payments recorded for one order at the same moment are
 * checked and written one after another (the duplicate check below cannot race its own insert).
 */
export async function lockOrderForPayment(q: Queryable, orderId: number): Promise<void> {
  await q.execute(sql`select 1 from purchase_orders where id = ${orderId} for update`);
}

/**
 * A standing payment of the same order, amount, date received and reference (spaces and case aside) recorded in the
 * last ten minutes: the same payment sent twice, most likely. Answers when it was recorded and by whom.
 */
export async function recentTwin(
  q: Queryable,
  v: { purchaseOrderId: number; amountCents: number; receivedOn: string; reference: string },
) {
  const [row] = await untypedRows<{ id: number; created_at: Date | string; created_by_name: string | null }>(
    q,
    sql`select p.id, p.created_at, nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as created_by_name
      from payments p left join users u on u.id = p.created_by
      where p.purchase_order_id = ${v.purchaseOrderId} and p.amount_cents = ${v.amountCents}
        and p.received_on = ${v.receivedOn}::date and p.reversed_at is null
        and lower(trim(p.reference)) = lower(trim(${v.reference}))
        and p.created_at > now() - make_interval(mins => ${DUPLICATE_MINUTES})
      order by p.id desc limit 1`,
  );
  return row ?? null;
}
export type Twin = NonNullable<Awaited<ReturnType<typeof recentTwin>>>;

export async function insertPayment(
  q: Queryable,
  v: {
    olympiadId: number;
    purchaseOrderId: number;
    amountCents: number;
    receivedOn: string;
    method: PaymentMethod;
    reference: string;
    note: string;
    statementLineId?: number | null;
    by: number;
  },
) {
  const [row] = await untypedRows<{ id: number }>(
    q,
    sql`insert into payments (olympiad_id, purchase_order_id, amount_cents, received_on, method, reference, note,
        statement_line_id, created_by)
      values (${v.olympiadId}, ${v.purchaseOrderId}, ${v.amountCents}, ${v.receivedOn}, ${v.method}, ${v.reference},
        ${v.note}, ${v.statementLineId ?? null}, ${v.by})
      returning id`,
  );
  return row!.id;
}

/** Marks a payment reversed; answers whether it was standing. A statement line it came from waits again. */
export async function reversePayment(q: Queryable, id: number, by: number, reason: string) {
  const done = await untypedRows<{ statement_line_id: number | null }>(
    q,
    sql`update payments set reversed_at = now(), reversed_by = ${by}, reverse_reason = ${reason}
      where id = ${id} and reversed_at is null returning statement_line_id`,
  );
  if (!done.length) return false;
  const lineId = done[0]!.statement_line_id;
  if (lineId != null)
    await q.execute(sql`update statement_lines set status = 'unmatched', purchase_order_id = null, matched_by = null,
      matched_at = null where id = ${lineId}`);
  return true;
}

/** The live orders of an olympiad with what matching needs: the payment reference and the balance. */
export interface MatchableOrder {
  id: number;
  school_name: string;
  reference: string;
  balance_cents: number;
}

export async function matchableOrders(q: Queryable, olympiadId: number): Promise<MatchableOrder[]> {
  const found = await untypedRows<{
    id: number;
    school_name: string;
    emis_number: string | null;
    year: number;
    invoice_prefix: string | null;
    reference_rule: string | null;
    owed: number;
    paid: number;
  }>(
    q,
    sql`select po.id, s.name as school_name, s.emis_number, o.year, a.invoice_prefix, a.reference_rule,
        (select coalesce(sum(total_cents), 0)::int from invoices i where i.purchase_order_id = po.id) as owed,
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
    .filter((o) => o.invoice_prefix && o.reference_rule)
    .map((o) => ({
      id: o.id,
      school_name: o.school_name,
      reference: paymentReferenceOf(o.reference_rule!, {
        prefix: o.invoice_prefix!,
        year: Number(o.year),
        orderId: o.id,
        emis: o.emis_number,
      }),
      balance_cents: Number(o.owed) - Number(o.paid),
    }));
}

/** Which of these fingerprints were imported for the olympiad before. */
export async function knownFingerprints(q: Queryable, olympiadId: number, fingerprints: string[]) {
  if (!fingerprints.length) return new Set<string>();
  const found = await untypedRows<{ fingerprint: string }>(
    q,
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
  const [row] = await untypedRows<{ id: number }>(
    q,
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
  const inserted = await untypedRows<{ id: number; fingerprint: string }>(
    q,
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
  return new Map(inserted.map((r) => [r.fingerprint, Number(r.id)]));
}

/** Inserts payments received by bank transfer in one `insert … select from unnest(arrays)`. */
export async function insertStatementPayments(
  q: Queryable,
  v: { olympiadId: number; by: number },
  payments: Array<{
    purchaseOrderId: number;
    amountCents: number;
    receivedOn: string;
    reference: string;
    note: string;
    statementLineId: number;
  }>,
): Promise<void> {
  if (!payments.length) return;
  const col = <K extends keyof (typeof payments)[number]>(k: K) => pgArray(payments.map((p) => p[k]));
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

export interface StatementLineDb {
  id: number;
  import_id: number;
  olympiad_id: number;
  filename: string;
  line_no: number;
  posted_on: string;
  amount_cents: number;
  reference: string;
  description: string;
  status: StatementLineStatus;
  purchase_order_id: number | null;
  school_name: string | null;
}

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
    untypedRows<StatementLineDb>(
      q,
      sql`select ${lineColumns} from ${lineFrom} where ${cond} order by sl.posted_on desc, sl.id
        limit ${p.pageSize} offset ${offsetOf(p)}`,
    ),
    untypedRows<{ n: number }>(q, sql`select count(*)::int as n from ${lineFrom} where ${cond}`),
  ]);
  return { items, total: Number(count?.n ?? 0) };
}

export async function findLine(q: Queryable, id: number) {
  const [row] = await untypedRows<StatementLineDb>(q, sql`select ${lineColumns} from ${lineFrom} where sl.id = ${id}`);
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
  const done = await untypedRows<{ id: number }>(
    q,
    sql`update statement_lines set status = ${status}, purchase_order_id = ${orderId}, matched_by = ${by}, matched_at = now()
      where id = ${id} and status = 'unmatched' returning id`,
  );
  return done.length > 0;
}
