import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Every message the platform sends, and the outbox when no SMTP_URL is set: with no transport
 * a message stays here with status `outbox`, readable in the overlord's email logs.
 */
export const emails = pgTable(
  'emails',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    status: text('status', { enum: ['outbox', 'sent', 'failed'] }).notNull(),
    error: text('error'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    olympiadId: integer('olympiad_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('emails_status_ck', sql`${t.status} in ('outbox', 'sent', 'failed')`),
    index('emails_to_idx').on(sql`lower(${t.toAddress})`),
    index('emails_created_idx').on(t.createdAt),
  ],
);
