import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** One row for every change and every impersonation, so that who did what can always be traced. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    impersonatorId: integer('impersonator_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    olympiadId: integer('olympiad_id'),
    ip: text('ip'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    // The activity log: a record's history ("who changed this school's name"), and what an impersonator did.
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.at),
    index('audit_log_impersonator_idx').on(t.impersonatorId, t.at),
  ],
);
