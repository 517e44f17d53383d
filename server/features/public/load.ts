import { sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { type Queryable, rows } from '../../db/client.js';
import { olympiadResults, olympiads } from '../../db/schema/index.js';
import { defineLoader } from '../../http/load.js';
import { winnersPolicy } from './policy.js';

/** An olympiad with its public-results settings (the defaults when its results row does not exist yet). */
const WinnersSettings = z.object({
  olympiadId: createSelectSchema(olympiads).shape.id,
  winnersDisplay: createSelectSchema(olympiadResults).shape.winnersDisplay,
  publishedAt: createSelectSchema(olympiadResults).shape.publishedAt,
});

/** One olympiad's winners settings: another olympiad's, or one that does not exist, answers 404. */
export const winnersLoader = defineLoader({
  what: 'This olympiad',
  policy: winnersPolicy,
  find: async (q: Queryable, olympiadId: number) => {
    const [row] = await rows(
      q,
      WinnersSettings,
      sql`select o.id as "olympiadId", coalesce(r.winners_display, 'initial_surname') as "winnersDisplay",
          r.published_at as "publishedAt"
        from olympiads o left join olympiad_results r on r.olympiad_id = o.id where o.id = ${olympiadId}`,
    );
    return row ?? null;
  },
});
