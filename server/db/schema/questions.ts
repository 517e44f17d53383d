import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import {
  questionTypes,
  type AnswerKey,
  type ModuleTranslations,
  type QuestionOption,
  type QuestionTarget,
  type QuestionTranslations,
} from '#contract/questions';
import { olympiads } from './content.js';
import { users } from './users.js';

/** A section of an olympiad's paper: its own title and intro, in order. */
export const questionModules = pgTable(
  'question_modules',
  {
    id: serial('id').primaryKey(),
    olympiadId: integer('olympiad_id')
      .notNull()
      .references(() => olympiads.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    intro: text('intro').notNull().default(''),
    /** Its title and intro in each other language the olympiad offers, with who verified each (decision 094). */
    translations: jsonb('translations').$type<ModuleTranslations>().notNull().default({}),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('question_modules_olympiad_idx').on(t.olympiadId, t.position)],
);

/**
 * A question. `answerKey` never leaves the server towards a learner (presentQuestionForLearner).
 * A question with attempts is retired, not deleted: retired questions are neither shown nor marked.
 */
export const questions = pgTable(
  'questions',
  {
    id: serial('id').primaryKey(),
    moduleId: integer('module_id')
      .notNull()
      .references(() => questionModules.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    type: text('type', { enum: questionTypes }).notNull(),
    /** Sanitised HTML. */
    prompt: text('prompt').notNull(),
    imageUrl: text('image_url'),
    imageAlt: text('image_alt').notNull().default(''),
    options: jsonb('options').$type<QuestionOption[]>().notNull().default([]),
    /** The picture's own size in pixels: the unit of every area and point on it (QTI's object width and height). */
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    /** Places, gaps or the right-hand column of a pairing question (`contract/questions.ts`). */
    targets: jsonb('targets').$type<QuestionTarget[]>().notNull().default([]),
    /** Gap match and inline choice: plain text with each gap written `{{id}}`. */
    gapText: text('gap_text').notNull().default(''),
    /** Hotspot: how many areas a learner may choose (0 any). */
    maxChoices: integer('max_choices').notNull().default(1),
    /**
     * Its words in each other language the olympiad offers (prompt, alt text, options and targets by id, gap text),
     * with who verified each language's version (decision 094). The fields above are in the default language.
     */
    translations: jsonb('translations').$type<QuestionTranslations>().notNull().default({}),
    /**
     * Whether a choice question's options may be put in each learner's own order when the olympiad shuffles
     * (QTI's `shuffle`); an option marked `fixed` keeps its place even then.
     */
    shuffle: boolean('shuffle').notNull().default(true),
    answerKey: jsonb('answer_key').$type<AnswerKey | null>(),
    marks: integer('marks').notNull().default(1),
    difficulty: text('difficulty'),
    verifiedBy: integer('verified_by').references(() => users.id, { onDelete: 'set null' }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    lastEditedBy: integer('last_edited_by').references(() => users.id, { onDelete: 'set null' }),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'questions_type_ck',
      sql`${t.type} in ('single', 'multiple', 'true_false', 'numeric', 'short_text', 'hotspot', 'select_point', 'graphic_gap_match', 'gap_match', 'order', 'match', 'inline_choice')`,
    ),
    check('questions_marks_ck', sql`${t.marks} >= 0`),
    index('questions_module_idx').on(t.moduleId, t.position),
  ],
);
