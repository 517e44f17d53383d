import { and, asc, desc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.js';
import { answers, questionModules, questions, users } from '../../db/schema/index.js';

const verifier = alias(users, 'verifier');
const editor = alias(users, 'editor');

export const moduleColumns = {
  id: questionModules.id,
  olympiadId: questionModules.olympiadId,
  title: questionModules.title,
  intro: questionModules.intro,
  position: questionModules.position,
  updatedAt: questionModules.updatedAt,
  questionCount:
    sql<number>`(select count(*)::int from questions q where q.module_id = "question_modules"."id" and q.retired_at is null)`.mapWith(
      Number,
    ),
};

export async function listModules(q: Queryable, olympiadId: number) {
  return q
    .select(moduleColumns)
    .from(questionModules)
    .where(eq(questionModules.olympiadId, olympiadId))
    .orderBy(asc(questionModules.position), asc(questionModules.id));
}

export async function findModule(q: Queryable, id: number) {
  const [row] = await q.select(moduleColumns).from(questionModules).where(eq(questionModules.id, id));
  return row ?? null;
}
export type ModuleRow = NonNullable<Awaited<ReturnType<typeof findModule>>>;

const questionColumns = {
  id: questions.id,
  moduleId: questions.moduleId,
  position: questions.position,
  type: questions.type,
  prompt: questions.prompt,
  imageUrl: questions.imageUrl,
  imageAlt: questions.imageAlt,
  options: questions.options,
  answerKey: questions.answerKey,
  marks: questions.marks,
  difficulty: questions.difficulty,
  retiredAt: questions.retiredAt,
  verifiedAt: questions.verifiedAt,
  verifiedBy: verifier.username,
  lastEditedById: questions.lastEditedBy,
  lastEditedBy: editor.username,
  updatedAt: questions.updatedAt,
  answerCount: sql<number>`(select count(*)::int from answers a where a.question_id = "questions"."id")`.mapWith(
    Number,
  ),
};

function questionSelect(q: Queryable) {
  return q
    .select(questionColumns)
    .from(questions)
    .leftJoin(verifier, eq(verifier.id, questions.verifiedBy))
    .leftJoin(editor, eq(editor.id, questions.lastEditedBy));
}

export async function listQuestions(
  q: Queryable,
  p: {
    questionModuleId: number;
    page: number;
    pageSize: number;
    search?: string | undefined;
    sort: string;
    order: 'asc' | 'desc';
    includeRetired: boolean;
  },
) {
  const sortColumn =
    {
      position: questions.position,
      type: questions.type,
      marks: questions.marks,
      difficulty: questions.difficulty,
      updatedAt: questions.updatedAt,
    }[p.sort] ?? questions.position;
  const where = and(
    eq(questions.moduleId, p.questionModuleId),
    p.includeRetired ? undefined : isNull(questions.retiredAt),
    p.search ? ilike(questions.prompt, `%${p.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
  );
  const [items, [count]] = await Promise.all([
    questionSelect(q)
      .where(where)
      .orderBy(p.order === 'desc' ? desc(sortColumn) : asc(sortColumn), asc(questions.id))
      .limit(p.pageSize)
      .offset((p.page - 1) * p.pageSize),
    q
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(questions)
      .where(where),
  ]);
  return { items, total: count?.n ?? 0 };
}

export async function questionsOfModules(q: Queryable, moduleIds: number[]) {
  if (moduleIds.length === 0) return [];
  return questionSelect(q)
    .where(inArray(questions.moduleId, moduleIds))
    .orderBy(asc(questions.position), asc(questions.id));
}

export async function findQuestion(q: Queryable, id: number) {
  const [row] = await questionSelect(q).where(eq(questions.id, id));
  if (!row) return null;
  const [mod] = await q
    .select({ olympiadId: questionModules.olympiadId })
    .from(questionModules)
    .where(eq(questionModules.id, row.moduleId));
  return { ...row, olympiadId: mod!.olympiadId };
}
export type QuestionRow = Awaited<ReturnType<typeof questionsOfModules>>[number];

export async function nextPosition(q: Queryable, table: 'modules' | 'questions', parentId: number) {
  const [row] =
    table === 'modules'
      ? await q
          .select({ n: sql<number>`coalesce(max(${questionModules.position}), -1) + 1`.mapWith(Number) })
          .from(questionModules)
          .where(eq(questionModules.olympiadId, parentId))
      : await q
          .select({ n: sql<number>`coalesce(max(${questions.position}), -1) + 1`.mapWith(Number) })
          .from(questions)
          .where(eq(questions.moduleId, parentId));
  return row?.n ?? 0;
}

/** Answers learners gave to any question of a module. */
export async function answersInModule(q: Queryable, moduleId: number) {
  const [row] = await q
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .where(eq(questions.moduleId, moduleId));
  return row?.n ?? 0;
}
