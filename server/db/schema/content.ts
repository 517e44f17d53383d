import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { OlympiadTranslations } from '#contract/questions';
import { accounts } from './accounts.js';

/** A project: a public site (e.g. "Geography Olympiad") with its own search-engine metadata. */
export const projects = pgTable('projects', {
  id: serial('id').primaryKey(),
  projectName: text('project_name').notNull().unique(),
  title: text('title').notNull(),
  seoTitle: text('seo_title').notNull().default(''),
  shareTitle: text('share_title').notNull().default(''),
  description: text('description').notNull().default(''),
  keywords: text('keywords').notNull().default(''),
  /**
   * The language its public pages are written in (decision 090): `af` for the Afrikaans olympiad's site. The other
   * language's version of each page is one `?lang=` away.
   */
  language: text('language').notNull().default('en'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const subProjects = pgTable(
  'sub_projects',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sub_projects_project_name_uq').on(t.projectId, t.name)],
);

/** An olympiad: `varName` is the `{olympiadName}` of the routes, e.g. `geo-2026`. */
export const olympiads = pgTable(
  'olympiads',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    subProjectId: integer('sub_project_id').references(() => subProjects.id, { onDelete: 'set null' }),
    varName: text('var_name').notNull().unique(),
    title: text('title').notNull(),
    year: integer('year').notNull(),
    kind: text('kind', { enum: ['school', 'country'] })
      .notNull()
      .default('school'),
    open: boolean('open').notNull().default(false),
    pinned: boolean('pinned').notNull().default(false),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    durationMinutes: integer('duration_minutes'),
    /** Fee per learner in the smallest unit of `currency` (cents). */
    feeCents: integer('fee_cents').notNull().default(0),
    currency: text('currency').notNull().default('ZAR'),
    /** Country olympiads (decision 039): the most learners a country's team may have. */
    teamSize: integer('team_size').notNull().default(4),
    /** The grades it is for (decision 045): learners are loaded, and write, only in these. */
    minGrade: integer('min_grade').notNull().default(1),
    maxGrade: integer('max_grade').notNull().default(12),
    /** The account that invoices this olympiad's schools (decision 031); null until the overlord sets one. */
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    /**
     * Payment before writing (decision 031): when on, a learner of a school whose order is neither paid nor
     * pre-approved cannot start.
     */
    paymentRequired: boolean('payment_required').notNull().default(false),
    /** Languages the paper is offered in (decision 090): `en`, `af` or both. */
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{en}'::text[]`),
    /** The language a learner starts in, one of `languages` (the Afrikaans olympiad: `af`). */
    defaultLanguage: text('default_language').notNull().default('en'),
    /** Exam day: sanitised HTML shown before the declaration, and the declaration itself. */
    instructions: text('instructions').notNull().default(''),
    declaration: text('declaration').notNull().default(''),
    /** The instructions and declaration in each other language offered, with who verified each (decision 094). */
    translations: jsonb('translations').$type<OlympiadTranslations>().notNull().default({}),
    /** Shuffle option order per learner (stable for that learner). */
    shuffleOptions: boolean('shuffle_options').notNull().default(false),
    /** Show the learner their score after finishing. */
    showScore: boolean('show_score').notNull().default(false),
    /**
     * How many months after its results are published the olympiad keeps its learners' personal data (decision
     * 108); the retention job then anonymises them, once the overlord has confirmed its report.
     */
    retentionMonths: integer('retention_months').notNull().default(24),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('olympiads_kind_ck', sql`${t.kind} in ('school', 'country')`),
    check('olympiads_retention_months_ck', sql`${t.retentionMonths} between 1 and 240`),
    check(
      'olympiads_languages_ck',
      sql`${t.languages} <@ array['en', 'af']::text[] and cardinality(${t.languages}) > 0 and ${t.defaultLanguage} = any(${t.languages})`,
    ),
    check('olympiads_window_ck', sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`),
    check('olympiads_duration_ck', sql`${t.durationMinutes} is null or ${t.durationMinutes} > 0`),
    check('olympiads_fee_ck', sql`${t.feeCents} >= 0`),
    check('olympiads_team_size_ck', sql`${t.teamSize} between 1 and 50`),
    check(
      'olympiads_grades_ck',
      sql`${t.minGrade} between 1 and 12 and ${t.maxGrade} between 1 and 12 and ${t.minGrade} <= ${t.maxGrade}`,
    ),
  ],
);
