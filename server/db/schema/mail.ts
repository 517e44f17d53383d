import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Where a queued message is (decision 010): held → released → sending → sent | outbox | failed | suppressed. */
export const emailStatuses = ['held', 'released', 'sending', 'sent', 'outbox', 'failed', 'suppressed'] as const;
export type EmailStatus = (typeof emailStatuses)[number];

/**
 * Every message the platform sends is one row here: the queue and the log at once. System mail is inserted
 * `released`; mass mail `held` until the overlord releases it. The background sender claims released rows
 * with `FOR UPDATE SKIP LOCKED`. With no SMTP_URL a delivered message ends as `outbox`, readable in the
 * email logs.
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
    status: text('status', { enum: emailStatuses }).notNull(),
    lastError: text('last_error'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while a sender holds the row in `sending`; a row stuck longer than the lease is taken back. */
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockedBy: text('locked_by'),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /** 'smtp' or 'outbox': how it was delivered. */
    transport: text('transport'),
    massMailId: integer('mass_mail_id'),
    /** The personal unsubscribe ref of mass mail (HMAC, see features/mail/unsubscribe-ref.ts). */
    unsubscribeRef: text('unsubscribe_ref'),
    /** Ids of rows in `attachments` to send with it. */
    attachmentIds: jsonb('attachment_ids').$type<number[]>().notNull().default([]),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    olympiadId: integer('olympiad_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'emails_status_ck',
      sql`${t.status} in ('held', 'released', 'sending', 'sent', 'outbox', 'failed', 'suppressed')`,
    ),
    index('emails_to_idx').on(sql`lower(${t.toAddress})`),
    // The overlord's search (decision 037): any part of an address.
    index('emails_to_trgm_idx').using('gin', sql`lower(${t.toAddress}) gin_trgm_ops`),
    index('emails_created_idx').on(t.createdAt),
    index('emails_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'released'`),
    index('emails_sending_idx')
      .on(t.lockedAt)
      .where(sql`${t.status} = 'sending'`),
    index('emails_mass_mail_idx').on(t.massMailId, t.status),
    index('emails_olympiad_idx').on(t.olympiadId, t.createdAt),
    index('emails_sent_at_idx').on(t.sentAt),
    index('emails_unsubscribe_ref_idx').on(t.unsubscribeRef),
  ],
);

/** Every delivery attempt of a message: each one is logged, failed or not (decision 010). */
export const emailAttempts = pgTable(
  'email_attempts',
  {
    id: serial('id').primaryKey(),
    emailId: integer('email_id')
      .notNull()
      .references(() => emails.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** sent | outbox | retry (temporary failure) | failed (permanent) | suppressed */
    outcome: text('outcome').notNull(),
    response: text('response'),
    worker: text('worker'),
    durationMs: integer('duration_ms'),
  },
  (t) => [index('email_attempts_email_idx').on(t.emailId)],
);
