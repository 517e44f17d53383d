import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { olympiads } from '../db/schema/index.js';

/**
 * The one olympiad lookup (decision 029): by id, or by its url name (case-insensitive). Every feature that
 * needs an olympiad's row reads it here and then asks its own policy; it answers null when there is none.
 */
export async function findOlympiad(q: Queryable, idOrName: number | string) {
  const [row] = await q
    .select()
    .from(olympiads)
    .where(
      typeof idOrName === 'number' ? eq(olympiads.id, idOrName) : eq(olympiads.varName, idOrName.trim().toLowerCase()),
    );
  return row ?? null;
}

export type Olympiad = NonNullable<Awaited<ReturnType<typeof findOlympiad>>>;

/** Is the olympiad still taking entries (a school olympiad whose window has not ended)? */
export const takesEntries = (o: Pick<Olympiad, 'kind' | 'endsAt'>, now = new Date()) =>
  o.kind === 'school' && (o.endsAt == null || o.endsAt > now);
