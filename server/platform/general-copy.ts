import { eq } from 'drizzle-orm';
import { type GeneralCopyKey, generalCopyDefaults, generalCopyKeys, type ResolvedGeneralCopy } from '#contract/copy';
import type { OlympiadKind } from '#contract/units';
import type { Queryable } from '../db/client.js';
import { generalCopy } from '../db/schema/index.js';

/**
 * An olympiad's general copy as its readers see it: every named text, the olympiad's own where an
 * admin wrote one, else the default. The learner's sitting and the teacher's portal read it here; the copy
 * feature edits it.
 */
export async function resolvedGeneralCopy(
  q: Queryable,
  olympiad: { id: number; kind: OlympiadKind },
): Promise<ResolvedGeneralCopy> {
  const own = await q
    .select({ key: generalCopy.key, body: generalCopy.body })
    .from(generalCopy)
    .where(eq(generalCopy.olympiadId, olympiad.id));
  return resolveGeneralCopy(Object.fromEntries(own.map((r) => [r.key, r.body])), olympiad.kind);
}

/**
 * The copy from an olympiad's own texts by key (read elsewhere, e.g. within exam day's one state query); a country
 * olympiad's defaults speak of its team where a school olympiad's speak of the school.
 */
export function resolveGeneralCopy(own: Partial<Record<string, string>>, kind: OlympiadKind): ResolvedGeneralCopy {
  const fallback = (key: GeneralCopyKey) =>
    (kind === 'country' ? generalCopyDefaults[key].country : undefined) ?? generalCopyDefaults[key].default;
  return Object.fromEntries(generalCopyKeys.map((key) => [key, own[key] ?? fallback(key)])) as ResolvedGeneralCopy;
}
