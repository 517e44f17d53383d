import { sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { AnswerKey, type ModuleTranslations, type QuestionTranslations } from '#contract/questions';
import { type Queryable, rows } from '../../db/client.js';
import { questionModules, questions } from '../../db/schema/index.js';

/** SQL of an olympiad's paper (read through the catalogue's cache on exam day). */

/**
 * A stored key: the column is json to drizzle, so the shape names the contract's key (every key is written through
 * that schema, its defaults filled in).
 */
export const StoredAnswerKey = z.custom<AnswerKey | null>((v) => v === null || AnswerKey.safeParse(v).success);

/** A live question of the paper, with its module's title and introduction. */
const QuestionRow = createSelectSchema(questions)
  .pick({
    id: true,
    moduleId: true,
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
  })
  .extend({
    moduleTitle: createSelectSchema(questionModules).shape.title,
    moduleIntro: createSelectSchema(questionModules).shape.intro,
    answerKey: StoredAnswerKey,
    /** Its words and its section's in each other language (decision 094), as written through the authoring API. */
    translations: z.custom<QuestionTranslations>((v) => typeof v === 'object' && v !== null).optional(),
    moduleTranslations: z.custom<ModuleTranslations>((v) => typeof v === 'object' && v !== null).optional(),
  });
export type QuestionRow = z.infer<typeof QuestionRow>;

/** How many modules and live questions a paper has. */
const PaperCounts = z.object({ modules: z.number(), questions: z.number() });

export async function paperCounts(q: Queryable, olympiadId: number) {
  const [row] = await rows(
    q,
    PaperCounts,
    sql`
    select (select count(*)::int from question_modules where olympiad_id = ${olympiadId}) as modules,
           (select count(*)::int from questions qu join question_modules m on m.id = qu.module_id
             where m.olympiad_id = ${olympiadId} and qu.retired_at is null) as questions`,
  );
  return { modules: Number(row?.modules ?? 0), questions: Number(row?.questions ?? 0) };
}

/** The paper: modules in order, their live (not retired) questions in order, keys included (server side only). */
export async function paperQuestions(q: Queryable, olympiadId: number): Promise<QuestionRow[]> {
  return rows(
    q,
    QuestionRow,
    sql`
    select qu.id, qu.module_id, m.title as module_title, m.intro as module_intro, qu.type, qu.prompt, qu.image_url,
           qu.image_alt, qu.options, qu.image_width, qu.image_height, qu.targets, qu.gap_text, qu.max_choices,
           qu.shuffle, qu.answer_key, qu.marks, qu.translations, m.translations as module_translations
    from questions qu join question_modules m on m.id = qu.module_id
    where m.olympiad_id = ${olympiadId} and qu.retired_at is null
    order by m.position, m.id, qu.position, qu.id`,
  );
}
