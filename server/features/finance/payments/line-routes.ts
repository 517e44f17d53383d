import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pageOf } from '#contract/errors';
import { PaymentSaved, StatementLine, StatementLineListQuery, StatementLineMatchQuery } from '#contract/finance';
import { IdParams } from '#contract/ids';
import { printedMoney } from '#contract/numbers';
import { conflict, notFound } from '../../../http/errors.js';
import { reach } from '../../../http/reach.js';
import { route } from '../../../http/route.js';
import { pageResult } from '../../../platform/paging.js';
import { orderLoader } from '../load.js';
import { recomputePaid } from '../paid.js';
import { financePolicy } from '../policy.js';
import { lineLoader } from './load.js';
import { paymentSaved, presentLine } from './present.js';
import { insertPayment } from './queries.js';
import { findLine, listLines, settleLine } from './statement-queries.js';

const tags = ['finance'];
const { access } = financePolicy;

/**
 * The lines of imported bank statements that wait (decision 032): listed by status, matched to an order by hand
 * (a payment is recorded) or set aside.
 */
export async function lineRoutes(app: FastifyInstance): Promise<void> {
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
      const { items, total } = await listLines(db, seen, query.status, query);
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
      if (order.olympiadId !== line.olympiadId) throw notFound('This purchase order');
      if (!(await settleLine(db, line.id, 'matched', order.id, actor.userId)))
        throw conflict('This line is matched or ignored already');
      const id = await insertPayment(db, {
        olympiadId: line.olympiadId,
        purchaseOrderId: order.id,
        amountCents: line.amountCents,
        receivedOn: line.postedOn.slice(0, 10),
        method: 'eft',
        reference: line.reference || line.description,
        note: `Bank statement ${line.filename}, line ${line.lineNo}, matched by hand`,
        statementLineId: line.id,
        by: actor.userId,
      });
      await recomputePaid(db, order.id);
      await audit('payment.match', {
        entityId: id,
        olympiadId: line.olympiadId,
        data: { statementLineId: line.id, purchaseOrderId: order.id, amountCents: line.amountCents },
      });
      return paymentSaved(
        db,
        actor,
        id,
        order.id,
        `${printedMoney(line.amountCents, 'ZAR')} is matched to ${order.schoolName}`,
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
      if (!(await settleLine(db, line.id, 'ignored', null, actor.userId)))
        throw conflict('This line is matched or ignored already');
      await audit('payment.ignore-line', {
        entityId: line.id,
        olympiadId: line.olympiadId,
        data: { amountCents: line.amountCents },
      });
      return {
        success: true as const,
        message: 'The line is set aside',
        line: presentLine((await findLine(db, line.id))!),
      };
    },
  });
}
