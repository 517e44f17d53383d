import type { ModuleTranslationsInput, QuestionTranslationsInput } from '#contract/authoring';
import {
  isGapTextType,
  type ModuleTranslations,
  type PaperLanguage,
  type QuestionTranslations,
  type QuestionType,
  type StoredQuestionTranslation,
  type TranslationVerification,
  languageName,
  mergedTranslations as merged,
  otherLanguagesOf,
} from '#contract/questions';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Queryable, rows } from '../../db/client.js';
import { invalid } from '../../http/errors.js';
import { sanitizeRichText } from '../../platform/rich-text.js';

/**
 * A paper's words in the olympiad's other languages (decision 094): what an editor may send, how it is stored (the
 * same sanitising as the default language's fields), and when a language's verification is cleared (when, and only
 * when, that language's words change).
 */

/** A 400 for a translation into the default language or one the olympiad does not offer. */
export function checkTranslationLanguages(
  given: Partial<Record<PaperLanguage, unknown>> | undefined,
  o: { languages: readonly string[]; defaultLanguage: string },
): void {
  if (!given) return;
  const others = otherLanguagesOf(o);
  const problems = (Object.keys(given) as PaperLanguage[])
    .filter((l) => !others.includes(l))
    .map((l) => ({
      path: `body.translations.${l}`,
      message:
        l === o.defaultLanguage
          ? `${languageName(l)} is this olympiad's default language: its words are the fields themselves`
          : `This olympiad is not offered in ${languageName(l)}: add the language in its settings first`,
    }));
  if (problems.length) throw invalid(problems);
}

/** Only the ids the question has, in its order, each text trimmed; an empty text is left out. */
function byIds(ids: readonly string[], words: Record<string, string>): Record<string, string> {
  return Object.fromEntries(ids.flatMap((id) => (words[id]?.trim() ? [[id, words[id].trim()]] : [])));
}

type QuestionShape = {
  type: QuestionType;
  options: ReadonlyArray<{ id: string }>;
  targets: ReadonlyArray<{ id: string }>;
};

/** A question's words in one language as stored: sanitised and trimmed as its own fields, by its ids only. */
function questionWords(
  q: QuestionShape,
  t: Omit<StoredQuestionTranslation, keyof TranslationVerification>,
): Omit<StoredQuestionTranslation, keyof TranslationVerification> {
  return {
    prompt: sanitizeRichText(t.prompt ?? ''),
    imageAlt: (t.imageAlt ?? '').trim(),
    options: byIds(
      q.options.map((o) => o.id),
      t.options ?? {},
    ),
    targets:
      q.type === 'gap_match'
        ? {}
        : byIds(
            q.targets.map((x) => x.id),
            t.targets ?? {},
          ),
    gapText: isGapTextType(q.type) ? (t.gapText ?? '') : '',
  };
}

/**
 * A question's translations after an edit: the languages sent replace theirs (verification kept only where the words
 * are the same), the others stay; every language keeps only the options and targets the question now has.
 */
export function nextQuestionTranslations(
  stored: QuestionTranslations,
  given: z.infer<typeof QuestionTranslationsInput> | undefined,
  q: QuestionShape,
): QuestionTranslations {
  const restated = Object.fromEntries(
    Object.entries(stored).map(([l, t]) => [
      l,
      { ...questionWords(q, t), verifiedBy: t.verifiedBy, verifiedAt: t.verifiedAt },
    ]),
  ) as QuestionTranslations;
  const sent = Object.fromEntries(
    Object.entries(given ?? {}).map(([l, t]) => [l, questionWords(q, t as StoredQuestionTranslation)]),
  );
  return merged(restated, sent);
}

export function nextModuleTranslations(
  stored: ModuleTranslations,
  given: z.infer<typeof ModuleTranslationsInput> | undefined,
): ModuleTranslations {
  // Restated in the order the words are sent in: jsonb keeps an object's keys in an order of its own (the shorter
  // first), and the merge compares words as JSON text, so stored words read back would never equal the same words sent.
  const restated = Object.fromEntries(
    Object.entries(stored).map(([l, t]) => [
      l,
      { title: t.title, intro: t.intro, verifiedBy: t.verifiedBy, verifiedAt: t.verifiedAt },
    ]),
  ) as ModuleTranslations;
  const sent = Object.fromEntries(
    Object.entries(given ?? {}).map(([l, t]) => [l, { title: t!.title.trim(), intro: sanitizeRichText(t!.intro) }]),
  );
  return merged(restated, sent);
}

/** JSON text with every object's keys in one order, so that words read back from jsonb compare with those sent. */
const sortedJson = (v: unknown): string =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? `{${Object.keys(v)
        .sort()
        .map((k) => `${JSON.stringify(k)}:${sortedJson((v as Record<string, unknown>)[k])}`)
        .join(',')}}`
    : JSON.stringify(v ?? null);

const wordsJson = (t: TranslationVerification | undefined) => {
  if (!t) return null;
  const { verifiedBy: _by, verifiedAt: _at, ...words } = t;
  return sortedJson(words);
};

/** The languages whose words an edit wrote anew: the ones it added or changed (and so left unverified). */
export function changedLanguages<T extends TranslationVerification>(
  before: Partial<Record<PaperLanguage, T>>,
  after: Partial<Record<PaperLanguage, T>>,
): PaperLanguage[] {
  return (Object.keys(after) as PaperLanguage[]).filter((l) => wordsJson(before[l]) !== wordsJson(after[l]));
}

const ActorRow = z.object({ actorId: z.number().nullable() });

/**
 * Who last wrote a section's words in `lang`: the actor of its latest audit row naming the language among
 * `translationsChanged`, or null. A second admin verifies a translation, as a question (questions/policy.ts); a
 * section has no column for its editor, and its audit rows already say who wrote what.
 */
export async function lastTranslatorOfModule(q: Queryable, moduleId: number, lang: PaperLanguage) {
  const [row] = await rows(
    q,
    ActorRow,
    sql`select actor_id from audit_log
        where entity = 'question_module' and entity_id = ${String(moduleId)}
          and action in ('question-module.create', 'question-module.update')
          and data -> 'translationsChanged' ? ${lang}
        order by at desc, id desc limit 1`,
  );
  return row?.actorId ?? null;
}

export { languageName, otherLanguagesOf, presentTranslations, withVerification } from '#contract/questions';
