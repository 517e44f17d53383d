import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * The first answer of a write sent with an Idempotency-Key (decision 066), per user, route and key: a repeat within
 * 24 hours is answered from here. `status` and `body` are written in the write's own transaction, so a committed
 * row always holds them.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The method and the route's pattern, e.g. `POST /payment/api/`. */
    route: text('route').notNull(),
    key: text('key').notNull(),
    /** A digest of the request's params, query and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    /** The answer as JSON text, exactly as it left. */
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pk', columns: [t.userId, t.route, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
