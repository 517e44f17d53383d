import type { Queryable } from '../db/client.js';
import { auditLog } from '../db/schema/index.js';
import type { Actor } from '../http/actor.js';

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | number | null;
  olympiadId?: number | null;
  data?: Record<string, unknown>;
  ip?: string | null;
}

/** Who did it: a request's actor, or the person a background job runs for. */
export type AuditActor = Pick<Actor, 'userId' | 'impersonatorId'>;

/** Writes one audit row; call it inside the same transaction as the change it records. */
export async function audit(q: Queryable, actor: AuditActor | null, entry: AuditEntry): Promise<void> {
  await q.insert(auditLog).values({
    actorId: actor?.userId ?? null,
    impersonatorId: actor?.impersonatorId ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    olympiadId: entry.olympiadId ?? null,
    ip: entry.ip ?? null,
    data: entry.data ?? {},
  });
}
