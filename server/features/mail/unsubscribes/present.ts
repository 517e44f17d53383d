import type { BounceRow, UnsubscribeRow } from '#contract/mail';
import { iso } from '../../../platform/dates.js';
import type { BounceDb, UnsubscribeDb } from './queries.js';

export const presentUnsubscribe = (r: UnsubscribeDb): UnsubscribeRow => ({
  id: r.id,
  email: r.email,
  olympiadId: r.olympiad_id,
  olympiadTitle: r.olympiad_title,
  source: r.source,
  createdAt: iso(r.created_at),
});

export const presentBounce = (r: BounceDb): BounceRow => ({
  id: r.id,
  email: r.email,
  kind: r.kind,
  reason: r.reason,
  emailId: r.email_id,
  createdAt: iso(r.created_at),
});
