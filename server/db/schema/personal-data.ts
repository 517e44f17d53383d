import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { olympiads } from './content.js';
import { users } from './users.js';

/** Why a learner was forgotten: a request (a parent, through the school or the olympiad) or the retention job. */
export const erasureReasons = ['request', 'retention'] as const;
export type ErasureReason = (typeof erasureReasons)[number];

/**
 * A learner whose personal data was replaced by an anonymous label (decision 108). The user row and its ids stay,
 * so scores, ranks and statistics stay; this row says when, by whom and why, and what was removed (counts only).
 */
export const learnerErasures = pgTable(
  'learner_erasures',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    olympiadId: integer('olympiad_id')
      .notNull()
      .references(() => olympiads.id, { onDelete: 'cascade' }),
    /** "Anonymous learner 7F3K": random, unique in the olympiad, never derived from the name. */
    label: text('label').notNull(),
    reason: text('reason', { enum: erasureReasons }).notNull(),
    forgottenAt: timestamp('forgotten_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who did it; null for the retention job (its audit row names the overlord who confirmed). */
    forgottenBy: integer('forgotten_by').references(() => users.id, { onDelete: 'set null' }),
    /** What was removed, as counts (answers, mail, sessions, certificates): never the removed values. */
    removed: jsonb('removed').$type<Record<string, number>>().notNull().default({}),
  },
  (t) => [
    uniqueIndex('learner_erasures_label_uq').on(t.olympiadId, t.label),
    check('learner_erasures_reason_ck', sql`${t.reason} in ('request', 'retention')`),
  ],
);

/**
 * The overlord's confirmation of an olympiad's retention report (decision 108): the job anonymises its learners
 * only from `dueAt` (a week after the confirmation at the earliest), only those counted when it was confirmed, and
 * records when it acted.
 */
export const retentionConfirmations = pgTable('retention_confirmations', {
  olympiadId: integer('olympiad_id')
    .primaryKey()
    .references(() => olympiads.id, { onDelete: 'cascade' }),
  confirmedBy: integer('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull().defaultNow(),
  dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
  learnersSeen: integer('learners_seen').notNull(),
  actedAt: timestamp('acted_at', { withTimezone: true }),
  anonymised: integer('anonymised'),
});
