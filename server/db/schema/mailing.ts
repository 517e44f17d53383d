import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { olympiads } from './content.js';
import { schools } from './schools.js';
import { users } from './users.js';

export type MassMailAudience =
  | { kind: 'participating-teachers' }
  | { kind: 'all-teachers' }
  | { kind: 'unpaid-teachers' }
  | { kind: 'useful-contacts' }
  | { kind: 'pasted'; addresses: string[] };

/** A mailing: composed once, queued as one `emails` row per recipient (held until released). */
export const massMails = pgTable(
  'mass_mails',
  {
    id: serial('id').primaryKey(),
    /** null: a site-wide mailing of the overlord. */
    olympiadId: integer('olympiad_id').references(() => olympiads.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    /** Sanitised on the server before it is stored. */
    htmlBody: text('html_body').notNull(),
    audience: jsonb('audience').$type<MassMailAudience>().notNull(),
    attachmentIds: jsonb('attachment_ids').$type<number[]>().notNull().default([]),
    status: text('status', { enum: ['draft', 'queued'] })
      .notNull()
      .default('draft'),
    recipients: integer('recipients').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    /**
     * When the background sender releases the held messages by itself (null: the overlord releases them).
     * Set while composing; the overlord may change or cancel it while messages are held.
     */
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    /** When a sender released the mailing at its scheduled time (once: the claim is a row lock). */
    scheduleReleasedAt: timestamp('schedule_released_at', { withTimezone: true }),
  },
  (t) => [
    check('mass_mails_status_ck', sql`${t.status} in ('draft', 'queued')`),
    index('mass_mails_olympiad_idx').on(t.olympiadId, t.createdAt),
    index('mass_mails_due_idx')
      .on(t.scheduledFor)
      .where(sql`${t.status} = 'queued' and ${t.scheduleReleasedAt} is null`),
  ],
);

/**
 * A useful contact of an olympiad (spec: interested and affected parties): sponsors, officials, partners.
 * Kept by its admins and funding staff; the mass-mail audience "useful contacts" reaches those with an email.
 */
export const usefulContacts = pgTable(
  'useful_contacts',
  {
    id: serial('id').primaryKey(),
    olympiadId: integer('olympiad_id')
      .notNull()
      .references(() => olympiads.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    organisation: text('organisation'),
    /** Role or title, e.g. "Subject advisor, Geography". */
    role: text('role'),
    email: text('email'),
    phone: text('phone'),
    notes: text('notes'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('useful_contacts_olympiad_idx').on(t.olympiadId, sql`lower(${t.name})`),
    uniqueIndex('useful_contacts_email_uq')
      .on(t.olympiadId, sql`lower(${t.email})`)
      .where(sql`${t.email} is not null`),
  ],
);

/**
 * An address that asked for no more mass mail: from one olympiad (olympiad_id set) or from all of
 * Olympus (null). System mail still goes.
 */
export const unsubscribes = pgTable(
  'unsubscribes',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    olympiadId: integer('olympiad_id').references(() => olympiads.id, { onDelete: 'cascade' }),
    massMailId: integer('mass_mail_id').references(() => massMails.id, { onDelete: 'set null' }),
    /** link (the page), one-click (RFC 8058 POST), staff */
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('unsubscribes_email_scope_uq').on(sql`lower(${t.email})`, sql`coalesce(${t.olympiadId}, 0)`),
    index('unsubscribes_olympiad_idx').on(t.olympiadId, t.createdAt),
  ],
);

/** Bounce notifications from the mail provider; a hard bounce or a complaint suppresses mass mail. */
export const bounces = pgTable(
  'bounces',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    kind: text('kind', { enum: ['hard', 'soft', 'complaint'] }).notNull(),
    reason: text('reason').notNull().default(''),
    emailId: integer('email_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('bounces_kind_ck', sql`${t.kind} in ('hard', 'soft', 'complaint')`),
    index('bounces_email_idx').on(sql`lower(${t.email})`),
    index('bounces_created_idx').on(t.createdAt),
  ],
);

/** A stored file (the bytes live in the storage behind `server/platform/storage.ts`). */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    /** The storage key, unique, e.g. `uploads/2026/3f…-report.pdf`. */
    filename: text('filename').notNull().unique(),
    /** An image's phone copy (800 px wide), served for `?w=800`; null for other files and for narrow images. */
    phoneFilename: text('phone_filename'),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    olympiadId: integer('olympiad_id').references(() => olympiads.id, { onDelete: 'set null' }),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_olympiad_idx').on(t.olympiadId, t.createdAt)],
);

/** A file offered for mass mail (file-attachments screens): an upload with the name recipients see. */
export const attachments = pgTable(
  'attachments',
  {
    id: serial('id').primaryKey(),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    olympiadId: integer('olympiad_id').references(() => olympiads.id, { onDelete: 'cascade' }),
    /**
     * Set for one school's own document (its invoice or credit note), mailed to that school's teachers only:
     * such a file is never in the mass-mail library, listed there or sent to anyone else.
     */
    schoolId: integer('school_id').references(() => schools.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('attachments_olympiad_idx').on(t.olympiadId, t.createdAt),
    index('attachments_school_idx').on(t.schoolId),
  ],
);

/**
 * The wording of a system message: site-wide (olympiad_id null, overlord) or one olympiad's (admin), in one
 * language (decision 097): a recipient who reads Afrikaans gets the Afrikaans wording of their scope, else the
 * catalogue's Afrikaans default (locales/af/mail.json).
 */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    olympiadId: integer('olympiad_id').references(() => olympiads.id, { onDelete: 'cascade' }),
    /** The language this wording is in: `en` or `af`. */
    language: text('language').notNull().default('en'),
    subject: text('subject').notNull(),
    htmlBody: text('html_body').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_templates_kind_scope_uq').on(t.kind, sql`coalesce(${t.olympiadId}, 0)`, t.language),
    check('email_templates_language_ck', sql`${t.language} in ('en', 'af')`),
  ],
);
