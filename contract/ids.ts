import { z } from 'zod';

/** The largest value of a PostgreSQL `integer` (int4) column: every record id is one. */
export const INT4_MAX = 2_147_483_647;

const idMessage = `An id is a whole number from 1 to ${INT4_MAX}`;

/** A record id in a JSON body: a whole number within the id column's range. */
export const Id = z.number().int(idMessage).min(1, idMessage).max(INT4_MAX, idMessage);

/** A record id in a path or query string: the text of a whole number within the id column's range. */
export const IdText = z.coerce.number().int(idMessage).min(1, idMessage).max(INT4_MAX, idMessage);

/** `/:id` in a path. */
export const IdParams = z.strictObject({ id: IdText });
