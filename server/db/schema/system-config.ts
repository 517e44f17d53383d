import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * The runtime settings (contract/system-config.ts `RuntimeSettings`; decision 036): one row, the truth for every
 * server process. Each process keeps a copy for a few seconds (platform/runtime-settings.ts). A setting missing
 * from `settings` takes the environment's value.
 */
export const systemConfig = pgTable(
  'system_config',
  {
    id: integer('id').primaryKey().default(1),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('system_config_one_row_ck', sql`${t.id} = 1`)],
);
