import type { BounceRow, UnsubscribeRow } from '#contract/mail';
import { iso } from '../../../platform/dates.js';
import type { BounceEntry, UnsubscribeEntry } from './queries.js';

export const presentUnsubscribe = (r: UnsubscribeEntry): UnsubscribeRow => ({
  id: r.id,
  email: r.email,
  olympiadId: r.olympiadId,
  olympiadTitle: r.olympiadTitle,
  source: r.source,
  createdAt: iso(r.createdAt),
});

export const presentBounce = (r: BounceEntry): BounceRow => ({
  id: r.id,
  email: r.email,
  kind: r.kind,
  reason: r.reason,
  emailId: r.emailId,
  createdAt: iso(r.createdAt),
});
