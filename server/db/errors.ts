import type { ErrorCode, FieldError } from '#contract/errors';

interface PgError {
  code: string;
  message: string;
  /** The constraint or unique index the statement broke, when the driver names it. */
  constraint?: string;
}

/**
 * The PostgreSQL error inside an error, if any. node-postgres and PGlite both put the SQLSTATE in `code`;
 * drizzle wraps the driver's error (DrizzleQueryError) and keeps it as `cause`.
 */
export function pgError(error: unknown): PgError | undefined {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, i = 0;
    e && typeof e === 'object' && i < 5;
    e = e.cause as typeof e, i++
  ) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      const { constraint } = e as { constraint?: unknown };
      return {
        code: e.code,
        message: typeof e.message === 'string' ? e.message : '',
        ...(typeof constraint === 'string' && constraint ? { constraint } : {}),
      };
    }
  }
  return undefined;
}

export const pgCode = (error: unknown) => pgError(error)?.code;
export const isUniqueViolation = (error: unknown) => pgCode(error) === '23505';
export const isForeignKeyViolation = (error: unknown) => pgCode(error) === '23503';

export interface InputRefusal {
  status: 400 | 404 | 409;
  code: ErrorCode;
  message: string;
  details?: FieldError[];
}

/**
 * Uniqueness rules whose breach has its own answer, by constraint (unique index) name: the same 409 the
 * route's own check gives before writing. That check answers the usual case; two identical requests at once
 * both pass it, and the unique index decides: the second gets this answer.
 */
const uniqueRefusals: Record<string, { message: string; details: FieldError[] }> = {
  accounts_prefix_uq: {
    message: 'Another account uses this invoice prefix',
    details: [{ path: 'body.invoicePrefix', message: 'This prefix is taken: invoice numbers must not collide' }],
  },
  users_teacher_email_uq: {
    message: 'A teacher with this email address exists already',
    details: [{ path: 'body.email', message: 'This address is taken' }],
  },
  countries_code_uq: {
    message: 'A country with this code exists already',
    details: [{ path: 'body.code', message: 'This code is taken' }],
  },
  countries_lower_name_uq: {
    message: 'A country with this name exists already',
    details: [{ path: 'body.name', message: 'This name is taken' }],
  },
  schools_emis_uq: {
    message: 'A school with this EMIS number exists already',
    details: [{ path: 'body.emisNumber', message: 'This EMIS number is taken' }],
  },
  schools_no_emis_uq: {
    message: 'This school exists already: a school without an EMIS number has the same name and town',
    details: [{ path: 'body.name', message: 'A school with this name, town and province exists already' }],
  },
};

/**
 * Database errors that a request's input can cause, and the answer each gets. Features that know better
 * (a name already taken, an olympiad that still has schools) catch these first and say so; whatever they
 * do not catch is answered here instead of as a 500.
 */
const refusals: Record<string, InputRefusal> = {
  '22001': { status: 400, code: 'bad_request', message: 'A text is longer than its field allows' },
  '22003': { status: 400, code: 'bad_request', message: 'A number is out of range' },
  '22007': { status: 400, code: 'bad_request', message: 'A date or time is not valid' },
  '22008': { status: 400, code: 'bad_request', message: 'A date or time is out of range' },
  '22021': { status: 400, code: 'bad_request', message: 'A text holds characters that cannot be stored' },
  '22P02': { status: 400, code: 'bad_request', message: 'A value is not in the form expected' },
  '22P05': { status: 400, code: 'bad_request', message: 'A text holds characters that cannot be stored' },
  '23505': { status: 409, code: 'conflict', message: 'A record with these details already exists' },
  '23514': { status: 400, code: 'bad_request', message: 'A value is not allowed here' },
  '54000': { status: 400, code: 'bad_request', message: 'A value is too long' },
};

/**
 * The answer to a database error caused by input, or undefined for any other error (a real fault). A broken
 * uniqueness rule listed in `uniqueRefusals` answers its own message.
 * A foreign-key violation is a 404 when a write names a record that does not exist, and a 409 when a
 * delete or change would leave other records pointing at nothing.
 */
export function inputRefusal(error: unknown): (InputRefusal & { sqlState: string }) | undefined {
  const pg = pgError(error);
  if (!pg) return undefined;
  if (pg.code === '23503') {
    return /^update or delete on table/.test(pg.message)
      ? { status: 409, code: 'conflict', message: 'Other records still refer to this one', sqlState: pg.code }
      : { status: 404, code: 'not_found', message: 'A record this refers to was not found', sqlState: pg.code };
  }
  const unique = pg.code === '23505' && pg.constraint ? uniqueRefusals[pg.constraint] : undefined;
  if (unique) return { status: 409, code: 'conflict', ...unique, sqlState: pg.code };
  const known = refusals[pg.code];
  return known ? { ...known, sqlState: pg.code } : undefined;
}
