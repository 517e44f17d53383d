import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { olympiads } from './content.js';
import { schools } from './schools.js';
import { users } from './users.js';

/**
 * An expression of interest: a school (through a teacher) asks to take part, from the public form.
 * pending → processed (school and teacher created or linked) or declined (with a reason).
 */
export const expressionsOfInterest = pgTable(
  'expressions_of_interest',
  {
    id: serial('id').primaryKey(),
    /** The olympiad the school is interested in (the project's upcoming one), when known. */
    olympiadId: integer('olympiad_id').references(() => olympiads.id, { onDelete: 'set null' }),
    projectName: text('project_name'),
    schoolName: text('school_name').notNull(),
    emisNumber: text('emis_number'),
    province: text('province'),
    town: text('town'),
    schoolPhone: text('school_phone'),
    teacherFirstName: text('teacher_first_name').notNull(),
    teacherLastName: text('teacher_last_name').notNull(),
    teacherEmail: text('teacher_email').notNull(),
    teacherPhone: text('teacher_phone'),
    learnerEstimate: integer('learner_estimate'),
    message: text('message').notNull().default(''),
    status: text('status', { enum: ['pending', 'processed', 'declined'] })
      .notNull()
      .default('pending'),
    declineReason: text('decline_reason'),
    schoolId: integer('school_id').references(() => schools.id, { onDelete: 'set null' }),
    teacherId: integer('teacher_id').references(() => users.id, { onDelete: 'set null' }),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('eoi_status_ck', sql`${t.status} in ('pending', 'processed', 'declined')`),
    index('eoi_status_created_idx').on(t.status, t.createdAt),
    index('eoi_olympiad_idx').on(t.olympiadId),
    // The overlord's search (decision 037).
    index('eoi_school_name_trgm_idx').using('gin', sql`lower(${t.schoolName}) gin_trgm_ops`),
    index('eoi_teacher_email_trgm_idx').using('gin', sql`lower(${t.teacherEmail}) gin_trgm_ops`),
  ],
);
