import { sql } from 'drizzle-orm';
import {
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
    // The sweep's work list: unfinished attempts by deadline.
    index('attempts_overdue_idx')
      .on(t.deadlineAt)
      .where(sql`${t.finishedAt} is null and ${t.deadlineAt} is not null`),
    check(
      'attempts_finish_reason_ck',
      sql`${t.finishReason} is null or ${t.finishReason} in ('submitted', 'time_up', 'admin')`,
    ),
    check('attempts_extra_minutes_ck', sql`${t.extraMinutes} >= 0`),
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
    marksAwarded: real('marks_awarded'),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionId] }), index('answers_question_idx').on(t.questionId)],
);
