import type { PurchaseOrder } from '#contract/finance';
import type { Actor } from '../../http/actor.js';
import { iso, isoOrNull } from '../../platform/dates.js';
import { financePolicy } from './policy.js';
import type { OrderDb } from './queries.js';

/** A purchase order as it leaves the server, with what the caller may do with it. */
export function presentOrder(actor: Actor, o: OrderDb): PurchaseOrder {
  return {
    id: o.id,
    schoolParticipantId: o.school_participant_id,
    olympiadId: o.olympiad_id,
    schoolId: o.school_id,
    schoolName: o.school_name,
    town: o.town,
    province: o.province,
    paid: o.paid,
    preApproved: o.pre_approved,
    state: o.state,
    schoolsPO: o.schools_po,
    freeLearners: Number(o.free_learners),
    comments: o.comments ?? [],
    learners: Number(o.learners),
    amountCents: Number(o.amount_cents),
    currency: o.currency,
    statusChangedAt: isoOrNull(o.status_changed_at),
    statusChangedBy: o.status_changed_by,
    deletedAt: isoOrNull(o.deleted_at),
    updatedAt: iso(o.updated_at),
    can: financePolicy.flags(actor, { olympiadId: o.olympiad_id, deletedAt: o.deleted_at }, ['setStatus', 'delete']),
  };
}
