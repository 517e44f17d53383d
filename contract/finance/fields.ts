import { z } from 'zod';

/** Field schemas the finance contracts share. */

/** A yes/no query parameter: `true`/`1` and `false`/`0` as the query string sends them. */
export const flag = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean(),
);
