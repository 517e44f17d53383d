import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { olympiads, projects } from './content.js';
import { uploads } from './mailing.js';
import { users } from './users.js';

/**
 * A project's public website copy (docs/spec.md §3 "website copies"): one sanitised rich text per section of
 * its public site (home, about, participation and rules, contact). A section without a row shows nothing of
 * its own. The names are contract/copy.ts `websiteCopySections`.
 */
export const websiteCopy = pgTable(
  'website_copy',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    section: text('section').notNull(),
    body: text('body').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('website_copy_section_uq').on(t.projectId, t.section),
    check('website_copy_section_ck', sql`${t.section} in ('home', 'about', 'participation-and-rules', 'contact')`),
  ],
);

/**
 * An olympiad's general copy (docs/spec.md §3 "copies"): the named texts its teachers and learners read
 * (contract/copy.ts `generalCopyKeys`). A key without a row reads its default.
 */
export const generalCopy = pgTable(
  'general_copy',
  {
    id: serial('id').primaryKey(),
    olympiadId: integer('olympiad_id')
      .notNull()
      .references(() => olympiads.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    body: text('body').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('general_copy_key_uq').on(t.olympiadId, t.key)],
);

/** The platform's own pages (docs/spec.md §3 "site copy"): home, about, our partners, our users, contact. */
export const siteCopy = pgTable(
  'site_copy',
  {
    page: text('page').primaryKey(),
    body: text('body').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'site_copy_page_ck',
      sql`${t.page} in ('home', 'about', 'our-partners', 'our-users', 'contact', 'privacy', 'privacy-af')`,
    ),
  ],
);

/** The platform's partners, shown with their logos on /olympus/our-partners, in `position` order. */
export const partners = pgTable(
  'partners',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    url: text('url').notNull().default(''),
    description: text('description').notNull().default(''),
    logoUploadId: integer('logo_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('partners_position_idx').on(t.position)],
);

/** What the platform's users say (docs/spec.md §3 "testimonials"), on /olympus/our-users, in `position` order. */
export const testimonials = pgTable(
  'testimonials',
  {
    id: serial('id').primaryKey(),
    /** Sanitised rich text. */
    quote: text('quote').notNull(),
    name: text('name').notNull(),
    /** Who they are: "Geography teacher, Hoërskool Waterkloof". */
    affiliation: text('affiliation').notNull().default(''),
    published: boolean('published').notNull().default(true),
    position: integer('position').notNull().default(0),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('testimonials_position_idx').on(t.position)],
);

/**
 * The platform's terms and conditions, versioned: the newest version is the current one; a published version
 * is never edited (a change publishes a new version, and teachers accept it again).
 */
export const termsVersions = pgTable(
  'terms_versions',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().unique(),
    /** Sanitised rich text. */
    body: text('body').notNull(),
    /** What changed since the previous version, shown to teachers asked to accept again. */
    summary: text('summary').notNull().default(''),
    publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('terms_versions_version_ck', sql`${t.version} > 0`)],
);

/** A teacher's acceptance of one version of the terms. */
export const termsAcceptances = pgTable(
  'terms_acceptances',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    termsVersionId: integer('terms_version_id')
      .notNull()
      .references(() => termsVersions.id, { onDelete: 'cascade' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.termsVersionId] }),
    index('terms_acceptances_version_idx').on(t.termsVersionId),
  ],
);
