import { sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { CountRow, type Queryable, rows } from '../db/client.js';
import { massMails } from '../db/schema/index.js';
import { audit } from './audit.js';

/** A mailing claimed for release: its olympiad and the time it was scheduled for (claimed once due: never null). */
const ReleasedMailing = createSelectSchema(massMails)
  .pick({ id: true, olympiadId: true })
  .extend({ scheduledFor: createSelectSchema(massMails).shape.scheduledFor.unwrap() });

export interface ScheduledRelease {
  massMailId: number;
  released: number;
}

/**
 * Releases the held messages of mailings whose scheduled time has come (decision 020). One mailing per
 * transaction: the mailing row is claimed with `FOR UPDATE SKIP LOCKED` and marked released in the same
 * statement, so of several sender processes exactly one releases it and writes its audit row; the others
 * skip the locked row, or see it marked once the claim commits. A crash before the commit leaves it due.
 */
export async function releaseDueMailings(q: Queryable, worker: string, limit = 10): Promise<ScheduledRelease[]> {
  const done: ScheduledRelease[] = [];
  for (let i = 0; i < limit; i++) {
    const one = await q.transaction(async (tx) => {
      const [m] = await rows(
        tx,
        ReleasedMailing,
        sql`update mass_mails set schedule_released_at = now(), updated_at = now()
          where id = (select id from mass_mails
            where status = 'queued' and schedule_released_at is null and scheduled_for <= now()
            order by scheduled_for, id limit 1 for update skip locked)
          returning id, olympiad_id, scheduled_for`,
      );
      if (!m) return null;
      const [r] = await rows(
        tx,
        CountRow,
        sql`with released as (
            update emails set status = 'released', released_at = now(), next_attempt_at = now()
            where mass_mail_id = ${m.id} and status = 'held' returning 1)
          select count(*)::int as n from released`,
      );
      const released = Number(r?.n ?? 0);
      await audit(tx, null, 'mass-mail.scheduled-release', {
        entityId: m.id,
        olympiadId: m.olympiadId,
        data: { released, scheduledFor: m.scheduledFor.toISOString(), worker },
      });
      return { massMailId: m.id, released };
    });
    if (!one) break;
    done.push(one);
  }
  return done;
}
