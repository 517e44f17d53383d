import type { Db } from '../../db/client.js';
import { conflict } from '../../http/errors.js';

/** The unique index a write broke (PostgreSQL 23505), found directly (pg, PGlite) or wrapped by drizzle. */
function brokenUniqueIndex(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; i++) {
    if (e.code === '23505') return typeof e.constraint === 'string' ? e.constraint : '';
    e = e.cause as typeof e;
  }
  return undefined;
}

/**
 * The database's uniqueness rules for schools and teachers, answered as the 409 the route's own check
 * gives. The check before a write answers the usual case; two identical requests at once both pass it,
 * and the unique index decides: the second gets this answer.
 */
export function schoolConflict(error: unknown): never {
  switch (brokenUniqueIndex(error)) {
    case 'users_teacher_email_uq':
      throw conflict('A teacher with this email address exists already', [
        { path: 'body.email', message: 'This address is taken' },
      ]);
    case 'schools_emis_uq':
      throw conflict('A school with this EMIS number exists already', [
        { path: 'body.emisNumber', message: 'This EMIS number is taken' },
      ]);
    case 'schools_no_emis_uq':
      throw conflict('This school exists already: a school without an EMIS number has the same name and town', [
        { path: 'body.name', message: 'A school with this name, town and province exists already' },
      ]);
    default:
      throw error;
  }
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A transaction whose broken school or teacher uniqueness rule answers 409 (see `schoolConflict`). */
export function transactionOrConflict<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(work).catch(schoolConflict);
}
