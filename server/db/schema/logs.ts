import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The server's warnings and errors (pino, level warn and above), kept by key: where they come from (a route
 * `GET /school/v-rest/:id`, or a module such as `mail-sender`). Written in batches off the request path
 * (platform/app-log.ts) and pruned after `APP_LOG_RETENTION_DAYS` (decision 037). Already redacted: a line
 * reaches this table only through the logger's redaction.
 */
export const appLog = pgTable(
  'app_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    level: text('level', { enum: ['warn', 'error', 'fatal'] }).notNull(),
    key: text('key').notNull(),
    message: text('message').notNull(),
    reqId: text('req_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('app_log_key_at_idx').on(t.key, t.at),
    index('app_log_at_idx').on(t.at),
    index('app_log_req_idx').on(t.reqId),
    index('app_log_message_trgm_idx').using('gin', sql`${t.message} gin_trgm_ops`),
  ],
);

/**
 * A learner's failed sign-in (decision 037). Successful sign-ins are the `sessions` rows themselves; only a
 * failure, which starts no session, writes here: nothing more is written on exam day's successful path.
 */
export const signinFailures = pgTable(
  'signin_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The olympiad named at sign-in, when it exists. */
    olympiadId: integer('olympiad_id'),
    /** The learner's school and account, when the username was known. */
    schoolId: integer('school_id'),
    userId: integer('user_id'),
    username: text('username').notNull(),
    /** unknown_username, wrong_password, account_disabled, throttled */
    reason: text('reason').notNull(),
  },
  (t) => [index('signin_failures_at_idx').on(t.at), index('signin_failures_olympiad_at_idx').on(t.olympiadId, t.at)],
);
