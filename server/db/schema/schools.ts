import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { olympiads } from './content.js';

/**
 * A country that may enter a team in an international olympiad (decision 039): its ISO 3166-1 alpha-2 code, its
 * name, and the IANA time zone its learners see times in (the server keeps UTC).
 */
export const countries = pgTable(
  'countries',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    timeZone: text('time_zone').notNull().default('UTC'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('countries_code_uq').on(t.code),
    uniqueIndex('countries_lower_name_uq').on(sql`lower(${t.name})`),
    check('countries_code_ck', sql`${t.code} ~ '^[A-Z]{2}$'`),
  ],
);

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
    /**
     * Set on a country's team (decision 039): the school-like unit through which a country's team admins,
     * learners, orders and results work. One per country; never entered in a school olympiad.
     */
    countryId: integer('country_id').references(() => countries.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('schools_emis_uq').on(t.emisNumber),
    // A school without an EMIS number is known by its name and place: the same school cannot be added twice
    // (200 identical requests at once make one school, not 200).
    uniqueIndex('schools_no_emis_uq')
      .on(
        sql`lower(btrim(${t.name}))`,
        sql`lower(btrim(coalesce(${t.town}, '')))`,
        sql`lower(btrim(coalesce(${t.province}, '')))`,
      )
      .where(sql`${t.emisNumber} is null`),
    uniqueIndex('schools_country_uq')
      .on(t.countryId)
      .where(sql`${t.countryId} is not null`),
    index('schools_name_idx').on(t.name),
    index('schools_lower_name_idx').on(sql`lower(${t.name})`),
    // The overlord's search (decision 037): any part of a name or an EMIS number.
    index('schools_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('schools_emis_trgm_idx').using('gin', sql`lower(${t.emisNumber}) gin_trgm_ops`),
  ],
);

/**
 * A school entered in an olympiad. `status`: `entered` (no learners yet), `learners_loaded`, `withdrawn`.
 * The learner count is counted from the learners (users with the school and the olympiad), never stored.
 */
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
    status: text('status', { enum: ['entered', 'learners_loaded', 'withdrawn'] })
      .notNull()
      .default('entered'),
    /** The teacher or staff member who entered the school. */
    enteredBy: integer('entered_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('school_participants_uq').on(t.olympiadId, t.schoolId),
    index('school_participants_school_idx').on(t.schoolId),
    check('school_participants_status_ck', sql`${t.status} in ('entered', 'learners_loaded', 'withdrawn')`),
  ],
);
