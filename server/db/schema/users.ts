import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { olympiads } from './content.js';
import { schools } from './schools.js';

/**
 * Every person who signs in. Staff usernames are unique site-wide; a learner's username is unique
 * within the olympiad they write (learners sign in per olympiad).
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    role: text('role', { enum: ['overlord', 'admin', 'accountant', 'funding', 'teacher', 'learner'] }).notNull(),
    username: text('username').notNull(),
    email: text('email'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    passwordHash: text('password_hash'),
    /** Learners only: the olympiad they write. */
    olympiadId: integer('olympiad_id').references(() => olympiads.id),
    /** Teachers and learners: their school. */
    schoolId: integer('school_id').references(() => schools.id),
    grade: integer('grade'),
    /** Learners of a country's team: their date of birth (the olympiad's age rule; decision 039). */
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    /** Teachers: a contact number. */
    phone: text('phone'),
    /**
     * Learners: the generated first password, encrypted under APP_SECRET, so the sign-in slips can be
     * printed again; cleared as soon as the password is changed (decision 010).
     */
    initialPasswordEnc: text('initial_password_enc'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The language the person reads Olympus and its mail in (decision 090); null until they choose. */
    language: text('language'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('users_role_ck', sql`${t.role} in ('overlord', 'admin', 'accountant', 'funding', 'teacher', 'learner')`),
    check('users_language_ck', sql`${t.language} is null or ${t.language} in ('en', 'af')`),
    check('users_learner_olympiad_ck', sql`(${t.role} = 'learner') = (${t.olympiadId} is not null)`),
    uniqueIndex('users_staff_username_uq')
      .on(sql`lower(${t.username})`)
      .where(sql`${t.olympiadId} is null`),
    uniqueIndex('users_learner_username_uq')
      .on(t.olympiadId, sql`lower(${t.username})`)
      .where(sql`${t.olympiadId} is not null`),
    index('users_email_idx').on(sql`lower(${t.email})`),
    // A teacher is found by their address (sign-in help, expressions of interest, mass mail): one teacher each.
    uniqueIndex('users_teacher_email_uq')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.role} = 'teacher'`),
    // An olympiad's learners of a grade (the feedback report's grade filter; decision 046).
    index('users_learner_grade_idx')
      .on(t.olympiadId, t.grade, t.id)
      .where(sql`${t.olympiadId} is not null`),
    index('users_school_idx').on(t.schoolId),
    index('users_school_olympiad_idx').on(t.schoolId, t.olympiadId),
    // The overlord's search (decision 037): any part of a username or an address, through trigrams.
    index('users_username_trgm_idx').using('gin', sql`lower(${t.username}) gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
    // A person found by their full name in either order ("lerato khumalo", "khumalo lerato"): the first name
    // written on both sides of the last holds both orders in one indexed text.
    index('users_full_name_trgm_idx').using(
      'gin',
      sql`lower(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.firstName}) gin_trgm_ops`,
    ),
  ],
);

/** Admin, accountant and funding roles are granted per olympiad. */
export const olympiadGrants = pgTable(
  'olympiad_grants',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    olympiadId: integer('olympiad_id')
      .notNull()
      .references(() => olympiads.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['admin', 'accountant', 'funding'] }).notNull(),
    grantedBy: integer('granted_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.olympiadId, t.role] }),
    check('olympiad_grants_role_ck', sql`${t.role} in ('admin', 'accountant', 'funding')`),
    index('olympiad_grants_olympiad_idx').on(t.olympiadId),
  ],
);

/**
 * Bearer sessions. Only an HMAC of the token is stored; every request looks the session up, so a
 * revoked session is refused at once by every server process.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Set when an admin or overlord acts as `userId`. */
    impersonatorId: integer('impersonator_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /**
     * When the session was last used, kept to the minute (decision 107): written by authentication only when older
     * than a minute, never by a learner's saves or heartbeats; null until then (the sign-in time stands for it).
     */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /**
     * `set_password`: opened by a reset link, good only for choosing a new password (and signing out).
     * `two_factor_enrol`: a role that must use two-factor sign-in, before enrolling: good only for enrolling.
     */
    scope: text('scope', { enum: ['full', 'set_password', 'two_factor_enrol'] })
      .notNull()
      .default('full'),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    // Learner login activity counts sign-ins (a session each) over time (decision 037).
    index('sessions_created_idx').on(t.createdAt),
    check('sessions_scope_ck', sql`${t.scope} in ('full', 'set_password', 'two_factor_enrol')`),
  ],
);

/** One-time links: verify an address, reset a password. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('user_tokens_purpose_ck', sql`${t.purpose} in ('verify_email', 'reset_password')`),
    index('user_tokens_user_idx').on(t.userId),
  ],
);

/** Counters for rate limits that must hold across server processes (sign-in, forgot-password). */
export const throttles = pgTable('throttles', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});
