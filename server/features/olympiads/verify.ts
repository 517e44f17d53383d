import { sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { htmlText } from '#contract/content';
import { fillGaps } from '#contract/interactions';
import type { Blocker, VerifyResult } from '#contract/olympiads';
import { type Queryable, rows } from '../../db/client.js';
import { auditLog, questionModules, questions as questionsTable } from '../../db/schema/index.js';
import type { Olympiad } from '../../platform/olympiad-lookup.js';
import { schoolsBlocked } from '../../platform/payment-gate.js';
import type {
  ModuleTranslations,
  PaperLanguage,
  QuestionOption,
  QuestionTarget,
  QuestionTranslations,
} from '#contract/questions';
import { moduleGaps, olympiadGaps, questionGaps } from './translation-gaps.js';

const languageNames: Record<PaperLanguage, string> = { en: 'English', af: 'Afrikaans' };
const jsonOf = <T>() => z.custom<T>(() => true);

/** A module with the count of its questions not retired. */
const ModuleRow = createSelectSchema(questionModules)
  .pick({ id: true, title: true, intro: true, position: true })
  .extend({ active: z.number(), translations: jsonOf<ModuleTranslations>() });

/** A question not retired, with whether it has a correct answer and a second admin's verification. */
const QuestionRow = createSelectSchema(questionsTable)
  .pick({
    id: true,
    moduleId: true,
    position: true,
    type: true,
    prompt: true,
    gapText: true,
    imageUrl: true,
    imageAlt: true,
  })
  .extend({
    hasKey: z.boolean(),
    verified: z.boolean(),
    options: jsonOf<QuestionOption[] | null>(),
    targets: jsonOf<QuestionTarget[] | null>(),
    translations: jsonOf<QuestionTranslations>(),
  });

/** The audit row of an opening: when, the name of whoever opened it, and what they confirmed. */
const OpeningRow = createSelectSchema(auditLog)
  .pick({ at: true })
  .extend({ by: z.string().nullable(), data: z.record(z.string(), z.unknown()) });

const short = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}…` : text);

/**
 * What blocks opening an olympiad (GET /olympiad/verify/{id}): its window and duration, modules without
 * questions, questions without a correct answer, and questions no second admin has verified.
 * Retired questions do not count.
 */
export async function blockersOf(q: Queryable, olympiad: Olympiad): Promise<VerifyResult> {
  const blockers: Blocker[] = [];
  const add = (
    kind: Blocker['kind'],
    message: string,
    moduleId: number | null = null,
    questionId: number | null = null,
  ) => blockers.push({ kind, message, moduleId, questionId });
  if (!olympiad.startsAt || !olympiad.endsAt) add('no_window', 'The writing window (start and end) is not set');
  else if (olympiad.endsAt.getTime() <= Date.now()) add('window_over', 'The writing window has already ended');
  if (!olympiad.durationMinutes) add('no_duration', 'The writing duration is not set');

  const modules = await rows(
    q,
    ModuleRow,
    sql`select m.id, m.title, m.intro, m.position, m.translations,
               (select count(*)::int from questions x where x.module_id = m.id and x.retired_at is null) as active
        from question_modules m where m.olympiad_id = ${olympiad.id} order by m.position, m.id`,
  );
  const questions = await rows(
    q,
    QuestionRow,
    sql`select x.id, x.module_id, x.position, x.type, x.prompt, x.gap_text, x.image_url, x.image_alt, x.options, x.targets,
               x.translations, x.answer_key is not null and x.answer_key <> 'null'::jsonb as has_key,
               x.verified_at is not null as verified
        from questions x join question_modules m on m.id = x.module_id
        where m.olympiad_id = ${olympiad.id} and x.retired_at is null
        order by m.position, m.id, x.position, x.id`,
  );
  if (modules.length === 0) add('no_modules', 'The olympiad has no question modules yet');
  modules.forEach((m, mi) => {
    if (Number(m.active) === 0) add('module_without_questions', `Module ${mi + 1} “${m.title}” has no questions`, m.id);
  });
  // Each other language the olympiad offers: every text in it, and verified (decision 094).
  const others = olympiad.languages.filter(
    (l): l is PaperLanguage => (l === 'en' || l === 'af') && l !== olympiad.defaultLanguage,
  );
  const translated = (
    where: string,
    lang: PaperLanguage,
    gaps: string[],
    verified: boolean,
    ids: [number | null, number | null],
  ) => {
    const name = languageNames[lang];
    if (gaps.length === 1 && gaps[0] === 'everything')
      add('translation_missing', `${where} has no ${name} version`, ...ids);
    else if (gaps.length) add('translation_missing', `${where}: the ${name} version lacks ${gaps.join(', ')}`, ...ids);
    else if (!verified) add('translation_unverified', `${where}: the ${name} version is not verified`, ...ids);
  };
  for (const lang of others) {
    const text = olympiadGaps(olympiad, lang);
    const t = olympiad.translations?.[lang];
    if (text.instructions || text.declaration) {
      if (text.instructions) add('translation_missing', `The instructions have no ${languageNames[lang]} version`);
      if (text.declaration) add('translation_missing', `The declaration has no ${languageNames[lang]} version`);
    } else if ((olympiad.instructions || olympiad.declaration) && !t?.verifiedAt) {
      add(
        'translation_unverified',
        `The instructions and declaration: the ${languageNames[lang]} version is not verified`,
      );
    }
    modules.forEach((m, mi) =>
      translated(
        `Module ${mi + 1} “${m.title}”`,
        lang,
        moduleGaps(m, lang),
        m.translations?.[lang]?.verifiedAt != null,
        [m.id, null],
      ),
    );
  }
  const moduleIndex = new Map(modules.map((m, i) => [m.id, i + 1]));
  const questionIndex = new Map<number, number>();
  for (const x of questions) {
    const n = (questionIndex.get(x.moduleId) ?? 0) + 1;
    questionIndex.set(x.moduleId, n);
    // A choice question's prompt may be empty (its options ask it): then its place alone names it. A text with
    // gaps asks its question itself: it names the question, each gap a blank.
    const text = short(
      htmlText(x.prompt) ||
        fillGaps(x.gapText, () => '___')
          .replace(/\s+/g, ' ')
          .trim(),
    );
    const where = `Module ${moduleIndex.get(x.moduleId)}, question ${n}${text ? ` (“${text}”)` : ''}`;
    if (!x.hasKey) add('question_without_answer', `${where} has no correct answer`, x.moduleId, x.id);
    if (!x.verified) add('question_unverified', `${where} is not verified`, x.moduleId, x.id);
    for (const lang of others)
      translated(where, lang, questionGaps(x, lang), x.translations?.[lang]?.verifiedAt != null, [x.moduleId, x.id]);
  }
  const counts = {
    modules: modules.length,
    questions: questions.length,
    // A question is verified when each offered language's version is.
    verified: questions.filter((x) => x.verified && others.every((l) => x.translations?.[l]?.verifiedAt != null))
      .length,
  };
  const [blockedSchools, openedDespite] = await Promise.all([
    schoolsBlocked(q, olympiad),
    olympiad.open ? openedDespiteBlockers(q, olympiad.id) : null,
  ]);
  return {
    success: true,
    olympiadId: olympiad.id,
    ready: blockers.length === 0,
    blockers,
    counts,
    openedDespite,
    payment: { required: olympiad.paymentRequired, blockedSchools },
  };
}

/**
 * The last opening of the olympiad, when it was confirmed despite blockers: when, by whom, the reason given and how
 * many blockers there were (the audit row the open call wrote).
 */
async function openedDespiteBlockers(q: Queryable, olympiadId: number): Promise<VerifyResult['openedDespite']> {
  const [last] = await rows(
    q,
    OpeningRow,
    sql`select a.at, nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as by, a.data
        from audit_log a left join users u on u.id = a.actor_id
        where a.action = 'olympiad.open' and a.entity_id = ${String(olympiadId)} and a.olympiad_id = ${olympiadId}
        order by a.at desc, a.id desc limit 1`,
  );
  const despite = last?.data.confirmedDespiteBlockers;
  if (!last || !Array.isArray(despite) || despite.length === 0) return null;
  const count = typeof last.data.blockerCount === 'number' ? last.data.blockerCount : despite.length;
  return {
    at: last.at.toISOString(),
    by: last.by,
    reason: typeof last.data.reason === 'string' ? last.data.reason : null,
    blockers: count,
  };
}
