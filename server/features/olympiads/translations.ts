import type { OlympiadTranslations, PaperLanguage } from '#contract/questions';
import { languageName, mergedTranslations as merged, otherLanguagesOf } from '#contract/questions';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Queryable, rows } from '../../db/client.js';
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
  // Restated in the order the words are sent in: jsonb keeps an object's keys in an order of its own (the shorter
  // first), and the merge compares words as JSON text, so stored words read back would never equal the same words sent.
  const restated = Object.fromEntries(
    Object.entries(stored).map(([l, t]) => [
      l,
      { instructions: t.instructions, declaration: t.declaration, verifiedBy: t.verifiedBy, verifiedAt: t.verifiedAt },
    ]),
  ) as OlympiadTranslations;
  const sent = Object.fromEntries(
    Object.entries(given ?? {}).map(([l, t]) => [
      l,
      { instructions: sanitizeRichText(t!.instructions), declaration: sanitizeRichText(t!.declaration) },
    ]),
  );
  return merged(restated, sent);
}

/** The languages whose instructions or declaration an edit wrote anew (added or changed, so left unverified). */
export function changedLanguages(before: OlympiadTranslations, after: OlympiadTranslations): PaperLanguage[] {
  const words = (t: OlympiadTranslations[PaperLanguage]) => (t ? `${t.instructions}\u0000${t.declaration}` : null);
  return (Object.keys(after) as PaperLanguage[]).filter((l) => words(before[l]) !== words(after[l]));
}

const ActorRow = z.object({ actorId: z.number().nullable() });

/**
 * Who last wrote the instructions and declaration in `lang`: the actor of the olympiad's latest audit row naming the
 * language among `translationsChanged`, or null. A second admin verifies a translation, as a question
 * (questions/policy.ts); the olympiad has no column for who wrote which language, and its audit rows say it.
 */
export async function lastTranslator(q: Queryable, olympiadId: number, lang: PaperLanguage): Promise<number | null> {
  const [row] = await rows(
    q,
    ActorRow,
    sql`select actor_id from audit_log
        where entity = 'olympiad' and entity_id = ${String(olympiadId)}
          and action in ('olympiad.create', 'olympiad.update') and data -> 'translationsChanged' ? ${lang}
        order by at desc, id desc limit 1`,
  );
  return row?.actorId ?? null;
}
