import { sql } from 'drizzle-orm';
import type { WinnersDisplay } from '#contract/public';
import { type Queryable, untypedRows } from '../../db/client.js';
import { defineLoader } from '../../http/load.js';
import { winnersPolicy } from './policy.js';

/** An olympiad with its public-results settings (the defaults when its results row does not exist yet). */
export interface WinnersSettings {
  olympiadId: number;
  winnersDisplay: WinnersDisplay;
  publishedAt: Date | string | null;
}

/** One olympiad's winners settings: another olympiad's, or one that does not exist, answers 404. */
export const winnersLoader = defineLoader({
  what: 'This olympiad',
  policy: winnersPolicy,
  find: async (q: Queryable, olympiadId: number) => {
    const [row] = await untypedRows<WinnersSettings>(
      q,
      sql`select o.id as "olympiadId", coalesce(r.winners_display, 'initial_surname') as "winnersDisplay",
          r.published_at as "publishedAt"
        from olympiads o left join olympiad_results r on r.olympiad_id = o.id where o.id = ${olympiadId}`,
    );
    return row ?? null;
  },
});
