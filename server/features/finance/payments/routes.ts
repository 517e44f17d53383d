import type { FastifyInstance } from 'fastify';
import { pageOf } from '#contract/errors';
import { Payment, PaymentInput, PaymentListQuery, PaymentReverseQuery, PaymentSaved } from '#contract/finance';
import { IdParams } from '#contract/ids';
import { printedMoney } from '#contract/numbers';
import { conflict, HttpError } from '../../../http/errors.js';
import { reach } from '../../../http/reach.js';
import { route } from '../../../http/route.js';
import { pageResult } from '../../../platform/paging.js';
import { orderLoader } from '../load.js';
import { recomputePaid } from '../paid.js';
import { financePolicy } from '../policy.js';
import { paymentLoader } from './load.js';
import { paymentSaved, presentPayment } from './present.js';
import * as queries from './queries.js';

const tags = ['finance'];
const { access } = financePolicy;

/** 409 `duplicate_payment`: the same payment recorded minutes ago; `confirmDuplicate: true` records it anyway. */
function duplicatePayment(body: { amountCents: number; receivedOn: string; reference: string }, twin: queries.Twin) {
  const minutes = Math.max(1, Math.ceil((Date.now() - new Date(twin.createdAt).getTime()) / 60_000));
  const reference = body.reference ? ` with reference “${body.reference}”` : ' without a reference';
  const by = twin.createdByName ? ` by ${twin.createdByName}` : '';
  return new HttpError(
    409,
    'duplicate_payment',
    `The same payment (${printedMoney(body.amountCents, 'ZAR')} received on ${body.receivedOn}${reference}) was ` +
      `recorded for this order ${minutes === 1 ? 'a minute' : `${minutes} minutes`} ago${by}. ` +
      'Record it again only if the school really paid twice.',
  );
}

/**
 * Payments (decision 032): money recorded by hand, listed and reversed; the accountant (and the overlord) handles
 * money, finance staff read it, a teacher sees their school's payments. Bank statements: statement-routes.ts and
 * line-routes.ts.
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
        olympiadId: order.olympiadId,
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
        olympiadId: order.olympiadId,
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
        `${printedMoney(body.amountCents, 'ZAR')} from ${order.schoolName} is recorded${paidNow}`,
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
      await recomputePaid(db, payment.purchaseOrderId);
      await audit('payment.reverse', {
        entityId: payment.id,
        olympiadId: payment.olympiadId,
        data: {
          purchaseOrderId: payment.purchaseOrderId,
          amountCents: payment.amountCents,
          reason: query.reason,
        },
      });
      return paymentSaved(
        db,
        actor,
        payment.id,
        payment.purchaseOrderId,
        `The payment of ${printedMoney(payment.amountCents, 'ZAR')} is reversed`,
      );
    },
  });
}
