import { eq, sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { AnswerKey, type ModuleTranslations, type QuestionTranslations } from '#contract/questions';
import { CountRow, intArray, type Queryable, rows } from '../../db/client.js';
import { questionModules, questions, users } from '../../db/schema/index.js';
import { containsPattern, offsetOf, orderBy, type Paging } from '../../platform/paging.js';

/** A module with the count of its questions that are not retired. */
const ModuleRow = createSelectSchema(questionModules)
  .pick({ id: true, olympiadId: true, title: true, intro: true, position: true, updatedAt: true })
  .extend({
    questionCount: z.number(),
    translations: z.custom<ModuleTranslations>((v) => typeof v === 'object' && v !== null),
    /** The usernames of who verified its translations, by user id. */
    verifierNames: z.record(z.string(), z.string()),
  });
export type ModuleRow = z.infer<typeof ModuleRow>;

/** The usernames of who verified a row's translations (a jsonb column of language → {verifiedBy, …}), by id. */
const verifierNames = (
  column: ReturnType<typeof sql>,
) => sql`(select coalesce(jsonb_object_agg(u.id::text, u.username), '{}'::jsonb)
    from users u where u.id in (select (t.value->>'verifiedBy')::int from jsonb_each(${column}) t
      where jsonb_typeof(t.value->'verifiedBy') = 'number'))`;

const moduleSelect = sql`select m.id, m.olympiad_id as "olympiadId", m.title, m.intro, m.position,
    m.updated_at as "updatedAt", m.translations, ${verifierNames(sql`m.translations`)} as "verifierNames",
    (select count(*)::int from questions x where x.module_id = m.id and x.retired_at is null) as "questionCount"
  from question_modules m`;

export async function listModules(q: Queryable, olympiadId: number) {
  return rows(q, ModuleRow, sql`${moduleSelect} where m.olympiad_id = ${olympiadId} order by m.position, m.id`);
}

export async function findModule(q: Queryable, id: number): Promise<ModuleRow | null> {
  const [row] = await rows(q, ModuleRow, sql`${moduleSelect} where m.id = ${id}`);
  return row ?? null;
}

/**
 * A stored key: the column is json to drizzle, so the shape names the contract's key (checked under test; every
 * key is written through that schema, its defaults filled in).
 */
const StoredAnswerKey = z.custom<AnswerKey | null>((v) => v === null || AnswerKey.safeParse(v).success);

/**
 * A question with its module's olympiad, the usernames of who verified and last edited it, and the count of the
 * answers learners gave to it.
 */
const QuestionRow = createSelectSchema(questions)
  .pick({
    id: true,
    moduleId: true,
    position: true,
    type: true,
    prompt: true,
    imageUrl: true,
    imageAlt: true,
    options: true,
    imageWidth: true,
    imageHeight: true,
    targets: true,
    gapText: true,
    maxChoices: true,
    shuffle: true,
    marks: true,
    difficulty: true,
    retiredAt: true,
    verifiedAt: true,
    updatedAt: true,
  })
  .extend({
    olympiadId: createSelectSchema(questionModules).shape.olympiadId,
    answerKey: StoredAnswerKey,
    verifiedBy: createSelectSchema(users).shape.username.nullable(),
    lastEditedById: createSelectSchema(questions).shape.lastEditedBy,
    lastEditedBy: createSelectSchema(users).shape.username.nullable(),
    answerCount: z.number(),
    translations: z.custom<QuestionTranslations>((v) => typeof v === 'object' && v !== null),
    verifierNames: z.record(z.string(), z.string()),
  });
export type QuestionRow = z.infer<typeof QuestionRow>;

const questionSelect = sql`select x.id, x.module_id as "moduleId", m.olympiad_id as "olympiadId", x.position, x.type,
    x.prompt, x.image_url as "imageUrl", x.image_alt as "imageAlt", x.options,
    x.image_width as "imageWidth", x.image_height as "imageHeight", x.targets, x.gap_text as "gapText",
    x.max_choices as "maxChoices", x.shuffle, x.answer_key as "answerKey", x.marks,
    x.difficulty, x.retired_at as "retiredAt", x.verified_at as "verifiedAt", verifier.username as "verifiedBy",
    x.last_edited_by as "lastEditedById", editor.username as "lastEditedBy", x.updated_at as "updatedAt",
    x.translations, ${verifierNames(sql`x.translations`)} as "verifierNames",
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
    rows(
      q,
      QuestionRow,
      sql`${questionSelect} where ${where}
        order by ${orderBy(p, sorts, 'position', sql`x.id`)} limit ${p.pageSize} offset ${offsetOf(p)}`,
    ),
    rows(q, CountRow, sql`select count(*)::int as n from questions x where ${where}`),
  ]);
  return { items, total: Number(count?.n ?? 0) };
}

export async function questionsOfModules(q: Queryable, moduleIds: number[]) {
  if (moduleIds.length === 0) return [];
  return rows(
    q,
    QuestionRow,
    sql`${questionSelect} where x.module_id = any(${intArray(moduleIds)}) order by x.position, x.id`,
  );
}

export async function findQuestion(q: Queryable, id: number): Promise<QuestionRow | null> {
  const [row] = await rows(q, QuestionRow, sql`${questionSelect} where x.id = ${id}`);
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
  const [row] = await rows(
    q,
    CountRow,
    sql`select count(*)::int as n from answers a join questions x on x.id = a.question_id where x.module_id = ${moduleId}`,
  );
  return Number(row?.n ?? 0);
}
