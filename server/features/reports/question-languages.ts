import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { htmlText } from '#contract/content';
import type { LanguageShare, QuestionsByLanguageReport } from '#contract/reports';
import { type Queryable, rows } from '../../db/client.js';
import {
  MIN_ATTEMPTS_PER_LANGUAGE,
  SIGNIFICANCE,
  twoProportionTest,
  verdictOf,
  type LanguageCount,
} from './language-split.js';

/*
 * Questions by language (decision 096): each question's share with full marks among the finished attempts of each
 * language, and whether the two differ by more than chance explains.
 */

type Language = 'en' | 'af';
const Language = z.enum(['en', 'af']);

const QuestionRow = z.object({
  id: z.number(),
  moduleTitle: z.string(),
  questionIndex: z.number(),
  prompt: z.string(),
  /** The languages its words are kept in besides the default (empty: an anchor). */
  translated: z.array(z.string()),
});
const AttemptsRow = z.object({ language: Language, attempts: z.number() });
const CorrectRow = z.object({ questionId: z.number(), language: Language, correct: z.number() });

/** The language an attempt was written in: its own, else the olympiad's default (decision 090). */
const attemptLanguage = sql`coalesce(t.language, o.default_language)`;

const round = (x: number, places = 3) => Math.round(x * 10 ** places) / 10 ** places;

export async function questionsByLanguage(
  q: Queryable,
  olympiad: { id: number; languages: string[]; defaultLanguage: string },
): Promise<QuestionsByLanguageReport> {
  const languages = [
    olympiad.defaultLanguage,
    ...olympiad.languages.filter((l) => l !== olympiad.defaultLanguage),
  ].filter((l): l is Language => Language.safeParse(l).success);
  const split = languages.length === 2;
  const base = {
    success: true as const,
    olympiadId: olympiad.id,
    languages,
    split,
    significance: SIGNIFICANCE,
    minAttempts: MIN_ATTEMPTS_PER_LANGUAGE,
  };
  const perLanguage = await rows(
    q,
    AttemptsRow,
    sql`select ${attemptLanguage} as language, count(*)::int as attempts
        from attempts t join olympiads o on o.id = t.olympiad_id
        where t.olympiad_id = ${olympiad.id} and t.finished_at is not null group by 1`,
  );
  const attemptsIn = (l: Language) => perLanguage.find((r) => r.language === l)?.attempts ?? 0;
  const attempts = languages.map((language) => ({ language, attempts: attemptsIn(language) }));
  if (!split) return { ...base, attempts, items: [] };

  const [questions, correct] = await Promise.all([
    rows(
      q,
      QuestionRow,
      sql`select x.id, m.title as module_title,
            (row_number() over (partition by x.module_id order by x.position, x.id) - 1)::int as question_index,
            x.prompt, array(select jsonb_object_keys(x.translations)) as translated
          from questions x join question_modules m on m.id = x.module_id
          where m.olympiad_id = ${olympiad.id} and x.retired_at is null
          order by m.position, m.id, x.position, x.id`,
    ),
    rows(
      q,
      CorrectRow,
      sql`select a.question_id, ${attemptLanguage} as language, count(*)::int as correct
          from answers a
          join attempts t on t.id = a.attempt_id
          join olympiads o on o.id = t.olympiad_id
          join questions x on x.id = a.question_id
          where t.olympiad_id = ${olympiad.id} and t.finished_at is not null
            and x.marks > 0 and a.marks_awarded >= x.marks - 1e-9
          group by 1, 2`,
    ),
  ]);
  const correctOf = new Map(correct.map((r) => [`${r.questionId}:${r.language}`, r.correct]));
  const [first, second] = languages as [Language, Language];

  const items = questions.map((x) => {
    const counts: LanguageCount[] = languages.map((l) => ({
      correct: correctOf.get(`${x.id}:${l}`) ?? 0,
      attempts: attemptsIn(l),
    }));
    const shares: LanguageShare[] = languages.map((language, i) => ({
      language,
      attempts: counts[i]!.attempts,
      correct: counts[i]!.correct,
      shareCorrect: counts[i]!.attempts ? round(counts[i]!.correct / counts[i]!.attempts) : null,
    }));
    // An anchor: no words of it are kept in the other language, so both read the very same question.
    const anchor = !x.translated.includes(second);
    const test = twoProportionTest(counts[0]!, counts[1]!);
    const verdict = verdictOf(anchor, counts[0]!, counts[1]!, test);
    const tested = verdict === 'differs' || verdict === 'within_chance';
    return {
      questionId: x.id,
      moduleTitle: x.moduleTitle,
      questionIndex: x.questionIndex,
      prompt: htmlText(x.prompt).slice(0, 300),
      languages: shares,
      difference: test ? round(test.difference) : null,
      z: test && tested ? round(test.z) : null,
      p: test && tested ? Number(test.p.toPrecision(4)) : null,
      verdict,
      harderIn: verdict === 'differs' ? (test!.difference < 0 ? first : second) : null,
    };
  });
  return { ...base, attempts, items };
}
