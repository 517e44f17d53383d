import { sql } from 'drizzle-orm';
import type { AnswerKey, AnswerValue, QuestionOption } from '#contract/questions';
import { type Queryable, untypedRows } from '../../db/client.js';

/** SQL of an olympiad's paper (read through the catalogue's cache on exam day). */

export interface QuestionRow {
  id: number;
  module_id: number;
  module_title: string;
  module_intro: string;
  type: AnswerValue['type'];
  prompt: string;
  image_url: string | null;
  image_alt: string;
  options: QuestionOption[];
  answer_key: AnswerKey | null;
  marks: number;
}

export async function paperCounts(q: Queryable, olympiadId: number) {
  const [row] = await untypedRows<{ modules: number; questions: number }>(
    q,
    sql`
    select (select count(*)::int from question_modules where olympiad_id = ${olympiadId}) as modules,
           (select count(*)::int from questions qu join question_modules m on m.id = qu.module_id
             where m.olympiad_id = ${olympiadId} and qu.retired_at is null) as questions`,
  );
  return { modules: Number(row?.modules ?? 0), questions: Number(row?.questions ?? 0) };
}

/** The paper: modules in order, their live (not retired) questions in order, keys included (server side only). */
export async function paperQuestions(q: Queryable, olympiadId: number): Promise<QuestionRow[]> {
  return untypedRows<QuestionRow>(
    q,
    sql`
    select qu.id, qu.module_id, m.title as module_title, m.intro as module_intro, qu.type, qu.prompt, qu.image_url,
           qu.image_alt, qu.options, qu.answer_key, qu.marks
    from questions qu join question_modules m on m.id = qu.module_id
    where m.olympiad_id = ${olympiadId} and qu.retired_at is null
    order by m.position, m.id, qu.position, qu.id`,
  );
}
