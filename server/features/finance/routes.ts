import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParams } from '../../../contract/ids.js';
import { pageOf } from '../../../contract/errors.js';
import {
  PurchaseOrder,
  PurchaseOrderDeleteQuery,
  PurchaseOrderListQuery,
  PurchaseOrderStatusQuery,
  PurchaseOrderSummary,
} from '../../../contract/finance.js';
import type { Actor } from '../../http/actor.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { audit } from '../../platform/audit.js';
import { pageResult } from '../../platform/paging.js';
import { financeAccess, financePolicy } from './policy.js';
import { presentOrder } from './present.js';
import * as queries from './queries.js';

const tags = ['finance'];
const OrderBody = z.object({ success: z.literal(true), message: z.string(), order: PurchaseOrder });

const stateWords = { paid: 'paid', pre: 'pre-approved', unpaid: 'not paid', deleted: 'removed' } as const;

/**
 * Purchase orders (docs/spec.md §7 "Purchase orders"; decision 020): the list an accountant works from, and the status
 * change (paid, pre-approved, not paid, removed). Invoices and the teacher's calls are not built yet.
 */
export async function financeRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  /** The order, if the actor may see it (else 404), and may change it (else 403); the participant must match. */
  async function loadForChange(actor: Actor, id: number, customerParticipantId: number) {
    const order = await queries.findOrder(db, id);
    if (!order || !financePolicy.canSeeOrders(actor, { olympiadId: order.olympiad_id }))
      throw notFound('This purchase order');
    if (!financePolicy.canSetStatus(actor, { olympiadId: order.olympiad_id }))
      throw forbidden('Only the accountant or an admin changes a purchase order');
    if (order.school_participant_id !== customerParticipantId)
      throw conflict('This purchase order belongs to another school: reload the list', [
        { path: 'query.customerParticipantId', message: 'Not the school of this order' },
      ]);
    return order;
  }

  route(app, {
    method: 'GET',
    url: '/purchase-order/api/',
    summary:
      'Purchase orders of an olympiad (olympiadId), removed ones too with fetchDeleted; paged, searchable by ' +
      'school or PO number, sortable, with counts by state',
    tags,
    access: financeAccess.listOrders,
    query: PurchaseOrderListQuery,
    response: pageOf(PurchaseOrder).extend({ summary: PurchaseOrderSummary }),
    handler: async ({ actor, query }) => {
      if (!financePolicy.canSeeOrders(actor, { olympiadId: query.olympiadId })) throw notFound('This olympiad');
      const [{ items, total }, summary] = await Promise.all([
        queries.listOrders(db, query.olympiadId, query, query),
        queries.orderSummary(db, query.olympiadId),
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
    access: financeAccess.setOrderStatus,
    params: IdParams,
    query: PurchaseOrderStatusQuery,
    response: OrderBody,
    handler: async ({ req, actor, params, query }) => {
      const order = await loadForChange(actor, params.id, query.customerParticipantId);
      const changed = await db.transaction(async (tx) => {
        const ok = await queries.setOrderStatus(tx, order.id, query.status, actor.userId);
        if (!ok) return false;
        await audit(tx, actor, {
          action: order.deleted_at ? 'purchase-order.restore' : 'purchase-order.status',
          entity: 'purchase_order',
          entityId: order.id,
          olympiadId: order.olympiad_id,
          data: { schoolParticipantId: order.school_participant_id, from: order.state, to: query.status },
          ip: req.ip,
        });
        return true;
      });
      if (!changed) throw conflict(`${order.school_name} has another purchase order already; this one stays removed`);
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
    access: financeAccess.setOrderStatus,
    params: IdParams,
    query: PurchaseOrderDeleteQuery,
    response: OrderBody,
    handler: async ({ req, actor, params, query }) => {
      const order = await loadForChange(actor, params.id, query.customerParticipantId);
      const removed = await db.transaction(async (tx) => {
        const ok = await queries.deleteOrder(tx, order.id, actor.userId);
        if (!ok) return false;
        await audit(tx, actor, {
          action: 'purchase-order.delete',
          entity: 'purchase_order',
          entityId: order.id,
          olympiadId: order.olympiad_id,
          data: { schoolParticipantId: order.school_participant_id, from: order.state },
          ip: req.ip,
        });
        return true;
      });
      if (!removed) throw conflict('This purchase order is removed already');
      return {
        success: true as const,
        message: `${order.school_name}: the purchase order is removed`,
        order: presentOrder(actor, (await queries.findOrder(db, order.id))!),
      };
    },
  });
}
