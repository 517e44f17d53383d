import type { z } from 'zod';
import type { Payment, StatementLine } from '#contract/finance';
import type { Queryable } from '../../../db/client.js';
import type { Actor } from '../../../http/actor.js';
import { iso, isoOrNull } from '../../../platform/dates.js';
import { financePolicy } from '../policy.js';
import { presentOrder } from '../present.js';
import { findOrder } from '../queries.js';
import { findPayment, type PaymentRow } from './queries.js';
import type { StatementLineRow } from './statement-queries.js';

/** A payment as it leaves the server, with whether the caller may reverse it. */
export function presentPayment(actor: Actor, p: PaymentRow): z.infer<typeof Payment> {
  const record = { olympiadId: p.olympiadId, schoolId: p.schoolId };
  return {
    id: p.id,
    purchaseOrderId: p.purchaseOrderId,
    olympiadId: p.olympiadId,
    schoolName: p.schoolName,
    amountCents: p.amountCents,
    receivedOn: p.receivedOn.slice(0, 10),
    method: p.method,
    reference: p.reference,
    note: p.note,
    statementLine:
      p.statementLineId == null
        ? null
        : { importId: Number(p.importId), lineNo: Number(p.lineNo), filename: p.filename ?? '' },
    createdBy: p.createdBy,
    createdAt: iso(p.createdAt),
    reversedAt: isoOrNull(p.reversedAt),
    reverseReason: p.reverseReason,
    can: { reverse: p.reversedAt == null && financePolicy.can(actor, 'recordPayment', record) },
  };
}

/** An imported statement line as it leaves the server. */
export const presentLine = (l: StatementLineRow): z.infer<typeof StatementLine> => ({
  id: l.id,
  importId: l.importId,
  filename: l.filename,
  lineNo: l.lineNo,
  postedOn: l.postedOn.slice(0, 10),
  amountCents: l.amountCents,
  reference: l.reference,
  description: l.description,
  status: l.status,
  purchaseOrderId: l.purchaseOrderId,
  schoolName: l.schoolName,
});

/** The payment and the order after a change, as the caller sees them. */
export async function paymentSaved(q: Queryable, actor: Actor, paymentId: number, orderId: number, message: string) {
  return {
    success: true as const,
    message,
    payment: presentPayment(actor, (await findPayment(q, paymentId))!),
    order: presentOrder(actor, (await findOrder(q, orderId))!),
  };
}
