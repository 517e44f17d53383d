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
import type { z } from 'zod';
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
  const sent = Object.fromEntries(
    Object.entries(given ?? {}).map(([l, t]) => [l, { title: t!.title.trim(), intro: sanitizeRichText(t!.intro) }]),
  );
  return merged(stored, sent);
}

export {
  changedLanguages,
  languageName,
  otherLanguagesOf,
  presentTranslations,
  withVerification,
} from '#contract/questions';
