import type { PurchaseOrder } from '../../../contract/finance.js';
import type { Actor } from '../../http/actor.js';
import { financePolicy } from './policy.js';
import type { OrderDb } from './queries.js';

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d == null ? null : iso(d));

/** A purchase order as it leaves the server, with what the caller may do with it. */
export function presentOrder(actor: Actor, o: OrderDb): PurchaseOrder {
  const record = { olympiadId: o.olympiad_id };
  const canChange = financePolicy.canSetStatus(actor, record);
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
    can: { setStatus: canChange, delete: canChange && o.deleted_at == null },
  };
}
