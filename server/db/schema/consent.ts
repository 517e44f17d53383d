import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { olympiads } from './content.js';
import { users } from './users.js';

/** How a consent was confirmed: the add-a-learner form (or the list editor) or a spreadsheet import. */
export const consentMethods = ['form', 'import'] as const;
export type ConsentMethod = (typeof consentMethods)[number];

/**
 * The confirmation, given while loading a learner, that the school holds the consent of a parent or guardian for
 * this learner's personal data (decision 109). A learner row belongs to one olympiad: one row per learner is one
 * per learner per olympiad. A learner without a row was loaded without the confirmation (an older client).
 */
export const learnerConsents = pgTable(
  'learner_consents',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    olympiadId: integer('olympiad_id')
      .notNull()
      .references(() => olympiads.id, { onDelete: 'cascade' }),
    confirmedBy: integer('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull().defaultNow(),
    method: text('method', { enum: consentMethods }).notNull(),
  },
  (t) => [
    index('learner_consents_olympiad_idx').on(t.olympiadId),
    check('learner_consents_method_ck', sql`${t.method} in ('form', 'import')`),
  ],
);
