import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type {
  ModuleTranslations,
  OlympiadTranslations,
  PaperLanguage,
  QuestionOption,
  QuestionTarget,
  QuestionTranslations,
  QuestionType,
  StoredQuestionTranslation,
} from '#contract/questions';
import { type Queryable, rows } from '../../db/client.js';
import { questionModules, questions } from '../../db/schema/index.js';
import { conflict } from '../../http/errors.js';
import type { Olympiad } from '../../platform/olympiad-lookup.js';
import { moduleGaps, olympiadGaps, questionGaps } from './translation-gaps.js';

/**
 * Changing an olympiad's default language (decision 094): the fields of every text hold the default language's
 * words, so each text and its translation in the new default change places, in the caller's transaction, the old
 * default's words becoming its translation. Refused (409) when any text lacks a version in the new language, naming
 * each; nothing is changed then. A question's verification moves with its words; a section's and the instructions'
 * old words, which were the paper's own, become a translation verified by whoever changed the default.
 */

const names: Record<PaperLanguage, string> = { en: 'English', af: 'Afrikaans' };
const json = <T>() => z.custom<T>(() => true);

const ModuleRow = z.object({
  id: z.number(),
  title: z.string(),
  intro: z.string(),
  translations: json<ModuleTranslations>(),
});
const QuestionRow = z.object({
  id: z.number(),
  moduleId: z.number(),
  type: json<QuestionType>(),
  prompt: z.string(),
  imageUrl: z.string().nullable(),
  imageAlt: z.string(),
  options: json<QuestionOption[] | null>(),
  targets: json<QuestionTarget[] | null>(),
  gapText: z.string(),
  translations: json<QuestionTranslations>(),
  verifiedBy: z.number().nullable(),
  verifiedAt: z.date().nullable(),
  retired: z.boolean(),
});

/** The olympiad's new translations and default fields, or a 409 naming every text without the new language. */
export async function changeDefaultLanguage(
  q: Queryable,
  olympiad: Olympiad,
  next: PaperLanguage,
  actorId: number,
): Promise<{ instructions: string; declaration: string; translations: OlympiadTranslations }> {
  const old = olympiad.defaultLanguage as PaperLanguage;
  const modules = await rows(
    q,
    ModuleRow,
    sql`select id, title, intro, translations from question_modules where olympiad_id = ${olympiad.id}
        order by position, id`,
  );
  const all = await rows(
    q,
    QuestionRow,
    sql`select x.id, x.module_id as "moduleId", x.type, x.prompt, x.image_url as "imageUrl", x.image_alt as "imageAlt",
               x.options, x.targets, x.gap_text as "gapText", x.translations, x.verified_by as "verifiedBy",
               x.verified_at as "verifiedAt", x.retired_at is not null as retired
        from questions x join question_modules m on m.id = x.module_id
        where m.olympiad_id = ${olympiad.id} order by m.position, m.id, x.position, x.id`,
  );
  const missing: Array<{ path: string; message: string }> = [];
  const gaps = olympiadGaps(olympiad, next);
  if (gaps.instructions)
    missing.push({ path: 'instructions', message: `The instructions have no ${names[next]} version` });
  if (gaps.declaration) missing.push({ path: 'declaration', message: `The declaration has no ${names[next]} version` });
  modules.forEach((m, mi) => {
    const lacks = moduleGaps(m, next);
    if (lacks.length)
      missing.push({ path: `modules.${m.id}`, message: `Module ${mi + 1} “${m.title}” lacks ${lacks.join(', ')}` });
    all
      .filter((x) => x.moduleId === m.id && !x.retired)
      .forEach((x, xi) => {
        const lacks = questionGaps(x, next);
        if (lacks.length)
          missing.push({
            path: `questions.${x.id}`,
            message: `Module ${mi + 1}, question ${xi + 1} lacks ${lacks[0] === 'everything' ? `an ${names[next]} version` : lacks.join(', ')}`,
          });
      });
  });
  if (missing.length)
    throw conflict(
      `The paper cannot be written in ${names[next]} first: ${missing.length} ${missing.length === 1 ? 'text has' : 'texts have'} no ${names[next]} version yet. Translate them, then change the default language.`,
      missing.slice(0, 50),
    );

  const now = new Date().toISOString();
  for (const m of modules) {
    const t = m.translations[next];
    if (!t) continue;
    const { [next]: _, ...rest } = m.translations;
    await q
      .update(questionModules)
      .set({
        title: t.title || m.title,
        intro: t.intro || m.intro,
        translations: { ...rest, [old]: { title: m.title, intro: m.intro, verifiedBy: actorId, verifiedAt: now } },
      })
      .where(eq(questionModules.id, m.id));
  }
  for (const x of all) {
    const t = x.translations[next];
    // A retired question without the language keeps its words: it is never shown nor marked again.
    if (!t) continue;
    const { [next]: _, ...rest } = x.translations;
    const oldWords: StoredQuestionTranslation = {
      prompt: x.prompt,
      imageAlt: x.imageAlt,
      options: Object.fromEntries((x.options ?? []).filter((o) => o.text).map((o) => [o.id, o.text])),
      targets: Object.fromEntries((x.targets ?? []).filter((o) => o.text).map((o) => [o.id, o.text])),
      gapText: x.gapText,
      verifiedBy: x.verifiedBy,
      verifiedAt: x.verifiedAt?.toISOString() ?? null,
    };
    await q
      .update(questions)
      .set({
        prompt: t.prompt || x.prompt,
        imageAlt: t.imageAlt || x.imageAlt,
        options: (x.options ?? []).map((o) => ({ ...o, text: t.options?.[o.id] || o.text })),
        targets: (x.targets ?? []).map((o) => ({ ...o, text: t.targets?.[o.id] || o.text })),
        gapText: t.gapText || x.gapText,
        verifiedBy: t.verifiedBy,
        verifiedAt: t.verifiedAt ? new Date(t.verifiedAt) : null,
        translations: { ...rest, [old]: oldWords },
      })
      .where(eq(questions.id, x.id));
  }
  const t = olympiad.translations?.[next];
  const { [next]: _, ...rest } = olympiad.translations ?? {};
  return {
    instructions: t?.instructions || olympiad.instructions,
    declaration: t?.declaration || olympiad.declaration,
    translations: {
      ...rest,
      [old]: {
        instructions: olympiad.instructions,
        declaration: olympiad.declaration,
        verifiedBy: actorId,
        verifiedAt: now,
      },
    },
  };
}
