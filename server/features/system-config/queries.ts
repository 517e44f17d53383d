import { sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import type { RuntimeSettings } from '#contract/system-config';
import { type Queryable, rows } from '../../db/client.js';
import { systemConfig, users } from '../../db/schema/index.js';

/** The stored settings (a JSON object), when they were saved and by whom (null once that account is gone). */
const StoredRow = createSelectSchema(systemConfig)
  .pick({ updatedAt: true })
  .extend({
    settings: z.record(z.string(), z.unknown()),
    updatedBy: createSelectSchema(users).shape.username.nullable(),
  });
export type StoredRow = z.infer<typeof StoredRow>;

/** The stored row with the name of whoever saved it last, or null when never saved. */
export async function storedWithAuthor(q: Queryable, lock = false) {
  const [row] = await rows(
    q,
    StoredRow,
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
