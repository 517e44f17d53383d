import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pageOf } from '#contract/errors';
import {
  Payment,
  PaymentInput,
  PaymentListQuery,
  PaymentReverseQuery,
  PaymentSaved,
  StatementImportQuery,
  StatementLine,
  StatementLineListQuery,
  StatementLineMatchQuery,
  StatementReport,
  type StatementReportLine,
} from '#contract/finance';
import { IdParams } from '#contract/ids';
import type { Queryable } from '../../../db/client.js';
import type { Actor } from '../../../http/actor.js';
import { badRequest, conflict, HttpError, notFound } from '../../../http/errors.js';
import { defineLoader } from '../../../http/load.js';
import { reach } from '../../../http/reach.js';
import { route } from '../../../http/route.js';
import { audit } from '../../../platform/audit.js';
import { iso, isoOrNull } from '../../../platform/dates.js';
import { pageResult } from '../../../platform/paging.js';
import { readSheet } from '../../../platform/spreadsheet/index.js';
import { readUpload } from '../../../platform/upload.js';
import { orderLoader } from '../load.js';
import { carriesReference } from '../money.js';
import { recomputePaid } from '../paid.js';
import { financePolicy } from '../policy.js';
import { presentOrder } from '../present.js';
import { findOrder } from '../queries.js';
import * as queries from './queries.js';
import { parseStatement, StatementError } from './statement.js';
import { figure, printedMoney } from '#contract/numbers';

const tags = ['finance'];
const { access } = financePolicy;
const MAX_STATEMENT_BYTES = 5 * 1024 * 1024;
const MAX_STATEMENT_ROWS = 20_000;

const paymentLoader = defineLoader({
  what: 'This payment',
  policy: financePolicy,
  see: 'read',
  find: async (q, id: number) => {
    const p = await queries.findPayment(q, id);
    return p && { ...p, olympiadId: p.olympiad_id, schoolId: p.school_id };
  },
});

const lineLoader = defineLoader({
  what: 'This statement line',
  policy: financePolicy,
  see: 'recordPayment',
  find: async (q, id: number) => {
    const l = await queries.findLine(q, id);
    return l && { ...l, olympiadId: l.olympiad_id };
  },
});

function presentPayment(actor: Actor, p: queries.PaymentDb): z.infer<typeof Payment> {
  const record = { olympiadId: p.olympiad_id, schoolId: p.school_id };
  return {
    id: p.id,
    purchaseOrderId: p.purchase_order_id,
    olympiadId: p.olympiad_id,
    schoolName: p.school_name,
    amountCents: Number(p.amount_cents),
    receivedOn: String(p.received_on).slice(0, 10),
    method: p.method,
    reference: p.reference,
    note: p.note,
    statementLine:
      p.statement_line_id == null
        ? null
        : { importId: Number(p.import_id), lineNo: Number(p.line_no), filename: p.filename ?? '' },
    createdBy: p.created_by,
    createdAt: iso(p.created_at),
    reversedAt: isoOrNull(p.reversed_at),
    reverseReason: p.reverse_reason,
    can: { reverse: p.reversed_at == null && financePolicy.can(actor, 'recordPayment', record) },
  };
}

/** 409 `duplicate_payment`: the same payment recorded minutes ago; `confirmDuplicate: true` records it anyway. */
function duplicatePayment(body: { amountCents: number; receivedOn: string; reference: string }, twin: queries.Twin) {
  const minutes = Math.max(1, Math.ceil((Date.now() - new Date(twin.created_at).getTime()) / 60_000));
  const reference = body.reference ? ` with reference “${body.reference}”` : ' without a reference';
  const by = twin.created_by_name ? ` by ${twin.created_by_name}` : '';
  return new HttpError(
    409,
    'duplicate_payment',
    `The same payment (${printedMoney(body.amountCents, 'ZAR')} received on ${body.receivedOn}${reference}) was ` +
      `recorded for this order ${minutes === 1 ? 'a minute' : `${minutes} minutes`} ago${by}. ` +
      'Record it again only if the school really paid twice.',
  );
}

const presentLine = (l: queries.StatementLineDb): z.infer<typeof StatementLine> => ({
  id: l.id,
  importId: l.import_id,
  filename: l.filename,
  lineNo: l.line_no,
  postedOn: String(l.posted_on).slice(0, 10),
  amountCents: Number(l.amount_cents),
  reference: l.reference,
  description: l.description,
  status: l.status,
  purchaseOrderId: l.purchase_order_id,
  schoolName: l.school_name,
});

/** The payment and the order after a change, as the caller sees them. */
async function paymentSaved(q: Queryable, actor: Actor, paymentId: number, orderId: number, message: string) {
  return {
    success: true as const,
    message,
    payment: presentPayment(actor, (await queries.findPayment(q, paymentId))!),
    order: presentOrder(actor, (await findOrder(q, orderId))!),
  };
}

/**
 * Payments and bank statements (decision 032): money recorded by hand or read from a statement, matched to
 * orders by their payment reference; the accountant (and the overlord) handles money, finance staff read it,
 * a teacher sees their school's payments.
 */
export async function paymentRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/payment/api/',
    summary:
      'Payments of an olympiad (a teacher: their school’s), newest first; paged, searchable by school or reference',
    tags,
    access: access.read,
    query: PaymentListQuery,
    response: pageOf(Payment),
    handler: async ({ db, actor, query }) => {
      const seen = reach(actor, access.read, query.olympiadId);
      const { items, total } = await queries.listPayments(db, seen, query, query);
      return pageResult(
        items.map((p) => presentPayment(actor, p)),
        total,
        query,
      );
    },
  });

  route(app, {
    method: 'POST',
    url: '/payment/api/',
    summary:
      'Record a payment by hand (amount in cents, date received, method, reference); the order turns paid when ' +
      'covered. One identical to a payment of the same order recorded in the last 10 minutes is refused (409 ' +
      'duplicate_payment) unless confirmDuplicate is true',
    tags,
    access: access.recordPayment,
    body: PaymentInput,
    response: PaymentSaved,
    transaction: true,
    idempotent: true,
    load: ({ db, actor, body }) => orderLoader.load(db, actor, body.purchaseOrderId, 'recordPayment'),
    handler: async ({ db, actor, body, reply, record: order, audit }) => {
      // One order's payments are checked and written one at a time: the check cannot race another's insert.
      await queries.lockOrderForPayment(db, order.id);
      if (!body.confirmDuplicate) {
        const twin = await queries.recentTwin(db, { ...body, purchaseOrderId: order.id });
        if (twin) throw duplicatePayment(body, twin);
      }
      const id = await queries.insertPayment(db, {
        olympiadId: order.olympiad_id,
        purchaseOrderId: order.id,
        amountCents: body.amountCents,
        receivedOn: body.receivedOn,
        method: body.method,
        reference: body.reference,
        note: body.note,
        by: actor.userId,
      });
      const after = await recomputePaid(db, order.id);
      await audit('payment.record', {
        entityId: id,
        olympiadId: order.olympiad_id,
        data: {
          purchaseOrderId: order.id,
          amountCents: body.amountCents,
          receivedOn: body.receivedOn,
          method: body.method,
          reference: body.reference,
          ...(body.confirmDuplicate ? { confirmedDuplicate: true } : {}),
        },
      });
      reply.status(201);
      const paidNow = after?.paid && !order.paid ? '; the order is paid' : '';
      return paymentSaved(
        db,
        actor,
        id,
        order.id,
        `${printedMoney(body.amountCents, 'ZAR')} from ${order.school_name} is recorded${paidNow}`,
      );
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/payment/api/:id',
    summary:
      'Reverse a payment (kept, marked reversed with the reason); a statement line it came from waits to be matched again',
    tags,
    access: access.recordPayment,
    params: IdParams,
    query: PaymentReverseQuery,
    response: PaymentSaved,
    transaction: true,
    load: ({ db, actor, params }) => paymentLoader.load(db, actor, params.id, 'recordPayment'),
    handler: async ({ db, actor, query, record: payment, audit }) => {
      if (!(await queries.reversePayment(db, payment.id, actor.userId, query.reason)))
        throw conflict('This payment is reversed already');
      await recomputePaid(db, payment.purchase_order_id);
      await audit('payment.reverse', {
        entityId: payment.id,
        olympiadId: payment.olympiad_id,
        data: {
          purchaseOrderId: payment.purchase_order_id,
          amountCents: Number(payment.amount_cents),
          reason: query.reason,
        },
      });
      return paymentSaved(
        db,
        actor,
        payment.id,
        payment.purchase_order_id,
        `The payment of ${printedMoney(Number(payment.amount_cents), 'ZAR')} is reversed`,
      );
    },
  });

  route(app, {
    method: 'POST',
    url: '/payment/api/statement',
    summary:
      'Read a bank statement (csv or xlsx; FNB, ABSA, Standard Bank, Nedbank, Capitec or generic with named columns) and ' +
      'match each credit to an order by its payment reference. dryRun=true (default) saves nothing and answers the ' +
      'report; dryRun=false saves the import: matched lines become payments, unmatched ones wait, duplicates are skipped',
    tags,
    access: access.recordPayment,
    upload: 'file',
    query: StatementImportQuery,
    response: StatementReport,
    // No route transaction: the file is read whole first, and only the import's writes (with their audit row)
    // run in one, so no database connection waits on the sender.
    handler: async ({ db, req, actor, query }) => {
      reach(actor, access.recordPayment, query.olympiadId);
      const upload = await readUpload(req, { maxBytes: MAX_STATEMENT_BYTES });
      const sheet = await readSheet(upload.bytes, {
        maxRows: MAX_STATEMENT_ROWS,
        tooManyRows: `A statement has at most ${figure(MAX_STATEMENT_ROWS)} lines: split it`,
        notSpreadsheet: 'This is not a csv or xlsx bank statement',
        unreadable: 'This statement could not be read',
      });
      let parsed;
      try {
        parsed = parseStatement(sheet, query.format, query);
      } catch (err) {
        if (err instanceof StatementError) throw badRequest(err.message);
        throw err;
      }
      const orders = await queries.matchableOrders(db, query.olympiadId);
      const known = await queries.knownFingerprints(
        db,
        query.olympiadId,
        parsed.lines.map((l) => l.fingerprint),
      );
      const balances = new Map(orders.map((o) => [o.id, o.balance_cents]));
      const lines: (StatementReportLine & { fingerprint: string })[] = [];
      for (const l of parsed.lines) {
        const base = {
          lineNo: l.lineNo,
          postedOn: l.postedOn,
          amountCents: l.amountCents,
          reference: l.reference,
          description: l.description,
          fingerprint: l.fingerprint,
        };
        if (l.problem) {
          lines.push({ ...base, outcome: 'invalid', note: l.problem, match: null });
          continue;
        }
        if (l.amountCents! <= 0) {
          lines.push({ ...base, outcome: 'ignored', note: 'Money out (not a payment received)', match: null });
          continue;
        }
        if (known.has(l.fingerprint)) {
          lines.push({
            ...base,
            outcome: 'duplicate',
            note: 'Imported before, from an earlier statement',
            match: null,
          });
          continue;
        }
        const text = `${l.reference} ${l.description}`;
        const hits = orders.filter((o) => carriesReference(text, o.reference));
        if (hits.length !== 1) {
          lines.push({
            ...base,
            outcome: 'unmatched',
            note: hits.length
              ? `Carries ${hits.length} orders’ references: match it by hand`
              : 'No order’s payment reference found',
            match: null,
          });
          continue;
        }
        const o = hits[0]!;
        const before = balances.get(o.id)!;
        const after = before - l.amountCents!;
        balances.set(o.id, after);
        lines.push({
          ...base,
          outcome: 'matched',
          note: after < 0 ? 'Overpaid' : after > 0 ? 'Part payment' : null,
          match: {
            purchaseOrderId: o.id,
            schoolName: o.school_name,
            paymentReference: o.reference,
            balanceCents: before,
            balanceAfterCents: after,
          },
        });
      }
      const count = (o: string) => lines.filter((l) => l.outcome === o).length;
      const sum = (o: string) => lines.filter((l) => l.outcome === o).reduce((t, l) => t + (l.amountCents ?? 0), 0);
      const totals = {
        lines: lines.length,
        matched: count('matched'),
        unmatched: count('unmatched'),
        duplicates: count('duplicate'),
        ignored: count('ignored'),
        invalid: count('invalid'),
        matchedCents: sum('matched'),
        unmatchedCents: sum('unmatched'),
      };
      let importId: number | null = null;
      if (!query.dryRun) {
        if (!totals.matched && !totals.unmatched) throw conflict('This statement has no new payments to import');
        importId = await db.transaction(async (tx) => {
          const id = await queries.insertImport(tx, {
            olympiadId: query.olympiadId,
            filename: upload.fileName,
            format: parsed.format,
            lines: totals.lines,
            matched: totals.matched,
            unmatched: totals.unmatched,
            duplicates: totals.duplicates,
            by: actor.userId,
          });
          const saved = lines.filter(
            (l): l is typeof l & { outcome: 'matched' | 'unmatched' } =>
              l.outcome === 'matched' || l.outcome === 'unmatched',
          );
          const lineIds = await queries.insertLines(
            tx,
            { importId: id, olympiadId: query.olympiadId, by: actor.userId },
            saved.map((l) => ({
              lineNo: l.lineNo,
              postedOn: l.postedOn!,
              amountCents: l.amountCents!,
              reference: l.reference,
              description: l.description,
              fingerprint: l.fingerprint,
              status: l.outcome,
              purchaseOrderId: l.match?.purchaseOrderId ?? null,
            })),
          );
          // A line skipped as already there was saved by another import of this statement since it was checked.
          if (lineIds.size !== saved.length)
            throw conflict('This statement was imported at the same moment by someone else: check again');
          const paid = saved.filter((l) => l.match);
          await queries.insertStatementPayments(
            tx,
            { olympiadId: query.olympiadId, by: actor.userId },
            paid.map((l) => ({
              purchaseOrderId: l.match!.purchaseOrderId,
              amountCents: l.amountCents!,
              receivedOn: l.postedOn!,
              reference: l.reference || l.description,
              note: `Bank statement ${upload.fileName}, line ${l.lineNo}`,
              statementLineId: lineIds.get(l.fingerprint)!,
            })),
          );
          const touched = new Set(paid.map((l) => l.match!.purchaseOrderId));
          for (const orderId of touched) await recomputePaid(tx, orderId);
          await audit(tx, actor, 'payment.import', {
            ip: req.ip,
            entityId: id,
            olympiadId: query.olympiadId,
            data: { filename: upload.fileName, format: parsed.format, ...totals },
          });
          return id;
        });
      }
      const words = `${totals.matched} matched, ${totals.unmatched} to match by hand, ${totals.duplicates} already imported`;
      return {
        success: true as const,
        message: query.dryRun ? `Checked: ${words}. Nothing is saved yet.` : `Imported: ${words}`,
        dryRun: query.dryRun,
        format: parsed.format,
        importId,
        totals,
        lines: lines.map(({ fingerprint: _f, ...l }) => l),
      };
    },
  });

  route(app, {
    method: 'GET',
    url: '/payment/api/statement-lines',
    summary: 'Imported statement lines by status (unmatched by default): the ones to match by hand',
    tags,
    access: access.recordPayment,
    query: StatementLineListQuery,
    response: pageOf(StatementLine),
    handler: async ({ db, actor, query }) => {
      const seen = reach(actor, access.recordPayment, query.olympiadId);
      const { items, total } = await queries.listLines(db, seen, query.status, query);
      return pageResult(items.map(presentLine), total, query);
    },
  });

  route(app, {
    method: 'PUT',
    url: '/payment/api/statement-lines/:id/match',
    summary: 'Match an unmatched statement line to an order by hand (purchaseOrderId): a payment is recorded',
    tags,
    access: access.recordPayment,
    params: IdParams,
    query: StatementLineMatchQuery,
    response: PaymentSaved,
    transaction: true,
    idempotent: true,
    load: ({ db, actor, params }) => lineLoader.load(db, actor, params.id, 'recordPayment'),
    handler: async ({ db, actor, query, record: line, audit }) => {
      const order = await orderLoader.load(db, actor, query.purchaseOrderId, 'recordPayment');
      if (order.olympiad_id !== line.olympiad_id) throw notFound('This purchase order');
      if (!(await queries.settleLine(db, line.id, 'matched', order.id, actor.userId)))
        throw conflict('This line is matched or ignored already');
      const id = await queries.insertPayment(db, {
        olympiadId: line.olympiad_id,
        purchaseOrderId: order.id,
        amountCents: Number(line.amount_cents),
        receivedOn: String(line.posted_on).slice(0, 10),
        method: 'eft',
        reference: line.reference || line.description,
        note: `Bank statement ${line.filename}, line ${line.line_no}, matched by hand`,
        statementLineId: line.id,
        by: actor.userId,
      });
      await recomputePaid(db, order.id);
      await audit('payment.match', {
        entityId: id,
        olympiadId: line.olympiad_id,
        data: { statementLineId: line.id, purchaseOrderId: order.id, amountCents: Number(line.amount_cents) },
      });
      return paymentSaved(
        db,
        actor,
        id,
        order.id,
        `${printedMoney(Number(line.amount_cents), 'ZAR')} is matched to ${order.school_name}`,
      );
    },
  });

  route(app, {
    method: 'PUT',
    url: '/payment/api/statement-lines/:id/ignore',
    summary: 'Set an unmatched statement line aside (not a payment for this olympiad)',
    tags,
    access: access.recordPayment,
    params: IdParams,
    response: z.object({ success: z.literal(true), message: z.string(), line: StatementLine }),
    transaction: true,
    load: ({ db, actor, params }) => lineLoader.load(db, actor, params.id, 'recordPayment'),
    handler: async ({ db, actor, record: line, audit }) => {
      if (!(await queries.settleLine(db, line.id, 'ignored', null, actor.userId)))
        throw conflict('This line is matched or ignored already');
      await audit('payment.ignore-line', {
        entityId: line.id,
        olympiadId: line.olympiad_id,
        data: { amountCents: Number(line.amount_cents) },
      });
      return {
        success: true as const,
        message: 'The line is set aside',
        line: presentLine((await queries.findLine(db, line.id))!),
      };
    },
  });
}
