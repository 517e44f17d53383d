import { sql } from 'drizzle-orm';
import { type GeneralCopyKey, generalCopyDefaults, generalCopyKeys, type ResolvedGeneralCopy } from '#contract/copy';
import { type Queryable, rows } from '../db/client.js';

/**
 * An olympiad's general copy as its readers see it (issue 14): every named text, the olympiad's own where an
 * admin wrote one, else the default. The learner's sitting and the teacher's portal read it here; the copy
 * feature edits it.
 */
export async function resolvedGeneralCopy(q: Queryable, olympiadId: number): Promise<ResolvedGeneralCopy> {
  const own = await rows<{ key: GeneralCopyKey; body: string }>(
    q,
    sql`select key, body from general_copy where olympiad_id = ${olympiadId}`,
  );
  return resolveGeneralCopy(Object.fromEntries(own.map((r) => [r.key, r.body])));
}

/** The copy from an olympiad's own texts by key (read elsewhere, e.g. within exam day's one state query). */
export function resolveGeneralCopy(own: Partial<Record<string, string>>): ResolvedGeneralCopy {
  return Object.fromEntries(
    generalCopyKeys.map((key) => [key, own[key] ?? generalCopyDefaults[key].default]),
  ) as ResolvedGeneralCopy;
}
