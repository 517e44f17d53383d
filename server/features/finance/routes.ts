import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParams } from '#contract/ids';
import { pageOf } from '#contract/errors';
import {
  PurchaseOrder,
  PurchaseOrderDeleteQuery,
  PurchaseOrderListQuery,
  PurchaseOrderStatusQuery,
  PurchaseOrderSummary,
} from '#contract/finance';
import { conflict } from '../../http/errors.js';
import { reach } from '../../http/reach.js';
import { route } from '../../http/route.js';
import { pageResult } from '../../platform/paging.js';
import { orderToChange } from './load.js';
import { financePolicy } from './policy.js';
import { presentOrder } from './present.js';
import * as queries from './queries.js';

const tags = ['finance'];
const { access } = financePolicy;
const OrderBody = z.object({ success: z.literal(true), message: z.string(), order: PurchaseOrder });

const stateWords = { paid: 'paid', pre: 'pre-approved', unpaid: 'not paid', deleted: 'removed' } as const;

/**
 * Purchase orders (docs/spec.md §7 "Purchase orders"; decision 020): the list an accountant works from, and the status
 * change (paid, pre-approved, not paid, removed). Invoices and the teacher's calls are not built yet.
 */
export async function financeRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/purchase-order/api/',
    summary:
      'Purchase orders of an olympiad (olympiadId), removed ones too with fetchDeleted; paged, searchable by ' +
      'school or PO number, sortable, with counts by state',
    tags,
    access: access.read,
    query: PurchaseOrderListQuery,
    response: pageOf(PurchaseOrder).extend({ summary: PurchaseOrderSummary }),
    handler: async ({ db, actor, query }) => {
      const seen = reach(actor, access.read, query.olympiadId);
      const [{ items, total }, summary] = await Promise.all([
        queries.listOrders(db, seen, query, query),
        queries.orderSummary(db, seen),
      ]);
      return {
        ...pageResult(
          items.map((o) => presentOrder(actor, o)),
          total,
          query,
        ),
        summary,
      };
    },
  });

  route(app, {
    method: 'PUT',
    url: '/purchase-order/rest/:id',
    summary:
      'Set a purchase order’s status: paid (paid, not pre-approved), pre (pre-approved, not paid) or unpaid; ' +
      'customerParticipantId is the school participant it belongs to. A removed order is restored by it.',
    tags,
    access: access.setStatus,
    params: IdParams,
    query: PurchaseOrderStatusQuery,
    response: OrderBody,
    transaction: true,
    load: ({ db, actor, params, query }) => orderToChange(db, actor, params.id, query.customerParticipantId),
    handler: async ({ db, actor, query, record: order, audit }) => {
      if (!(await queries.setOrderStatus(db, order.id, query.status, actor.userId)))
        throw conflict(`${order.school_name} has another purchase order already; this one stays removed`);
      await audit(order.deleted_at ? 'purchase-order.restore' : 'purchase-order.status', {
        entityId: order.id,
        olympiadId: order.olympiad_id,
        data: { schoolParticipantId: order.school_participant_id, from: order.state, to: query.status },
      });
      const after = (await queries.findOrder(db, order.id))!;
      return {
        success: true as const,
        message: `${order.school_name}: ${stateWords[after.state]}`,
        order: presentOrder(actor, after),
      };
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/purchase-order/rest/:id',
    summary:
      'Remove a purchase order (status=delete): it is kept, marked removed, and listed with fetchDeleted; ' +
      'customerParticipantId is the school participant it belongs to',
    tags,
    access: access.delete,
    params: IdParams,
    query: PurchaseOrderDeleteQuery,
    response: OrderBody,
    transaction: true,
    load: ({ db, actor, params, query }) => orderToChange(db, actor, params.id, query.customerParticipantId),
    handler: async ({ db, actor, record: order, audit }) => {
      if (!(await queries.deleteOrder(db, order.id, actor.userId)))
        throw conflict('This purchase order is removed already');
      await audit('purchase-order.delete', {
        entityId: order.id,
        olympiadId: order.olympiad_id,
        data: { schoolParticipantId: order.school_participant_id, from: order.state },
      });
      return {
        success: true as const,
        message: `${order.school_name}: the purchase order is removed`,
        order: presentOrder(actor, (await queries.findOrder(db, order.id))!),
      };
    },
  });
}
