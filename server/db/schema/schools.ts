import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { olympiads } from './content.js';

/** A school as a South African school register holds it. */
export const schools = pgTable(
  'schools',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    emisNumber: text('emis_number'),
    province: text('province'),
    district: text('district'),
    town: text('town'),
    address: text('address'),
    phone: text('phone'),
    email: text('email'),
    type: text('type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('schools_emis_uq').on(t.emisNumber), index('schools_name_idx').on(t.name)],
);

/** A school entered in an olympiad. Later issues add status, purchase orders and learners. */
export const schoolParticipants = pgTable(
  'school_participants',
  {
    id: serial('id').primaryKey(),
    olympiadId: integer('olympiad_id')
      .notNull()
      .references(() => olympiads.id),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('school_participants_uq').on(t.olympiadId, t.schoolId)],
);
