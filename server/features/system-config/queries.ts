import { sql } from 'drizzle-orm';
import type { RuntimeSettings } from '#contract/system-config';
import { type Queryable, untypedRows } from '../../db/client.js';

/** The stored row with the name of whoever saved it last, or null when never saved. */
export async function storedWithAuthor(q: Queryable, lock = false) {
  const [row] = await untypedRows<{ settings: Record<string, unknown>; updatedAt: Date | string; updatedBy: string | null }>(
    q,
    sql`select c.settings, c.updated_at as "updatedAt", u.username as "updatedBy"
        from system_config c left join users u on u.id = c.updated_by where c.id = 1
        ${lock ? sql`for update of c` : sql``}`,
  );
  return row ?? null;
}

/** Saves the whole settings (one row). */
export async function saveSettings(q: Queryable, settings: RuntimeSettings, userId: number) {
  await q.execute(sql`insert into system_config (id, settings, updated_at, updated_by)
    values (1, ${JSON.stringify(settings)}::jsonb, now(), ${userId})
    on conflict (id) do update set settings = excluded.settings, updated_at = now(), updated_by = excluded.updated_by`);
}
