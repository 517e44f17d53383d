import { eq, sql } from 'drizzle-orm';
import type { AnswerKey, QuestionOption, QuestionType } from '#contract/questions';
import { intArray, type Queryable, untypedRows } from '../../db/client.js';
import { questionModules, questions } from '../../db/schema/index.js';
import { containsPattern, offsetOf, orderBy, type Paging } from '../../platform/paging.js';

export interface ModuleRow {
  id: number;
  olympiadId: number;
  title: string;
  intro: string;
  position: number;
  updatedAt: Date | string;
  /** Its questions that are not retired. */
  questionCount: number;
}

const moduleSelect = sql`select m.id, m.olympiad_id as "olympiadId", m.title, m.intro, m.position,
    m.updated_at as "updatedAt",
    (select count(*)::int from questions x where x.module_id = m.id and x.retired_at is null) as "questionCount"
  from question_modules m`;

export async function listModules(q: Queryable, olympiadId: number) {
  return untypedRows<ModuleRow>(q, sql`${moduleSelect} where m.olympiad_id = ${olympiadId} order by m.position, m.id`);
}

export async function findModule(q: Queryable, id: number): Promise<ModuleRow | null> {
  const [row] = await untypedRows<ModuleRow>(q, sql`${moduleSelect} where m.id = ${id}`);
  return row ?? null;
}

export interface QuestionRow {
  id: number;
  moduleId: number;
  olympiadId: number;
  position: number;
  type: QuestionType;
  prompt: string;
  imageUrl: string | null;
  imageAlt: string;
  options: QuestionOption[];
  answerKey: AnswerKey | null;
  marks: number;
  difficulty: string | null;
  retiredAt: Date | string | null;
  verifiedAt: Date | string | null;
  verifiedBy: string | null;
  lastEditedById: number | null;
  lastEditedBy: string | null;
  updatedAt: Date | string;
  /** Answers learners gave to it. */
  answerCount: number;
}

const questionSelect = sql`select x.id, x.module_id as "moduleId", m.olympiad_id as "olympiadId", x.position, x.type,
    x.prompt, x.image_url as "imageUrl", x.image_alt as "imageAlt", x.options, x.answer_key as "answerKey", x.marks,
    x.difficulty, x.retired_at as "retiredAt", x.verified_at as "verifiedAt", verifier.username as "verifiedBy",
    x.last_edited_by as "lastEditedById", editor.username as "lastEditedBy", x.updated_at as "updatedAt",
    (select count(*)::int from answers a where a.question_id = x.id) as "answerCount"
  from questions x
  join question_modules m on m.id = x.module_id
  left join users verifier on verifier.id = x.verified_by
  left join users editor on editor.id = x.last_edited_by`;

export async function listQuestions(
  q: Queryable,
  p: Paging & { questionModuleId: number; includeRetired: boolean },
): Promise<{ items: QuestionRow[]; total: number }> {
  const where = sql.join(
    [
      sql`x.module_id = ${p.questionModuleId}`,
      ...(p.includeRetired ? [] : [sql`x.retired_at is null`]),
      ...(p.search?.trim() ? [sql`lower(x.prompt) like ${containsPattern(p.search)}`] : []),
    ],
    sql` and `,
  );
  const sorts = {
    position: sql`x.position`,
    type: sql`x.type`,
    marks: sql`x.marks`,
    difficulty: sql`x.difficulty`,
    updatedAt: sql`x.updated_at`,
  };
  const [items, [count]] = await Promise.all([
    untypedRows<QuestionRow>(
      q,
      sql`${questionSelect} where ${where}
        order by ${orderBy(p, sorts, 'position', sql`x.id`)} limit ${p.pageSize} offset ${offsetOf(p)}`,
    ),
    untypedRows<{ n: number }>(q, sql`select count(*)::int as n from questions x where ${where}`),
  ]);
  return { items, total: Number(count?.n ?? 0) };
}

export async function questionsOfModules(q: Queryable, moduleIds: number[]) {
  if (moduleIds.length === 0) return [];
  return untypedRows<QuestionRow>(
    q,
    sql`${questionSelect} where x.module_id = any(${intArray(moduleIds)}) order by x.position, x.id`,
  );
}

export async function findQuestion(q: Queryable, id: number): Promise<QuestionRow | null> {
  const [row] = await untypedRows<QuestionRow>(q, sql`${questionSelect} where x.id = ${id}`);
  return row ?? null;
}

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
  const [row] = await untypedRows<{ n: number }>(
    q,
    sql`select count(*)::int as n from answers a join questions x on x.id = a.question_id where x.module_id = ${moduleId}`,
  );
  return Number(row?.n ?? 0);
}
