import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParams } from '#contract/ids';
import { pageOf } from '#contract/errors';
import {
  PurchaseOrder,
  PurchaseOrderCommentBody,
  PurchaseOrderCreateQuery,
  PurchaseOrderDeleteQuery,
  PurchaseOrderListQuery,
  PurchaseOrderRemoveQuery,
  PurchaseOrderSaved,
  PurchaseOrderStatusQuery,
  PurchaseOrderSummary,
  SetFreeLearnersQuery,
  SetSchoolPOQuery,
} from '#contract/finance';
import type { Queryable } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { conflict, notFoundSaid } from '../../http/errors.js';
import { reach } from '../../http/reach.js';
import { route } from '../../http/route.js';
import { pageResult } from '../../platform/paging.js';
import { accountRoutes } from './accounts/routes.js';
import { invoiceRoutes } from './invoices/routes.js';
import { dashboardRoutes } from './payments/dashboard.js';
import { lineRoutes } from './payments/line-routes.js';
import { paymentRoutes } from './payments/routes.js';
import { statementRoutes } from './payments/statement-routes.js';
import { orderLoader, orderToChange } from './load.js';
import { financePolicy } from './policy.js';
import { presentOrder } from './present.js';
import * as queries from './queries.js';
import { count } from '#contract/numbers';
import { say } from '../../http/request-language.js';

const tags = ['finance'];
const { access } = financePolicy;
const OrderBody = PurchaseOrderSaved;

/** The order as the caller now sees it, after a change. */
async function saved(q: Queryable, actor: Actor, id: number, message: string) {
  return { success: true as const, message, order: presentOrder(actor, (await queries.findOrder(q, id))!) };
}

const stateWords = { paid: 'paid', pre: 'pre-approved', unpaid: 'not paid', deleted: 'removed' } as const;

/**
 * Purchase orders (docs/spec.md §7 "Purchase orders"; decision 020): the list an accountant works from, and the status
 * change (paid, pre-approved, not paid, removed). Invoices and the teacher's calls are not built yet.
 */
export async function financeRoutes(app: FastifyInstance): Promise<void> {
  await app.register(invoiceRoutes);
  await app.register(accountRoutes);
  await app.register(paymentRoutes);
  await app.register(statementRoutes);
  await app.register(lineRoutes);
  await app.register(dashboardRoutes);

  route(app, {
    method: 'GET',
    url: '/purchase-order/api/:id',
    summary: 'One purchase order (a teacher: their own school’s), with its quote, current invoice and balance',
    tags,
    access: access.read,
    params: IdParams,
    response: z.object({ success: z.literal(true), order: PurchaseOrder }),
    load: ({ db, actor, params }) => orderLoader.load(db, actor, params.id, 'read'),
    handler: async ({ actor, record }) => ({ success: true as const, order: presentOrder(actor, record) }),
  });

  route(app, {
    method: 'POST',
    url: '/purchase-order/api/',
    summary:
      'Open a purchase order for an entered school participant that has none (schoolParticipantId; optionally ' +
      'schoolsPO, freeLearners and a comment)',
    tags,
    access: access.create,
    query: PurchaseOrderCreateQuery,
    response: PurchaseOrderSaved,
    transaction: true,
    handler: async ({ db, actor, query, reply, audit }) => {
      const participant = await queries.findParticipant(db, query.schoolParticipantId);
      if (!participant || !financePolicy.can(actor, 'read', { olympiadId: participant.olympiadId }))
        throw notFoundSaid('api-portal.notFound.participant');
      if (!financePolicy.can(actor, 'create', { olympiadId: participant.olympiadId }))
        throw notFoundSaid('api-portal.notFound.participant');
      if (participant.status === 'withdrawn')
        throw conflict(say('api-portal.order.withdrawn', { schoolName: participant.schoolName }));
      const by = await queries.authorName(db, actor.userId);
      const id = await queries.createOrder(db, {
        schoolParticipantId: participant.id,
        schoolsPO: query.schoolsPO || null,
        freeLearners: query.freeLearners ?? 0,
        comment: query.comment ? { at: new Date().toISOString(), by, text: query.comment } : null,
      });
      if (id == null) throw conflict(say('api-portal.order.exists', { schoolName: participant.schoolName }));
      await audit('purchase-order.create', {
        entityId: id,
        olympiadId: participant.olympiadId,
        data: {
          schoolParticipantId: participant.id,
          freeLearners: query.freeLearners ?? 0,
          schoolsPO: query.schoolsPO ?? null,
        },
      });
      reply.status(201);
      return saved(db, actor, id, `${participant.schoolName}: the purchase order is open`);
    },
  });

  route(app, {
    method: 'PUT',
    url: '/purchase-order/api/set-school-po/:id',
    summary: 'Set the school’s own purchase-order number (schoolsPO; empty clears it): its teacher, or finance staff',
    tags,
    access: access.setSchoolPO,
    params: IdParams,
    query: SetSchoolPOQuery,
    response: PurchaseOrderSaved,
    transaction: true,
    load: ({ db, actor, params }) => orderLoader.load(db, actor, params.id, 'setSchoolPO'),
    handler: async ({ db, actor, query, record: order, audit }) => {
      const value = query.schoolsPO || null;
      await queries.setSchoolPO(db, order.id, value);
      await audit('purchase-order.school-po', {
        entityId: order.id,
        olympiadId: order.olympiadId,
        data: { from: order.schoolsPO, to: value },
      });
      const stale = order.ciId != null && (order.ciSchoolsPO ?? '') !== (value ?? '');
      const message = value
        ? `Purchase-order number ${value} is saved${stale ? '; issue an updated invoice to print it' : ''}`
        : 'The purchase-order number is cleared';
      return saved(db, actor, order.id, message);
    },
  });

  route(app, {
    method: 'PUT',
    url: '/purchase-order/api/set-num-learners-discount/:id',
    summary:
      'Grant free learners (freeLearners, the number the school does not pay for) with a comment saying why; the ' +
      'comment joins the order’s comments with its author and time',
    tags,
    access: access.setFreeLearners,
    params: IdParams,
    query: SetFreeLearnersQuery,
    response: PurchaseOrderSaved,
    transaction: true,
    load: ({ db, actor, params }) => orderLoader.load(db, actor, params.id, 'setFreeLearners'),
    handler: async ({ db, actor, query, record: order, audit }) => {
      const by = await queries.authorName(db, actor.userId);
      const from = order.freeLearners;
      await queries.setFreeLearners(db, order.id, query.freeLearners, {
        at: new Date().toISOString(),
        by,
        text: `Free learners ${from} → ${query.freeLearners}: ${query.comment}`,
      });
      await audit('purchase-order.free-learners', {
        entityId: order.id,
        olympiadId: order.olympiadId,
        data: { from, to: query.freeLearners, comment: query.comment },
      });
      return saved(db, actor, order.id, `${order.schoolName}: ${count(query.freeLearners, 'free learner')}`);
    },
  });

  route(app, {
    method: 'POST',
    url: '/purchase-order/api/comment/:id',
    summary: 'Add a comment to an order (finance staff only; teachers never see comments)',
    tags,
    access: access.comment,
    params: IdParams,
    body: PurchaseOrderCommentBody,
    response: PurchaseOrderSaved,
    transaction: true,
    load: ({ db, actor, params }) => orderLoader.load(db, actor, params.id, 'comment'),
    handler: async ({ db, actor, body, record: order, audit }) => {
      const comment = {
        at: new Date().toISOString(),
        by: await queries.authorName(db, actor.userId),
        text: body.comment,
      };
      await queries.addComment(db, order.id, comment);
      await audit('purchase-order.comment', {
        entityId: order.id,
        olympiadId: order.olympiadId,
        data: { text: body.comment },
      });
      return saved(db, actor, order.id, 'The comment is added');
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/purchase-order/api/:id',
    summary:
      'Remove a purchase order (kept, marked removed); schoolParticipantId is the school participant it belongs to',
    tags,
    access: access.delete,
    params: IdParams,
    query: PurchaseOrderRemoveQuery,
    response: PurchaseOrderSaved,
    transaction: true,
    load: ({ db, actor, params, query }) => orderToChange(db, actor, params.id, query.schoolParticipantId, 'delete'),
    handler: async ({ db, actor, record: order, audit }) => {
      if (!(await queries.deleteOrder(db, order.id, actor.userId))) throw conflict(say('api-portal.order.removed'));
      await audit('purchase-order.delete', {
        entityId: order.id,
        olympiadId: order.olympiadId,
        data: { schoolParticipantId: order.schoolParticipantId, from: order.state },
      });
      return saved(db, actor, order.id, `${order.schoolName}: the purchase order is removed`);
    },
  });
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
        throw conflict(say('api-portal.order.another', { schoolName: order.schoolName }));
      await audit(order.deletedAt ? 'purchase-order.restore' : 'purchase-order.status', {
        entityId: order.id,
        olympiadId: order.olympiadId,
        data: { schoolParticipantId: order.schoolParticipantId, from: order.state, to: query.status },
      });
      const after = (await queries.findOrder(db, order.id))!;
      return {
        success: true as const,
        message: `${order.schoolName}: ${stateWords[after.state]}`,
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
      if (!(await queries.deleteOrder(db, order.id, actor.userId))) throw conflict(say('api-portal.order.removed'));
      await audit('purchase-order.delete', {
        entityId: order.id,
        olympiadId: order.olympiadId,
        data: { schoolParticipantId: order.schoolParticipantId, from: order.state },
      });
      return {
        success: true as const,
        message: `${order.schoolName}: the purchase order is removed`,
        order: presentOrder(actor, (await queries.findOrder(db, order.id))!),
      };
    },
  });
}
