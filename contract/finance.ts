import { z } from 'zod';
import { IdText } from './ids.js';
import { PageQuery } from './errors.js';

/**
 * Purchase orders (docs/spec.md §3, §4, §7 "Purchase orders"): one per school participant. Decision 020.
 * The status change is sent as a status value: `paid` (paid, not pre-approved), `pre` (pre-approved, not
 * paid), `unpaid` (neither: undoes a mistake) and `delete` (the order is removed; sent with DELETE).
 */
export const purchaseOrderStatuses = ['paid', 'pre', 'unpaid'] as const;
export const PurchaseOrderStatus = z.enum(purchaseOrderStatuses);
export type PurchaseOrderStatus = z.infer<typeof PurchaseOrderStatus>;

/** Where an order stands, as the screens show it. */
export const purchaseOrderStates = ['paid', 'pre', 'unpaid', 'deleted'] as const;
export type PurchaseOrderState = (typeof purchaseOrderStates)[number];

const flag = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean(),
);

export const purchaseOrderSorts = ['schoolName', 'state', 'learners', 'amount', 'updatedAt'] as const;

/** GET /purchase-order/api/?olympiadId&fetchDeleted (paged, searchable by school or PO number, sortable). */
export const PurchaseOrderListQuery = PageQuery.extend({
  olympiadId: IdText,
  fetchDeleted: flag.default(false),
  /** Only orders in this state. */
  state: z.preprocess((v) => (v === '' ? undefined : v), z.enum(purchaseOrderStates).optional()),
  sort: z.enum(purchaseOrderSorts).optional(),
}).strict();

/** PUT /purchase-order/rest/{id}?status&customerParticipantId */
export const PurchaseOrderStatusQuery = z.strictObject({
  status: PurchaseOrderStatus,
  /** The school participant the order belongs to: a screen that is out of date cannot change another order. */
  customerParticipantId: IdText,
});
/** DELETE /purchase-order/rest/{id}?status=delete&customerParticipantId */
export const PurchaseOrderDeleteQuery = z.strictObject({
  status: z.literal('delete').optional(),
  customerParticipantId: IdText,
});

export const PurchaseOrderComment = z.object({ at: z.string(), by: z.string(), text: z.string() });

export const PurchaseOrder = z.object({
  id: z.number().int(),
  /** The school participant (the spec's customerParticipantId and schoolParticipantId). */
  schoolParticipantId: z.number().int(),
  olympiadId: z.number().int(),
  schoolId: z.number().int(),
  schoolName: z.string(),
  town: z.string().nullable(),
  province: z.string().nullable(),
  paid: z.boolean(),
  preApproved: z.boolean(),
  state: z.enum(purchaseOrderStates),
  schoolsPO: z.string().nullable(),
  freeLearners: z.number().int(),
  comments: z.array(PurchaseOrderComment),
  learners: z.number().int(),
  /** (learners − free learners) × the olympiad's fee, in cents of `currency`. */
  amountCents: z.number().int(),
  currency: z.string(),
  statusChangedAt: z.string().nullable(),
  statusChangedBy: z.string().nullable(),
  deletedAt: z.string().nullable(),
  updatedAt: z.string(),
  /** What the caller may do with this order (the server's policy answers). */
  can: z.object({ setStatus: z.boolean(), delete: z.boolean() }),
});
export type PurchaseOrder = z.infer<typeof PurchaseOrder>;

/** Counts by state for the whole olympiad (the list's summary, unaffected by paging and search). */
export const PurchaseOrderSummary = z.object({
  paid: z.number().int(),
  pre: z.number().int(),
  unpaid: z.number().int(),
  deleted: z.number().int(),
});
export type PurchaseOrderSummary = z.infer<typeof PurchaseOrderSummary>;
