import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { olympiads } from './content.js';
import { schoolParticipants } from './schools.js';
import { attempts } from './sitting.js';
import { users } from './users.js';

/**
 * What the platform flags after the window (decision 032): answer sequences of two learners of one school that
 * match far beyond chance, a paper finished in a fraction of the median time, many network address changes,
 * two sessions writing at once.
 */
export const moderationFlagKinds = ['similarity', 'fast_finish', 'ip_changes', 'concurrent_sessions'] as const;
export type ModerationFlagKind = (typeof moderationFlagKinds)[number];

/**
 * One flag on one attempt, recomputed as a whole for an olympiad (the computation replaces its flags).
 * A similarity flag names its partner (`otherAttemptId`) and is stored once per pair, on the lower attempt id.
 * `strength` orders the list: for similarity, -log10 of the chance of the match; for a fast finish, the median
 * time over the attempt's time; otherwise the count (address changes, sessions).
 */
export const moderationFlags = pgTable(
  'moderation_flags',
  {
    id: serial('id').primaryKey(),
    olympiadId: integer('olympiad_id')
      .notNull()
      .references(() => olympiads.id, { onDelete: 'cascade' }),
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: moderationFlagKinds }).notNull(),
    otherAttemptId: integer('other_attempt_id').references(() => attempts.id, { onDelete: 'cascade' }),
    strength: real('strength').notNull(),
    /** What a person needs to judge the flag (kind-specific; the contract's ModerationEvidence). */
    evidence: jsonb('evidence').$type<Record<string, unknown>>().notNull().default({}),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('moderation_flags_uq').on(t.attemptId, t.kind, sql`coalesce(${t.otherAttemptId}, 0)`),
    index('moderation_flags_olympiad_idx').on(t.olympiadId, t.kind),
    index('moderation_flags_other_idx').on(t.otherAttemptId),
    check(
      'moderation_flags_kind_ck',
      sql`${t.kind} in ('similarity', 'fast_finish', 'ip_changes', 'concurrent_sessions')`,
    ),
  ],
);

export const moderationDecisions = ['cleared', 'adjusted', 'disqualified', 'reset'] as const;
export type ModerationDecision = (typeof moderationDecisions)[number];

/**
 * The admin's decision on an attempt (one per attempt, the latest wins; every decision is audited). `adjusted`
 * carries the score that replaces the marked one, and every decision but `cleared` a reason. A `reset` attempt
 * was emptied so that the learner writes again.
 */
export const attemptModerations = pgTable(
  'attempt_moderations',
  {
    attemptId: integer('attempt_id')
      .primaryKey()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    olympiadId: integer('olympiad_id')
      .notNull()
      .references(() => olympiads.id, { onDelete: 'cascade' }),
    decision: text('decision', { enum: moderationDecisions }).notNull(),
    adjustedScore: real('adjusted_score'),
    reason: text('reason').notNull().default(''),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('attempt_moderations_olympiad_idx').on(t.olympiadId),
    check('attempt_moderations_decision_ck', sql`${t.decision} in ('cleared', 'adjusted', 'disqualified', 'reset')`),
    check(
      'attempt_moderations_adjusted_ck',
      sql`(${t.decision} = 'adjusted') = (${t.adjustedScore} is not null) and coalesce(${t.adjustedScore}, 0) >= 0`,
    ),
  ],
);

/** Full name, initial and surname ("T. Nkosi"), or the school only. */
export const winnersDisplays = ['full_name', 'initial_surname', 'school_only'] as const;

/**
 * An olympiad's results settings and state (decision 032): the award rule (the contract's AwardRule), the
 * moderation thresholds (ModerationSettings), how many best learners make a school's score, and when the results
 * were published (learners and teachers see results only after that).
 */
export const olympiadResults = pgTable(
  'olympiad_results',
  {
    olympiadId: integer('olympiad_id')
      .primaryKey()
      .references(() => olympiads.id, { onDelete: 'cascade' }),
    awardRule: jsonb('award_rule').$type<Record<string, unknown>>(),
    moderationSettings: jsonb('moderation_settings').$type<Record<string, unknown>>(),
    topSchoolsBestN: integer('top_schools_best_n').notNull().default(5),
    /** How published winners appear on the public past-winners page. */
    winnersDisplay: text('winners_display', { enum: winnersDisplays }).notNull().default('initial_surname'),
    flagsComputedAt: timestamp('flags_computed_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('olympiad_results_best_n_ck', sql`${t.topSchoolsBestN} between 1 and 1000`),
    check(
      'olympiad_results_winners_display_ck',
      sql`${t.winnersDisplay} in ('full_name', 'initial_surname', 'school_only')`,
    ),
  ],
);

/**
 * A learner's published result: written as a whole for an olympiad when its results are published (and again
 * when they are republished), so ranks, awards, downloads and certificates read one agreed snapshot.
 * Disqualified attempts have no row. Ranks use competition ranking (1, 2, 2, 4).
 */
export const learnerResults = pgTable(
  'learner_results',
  {
    attemptId: integer('attempt_id')
      .primaryKey()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    olympiadId: integer('olympiad_id')
      .notNull()
      .references(() => olympiads.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    schoolParticipantId: integer('school_participant_id').references(() => schoolParticipants.id, {
      onDelete: 'set null',
    }),
    grade: integer('grade'),
    province: text('province'),
    score: real('score').notNull(),
    maxScore: real('max_score').notNull(),
    percent: real('percent').notNull(),
    /** The share of learners with a lower score, 0–100. */
    percentile: real('percentile').notNull(),
    rank: integer('rank').notNull(),
    gradeRank: integer('grade_rank'),
    provinceRank: integer('province_rank'),
    /** The award's key from the rule (e.g. `gold`, `merit`, `participation`). */
    award: text('award').notNull(),
    bestInSchool: boolean('best_in_school').notNull().default(false),
    moduleScores: jsonb('module_scores').$type<Array<{ moduleId: number; score: number; maxScore: number }>>(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('learner_results_olympiad_rank_idx').on(t.olympiadId, t.rank),
    index('learner_results_participant_idx').on(t.schoolParticipantId),
  ],
);

/** The certificate designer's config for an olympiad: one template per certificate kind (contract CertificateConfig). */
export const certificateConfigs = pgTable('certificate_configs', {
  olympiadId: integer('olympiad_id')
    .primaryKey()
    .references(() => olympiads.id, { onDelete: 'cascade' }),
  config: jsonb('config').$type<Record<string, unknown>>().notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A learner's certificate: what it certifies, as printed, and the code anyone can check on the public page.
 * Regenerating after a name fix updates the printed fields and keeps the code.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: serial('id').primaryKey(),
    olympiadId: integer('olympiad_id')
      .notNull()
      .references(() => olympiads.id, { onDelete: 'cascade' }),
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    schoolParticipantId: integer('school_participant_id').references(() => schoolParticipants.id, {
      onDelete: 'set null',
    }),
    /** The template used (an award key, or `participation`). */
    kind: text('kind').notNull(),
    /** The verification code printed on the certificate and in its QR code (unguessable, unique). */
    code: text('code').notNull(),
    learnerName: text('learner_name').notNull(),
    schoolName: text('school_name').notNull().default(''),
    grade: integer('grade'),
    awardLabel: text('award_label').notNull(),
    score: real('score'),
    percent: real('percent'),
    rank: integer('rank'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the result behind it was withdrawn (a disqualification after publishing): the code says so. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('certificates_attempt_uq').on(t.attemptId),
    uniqueIndex('certificates_code_uq').on(t.code),
    index('certificates_olympiad_idx').on(t.olympiadId),
    index('certificates_participant_idx').on(t.schoolParticipantId),
  ],
);

export const certificateSendStates = ['pending', 'queued', 'sent', 'failed'] as const;

/**
 * One school's print-ready PDF of all its learners' certificates, and whether its teacher was sent the link.
 * `sendState` moves pending → queued (the mail is on the queue, never queued twice) → sent | failed.
 */
export const certificateBatches = pgTable(
  'certificate_batches',
  {
    schoolParticipantId: integer('school_participant_id')
      .primaryKey()
      .references(() => schoolParticipants.id, { onDelete: 'cascade' }),
    olympiadId: integer('olympiad_id')
      .notNull()
      .references(() => olympiads.id, { onDelete: 'cascade' }),
    fileKey: text('file_key'),
    certificates: integer('certificates').notNull().default(0),
    bytes: integer('bytes').notNull().default(0),
    generatedAt: timestamp('generated_at', { withTimezone: true }),
    sendState: text('send_state', { enum: certificateSendStates }),
    mailId: integer('mail_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [
    index('certificate_batches_olympiad_idx').on(t.olympiadId),
    check(
      'certificate_batches_send_ck',
      sql`${t.sendState} is null or ${t.sendState} in ('pending', 'queued', 'sent', 'failed')`,
    ),
  ],
);
