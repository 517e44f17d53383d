import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { olympiads, projects } from './content.js';
import { users } from './users.js';

/** Who reads an FAQ: every teacher (`portal`), the teachers of one olympiad, or a project's public site. */
export const faqAudiences = ['portal', 'olympiad', 'project'] as const;
export type FaqAudience = (typeof faqAudiences)[number];

/**
 * Frequently asked questions (docs/spec.md §3 "FAQs"): a question, an answer (rich text, sanitised before it is
 * stored), their place in their group (`position`), and whether readers see it yet (`published`).
 * A group is one audience with its olympiad or project.
 */
export const faqs = pgTable(
  'faqs',
  {
    id: serial('id').primaryKey(),
    audience: text('audience', { enum: faqAudiences }).notNull(),
    olympiadId: integer('olympiad_id').references(() => olympiads.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    position: integer('position').notNull().default(0),
    published: boolean('published').notNull().default(true),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('faqs_audience_ck', sql`${t.audience} in ('portal', 'olympiad', 'project')`),
    check('faqs_olympiad_ck', sql`(${t.audience} = 'olympiad') = (${t.olympiadId} is not null)`),
    check('faqs_project_ck', sql`(${t.audience} = 'project') = (${t.projectId} is not null)`),
    index('faqs_group_idx').on(t.audience, t.olympiadId, t.projectId, t.position),
  ],
);
