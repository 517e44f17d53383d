import type { OlympiadTranslations, PaperLanguage } from '#contract/questions';
import { languageName, mergedTranslations as merged, otherLanguagesOf } from '#contract/questions';
export { changedLanguages } from '#contract/questions';
import { invalid } from '../../http/errors.js';
import { sanitizeRichText } from '../../platform/rich-text.js';

/** The instructions and declaration in other languages (decision 094): sanitised as the default's, merged. */

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

export function nextOlympiadTranslations(
  stored: OlympiadTranslations,
  given: Partial<Record<PaperLanguage, { instructions: string; declaration: string }>> | undefined,
): OlympiadTranslations {
  const sent = Object.fromEntries(
    Object.entries(given ?? {}).map(([l, t]) => [
      l,
      { instructions: sanitizeRichText(t!.instructions), declaration: sanitizeRichText(t!.declaration) },
    ]),
  );
  return merged(stored, sent);
}
