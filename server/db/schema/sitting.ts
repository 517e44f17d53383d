import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AnswerValue } from '#contract/questions';
import { olympiads } from './content.js';
import { questions } from './questions.js';
import { users } from './users.js';

/**
 * A learner's one attempt at an olympiad. The row exists from the learner's first step (or an
 * admin's extra-time grant); `startedAt` is the first question, `deadlineAt` is held here, so the timer
 * survives reloads, device changes and restarts.
 */
export const attempts = pgTable(
  'attempts',
  {
    id: serial('id').primaryKey(),
    olympiadId: integer('olympiad_id')
      .notNull()
      .references(() => olympiads.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    declarationAcceptedAt: timestamp('declaration_accepted_at', { withTimezone: true }),
    recoveryPinHash: text('recovery_pin_hash'),
    pinIssuedAt: timestamp('pin_issued_at', { withTimezone: true }),
    detailsConfirmedAt: timestamp('details_confirmed_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    extraMinutes: integer('extra_minutes').notNull().default(0),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    finishReason: text('finish_reason', { enum: ['submitted', 'time_up', 'admin'] }),
    /** Where the learner last was: {moduleIndex, questionIndex}. */
    position: jsonb('position').$type<{ moduleIndex: number; questionIndex: number }>(),
    score: real('score'),
    maxScore: real('max_score'),
    /** Marks per module: [{moduleId, score, maxScore}]. */
    moduleScores: jsonb('module_scores').$type<Array<{ moduleId: number; score: number; maxScore: number }>>(),
    markedAt: timestamp('marked_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    lastIp: text('last_ip'),
    ipChanges: integer('ip_changes').notNull().default(0),
    /** The language the learner writes in (decision 090): chosen at the instructions, switched from the paper. */
    language: text('language'),
    feedbackRating: integer('feedback_rating'),
    feedbackComment: text('feedback_comment'),
    feedbackAt: timestamp('feedback_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('attempts_olympiad_user_uq').on(t.olympiadId, t.userId),
    index('attempts_user_idx').on(t.userId),
    // The feedback report's page: an olympiad's feedback, newest first (decision 038).
    index('attempts_feedback_idx')
      .on(t.olympiadId, t.feedbackAt.desc(), t.id.desc())
      .where(sql`${t.feedbackAt} is not null`),
    // The feedback report's rating counts: an olympiad's feedback by learner, with the rating (decision 046).
    index('attempts_feedback_user_idx')
      .on(t.olympiadId, t.userId, t.feedbackRating)
      .where(sql`${t.feedbackAt} is not null`),
    // The sweep's work list: unfinished attempts by deadline.
    index('attempts_overdue_idx')
      .on(t.deadlineAt)
      .where(sql`${t.finishedAt} is null and ${t.deadlineAt} is not null`),
    check(
      'attempts_finish_reason_ck',
      sql`${t.finishReason} is null or ${t.finishReason} in ('submitted', 'time_up', 'admin')`,
    ),
    check('attempts_extra_minutes_ck', sql`${t.extraMinutes} >= 0`),
    check('attempts_language_ck', sql`${t.language} is null or ${t.language} in ('en', 'af')`),
    check('attempts_rating_ck', sql`${t.feedbackRating} is null or ${t.feedbackRating} between 1 and 5`),
  ],
);

/** One answer per question per attempt; saving again overwrites it (the last acknowledged write wins). */
export const answers = pgTable(
  'answers',
  {
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    value: jsonb('value').$type<AnswerValue>().notNull(),
    flagged: boolean('flagged').notNull().default(false),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the learner gave the answer, on the server's clock (decision 087): the later given wins between two
     * devices, and an answer given before the deadline may arrive after it. Null on rows saved before this column
     * (given when saved: `saved_at`).
     */
    givenAt: timestamp('given_at', { withTimezone: true }),
    /** Arrived after the deadline and counted because it was given before it (decision 087): moderation sees it. */
    syncedLate: boolean('synced_late').notNull().default(false),
    marksAwarded: real('marks_awarded'),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionId] }), index('answers_question_idx').on(t.questionId)],
);

/**
 * The waiting room of an olympiad (decision 041): tickets are handed out in arrival order (`joined` is the
 * last one given) and every ticket up to `admitted` may go on to the paper. Admission is a token bucket:
 * `tokens` refill at `admissionsPerSecond` (else the server's SITTING_ADMISSIONS_PER_SECOND) up to a quarter
 * second's worth (decision 053), read and spent in the same statement by whichever server process gets there, so
 * the room holds across processes and restarts.
 */
export const waitingRooms = pgTable(
  'waiting_rooms',
  {
    olympiadId: integer('olympiad_id')
      .primaryKey()
      .references(() => olympiads.id, { onDelete: 'cascade' }),
    joined: bigint('joined', { mode: 'number' }).notNull().default(0),
    admitted: bigint('admitted', { mode: 'number' }).notNull().default(0),
    tokens: real('tokens').notNull().default(0),
    refilledAt: timestamp('refilled_at', { withTimezone: true }).notNull().defaultNow(),
    /** The admin's setting for this olympiad; null: the server's default. */
    admissionsPerSecond: integer('admissions_per_second'),
    /**
     * The rate the servers admit at now, lowered while the arrival steps run slow and raised again as they
     * recover, never above the setting (decision 051); null: the setting itself.
     */
    adaptiveRate: real('adaptive_rate'),
  },
  (t) => [
    check('waiting_rooms_admitted_ck', sql`${t.admitted} <= ${t.joined}`),
    check('waiting_rooms_rate_ck', sql`${t.admissionsPerSecond} is null or ${t.admissionsPerSecond} >= 0`),
    check('waiting_rooms_adaptive_ck', sql`${t.adaptiveRate} is null or ${t.adaptiveRate} >= 0`),
  ],
);

/** A learner's ticket in their olympiad's waiting room, taken at their first look at the sitting. */
export const waitingPlaces = pgTable(
  'waiting_places',
  {
    olympiadId: integer('olympiad_id')
      .notNull()
      .references(() => olympiads.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ticket: bigint('ticket', { mode: 'number' }).notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.olympiadId, t.userId] }), index('waiting_places_user_idx').on(t.userId)],
);
