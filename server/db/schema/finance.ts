import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { schoolParticipants } from './schools.js';
import { users } from './users.js';

/** One comment on a purchase order (docs/spec.md §3: comments, a list), newest last. */
export interface PurchaseOrderComment {
  at: string;
  by: string;
  text: string;
}

/**
 * A school's purchase order in one olympiad (docs/spec.md §3): one live order per school participant, opened when
 * the school is entered. `paid` and `preApproved` are set by the accountant (docs/spec.md §4: status paid or pre);
 * a removed order is kept (deleted_at) so that `fetchDeleted` can still show it. Decision 020.
 */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: serial('id').primaryKey(),
    schoolParticipantId: integer('school_participant_id')
      .notNull()
      .references(() => schoolParticipants.id, { onDelete: 'cascade' }),
    paid: boolean('paid').notNull().default(false),
    preApproved: boolean('pre_approved').notNull().default(false),
    /** The school's own purchase-order number (set by its teacher). */
    schoolsPO: text('schools_po'),
    /** Learners the school does not pay for (a discount granted by the organisers). */
    freeLearners: integer('free_learners').notNull().default(0),
    comments: jsonb('comments').$type<PurchaseOrderComment[]>().notNull().default([]),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    statusChangedBy: integer('status_changed_by').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('purchase_orders_live_uq')
      .on(t.schoolParticipantId)
      .where(sql`${t.deletedAt} is null`),
    index('purchase_orders_participant_idx').on(t.schoolParticipantId),
    check('purchase_orders_free_ck', sql`${t.freeLearners} >= 0`),
    check('purchase_orders_state_ck', sql`not (${t.paid} and ${t.preApproved})`),
  ],
);
