import { index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { olympiads } from './content.js';
import { countries, schoolParticipants } from './schools.js';

/** One team leader of a country participant (an adult who travels with the team). */
export interface TeamLeader {
  name: string;
  email: string | null;
}

/**
 * A country entered in an olympiad of the country kind (decision 039). The team is held as a school participant
 * of the country's team (a `schools` row with `country_id`), so learners, slips, the payment gate, orders,
 * invoices, ranks and certificates serve a team as they serve a school; this row adds what only a country has.
 */
export const countryParticipants = pgTable(
  'country_participants',
  {
    id: serial('id').primaryKey(),
    olympiadId: integer('olympiad_id')
      .notNull()
      .references(() => olympiads.id),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    schoolParticipantId: integer('school_participant_id')
      .notNull()
      .references(() => schoolParticipants.id, { onDelete: 'cascade' }),
    leaders: jsonb('leaders').$type<TeamLeader[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('country_participants_uq').on(t.olympiadId, t.countryId),
    uniqueIndex('country_participants_entry_uq').on(t.schoolParticipantId),
    index('country_participants_country_idx').on(t.countryId),
  ],
);
