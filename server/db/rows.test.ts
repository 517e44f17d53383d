import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { createSelectSchema } from 'drizzle-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestDatabase } from '../test/harness.js';
import { type Db, RowShapeError, preparedRows, rows } from './client.js';
import { users } from './schema/index.js';

/**
 * `rows()` and `preparedRows()` (decision 073) on a real database, PGlite or PostgreSQL as the run is set up: a row's
 * keys in camelCase, the shape's `z.date()` columns as Dates and a `date` column left as its text, and under test a
 * row that does not fit its shape refused with the statement named.
 */
let db: Db;
let close: () => Promise<void>;
let userId: number;

beforeAll(async () => {
  const started = await startTestDatabase();
  db = started.db;
  close = started.close;
  const [user] = await db
    .insert(users)
    .values({ role: 'teacher', username: 'rows-test', firstName: 'Rows', dateOfBirth: '2010-05-04' })
    .returning({ id: users.id });
  userId = user!.id;
});
afterAll(() => close());

/** A user as a raw statement reads it: a timestamp, a nullable timestamp, a `date`, and snake_case names. */
const UserRow = createSelectSchema(users).pick({
  id: true,
  firstName: true,
  schoolId: true,
  createdAt: true,
  disabledAt: true,
  dateOfBirth: true,
});

const selectUser = (id: number) => sql`select id, first_name, school_id, created_at, disabled_at, date_of_birth
  from users where id = ${id}`;

/** Both helpers, so each expectation holds of either. */
const dialect = new PgDialect();
const statementNames = new Map<string, string>();
/** One name per statement text: on PostgreSQL a name stands for one text on its connection. */
const nameOf = (query: SQL) => {
  const text = dialect.sqlToQuery(query).sql;
  let name = statementNames.get(text);
  if (!name) statementNames.set(text, (name = `rows-test.${statementNames.size}`));
  return name;
};
const helpers = {
  rows: <S extends z.ZodObject>(shape: S, query: SQL) => rows(db, shape, query),
  preparedRows: <S extends z.ZodObject>(shape: S, query: SQL) => preparedRows(db, nameOf(query), shape, query),
};

describe.each(Object.entries(helpers))('%s()', (_name, read) => {
  it('answers the row with camelCase keys; an alias already in camelCase stays', async () => {
    const [row] = await read(UserRow, selectUser(userId));
    expect(Object.keys(row!).sort()).toEqual(
      ['createdAt', 'dateOfBirth', 'disabledAt', 'firstName', 'id', 'schoolId'].sort(),
    );
    expect(row).toMatchObject({ id: userId, firstName: 'Rows', schoolId: null, disabledAt: null });
    const [aliased] = await read(
      z.object({ olympiadName: z.string(), n: z.number() }),
      sql`select 'geo' as "olympiadName", 2 as n`,
    );
    expect(aliased).toEqual({ olympiadName: 'geo', n: 2 });
  });

  it('turns the z.date() columns into Dates and leaves a `date` column as its text', async () => {
    const [row] = await read(UserRow, selectUser(userId));
    expect(row!.createdAt).toBeInstanceOf(Date);
    expect(Number.isNaN(row!.createdAt.getTime())).toBe(false);
    expect(Math.abs(row!.createdAt.getTime() - Date.now())).toBeLessThan(10 * 60_000);
    expect(row!.dateOfBirth).toBe('2010-05-04');
    // Only what the shape declares a date becomes one: the same timestamp declared as text stays the driver's text.
    const [asText] = await read(
      z.object({ createdAt: z.string() }),
      sql`select created_at from users where id = ${userId}`,
    );
    expect(typeof asText!.createdAt).toBe('string');
    expect(new Date(asText!.createdAt).getTime()).toBe(row!.createdAt.getTime());
  });

  it('refuses a row that does not fit its shape, naming the statement and the field', async () => {
    const Wrong = z.object({ id: z.string(), firstName: z.string() });
    const failed = read(Wrong, sql`select id, first_name from users where id = ${userId}`);
    await expect(failed).rejects.toBeInstanceOf(RowShapeError);
    await expect(read(Wrong, sql`select id, first_name from users where id = ${userId}`)).rejects.toThrow(
      /^Rows of "select id, first_name from users where id =" do not match their declared shape: id: /,
    );
    // A column the statement does not select is missing from the row: refused the same way.
    await expect(
      read(z.object({ id: z.number(), lastName: z.string() }), sql`select id from users where id = ${userId}`),
    ).rejects.toThrow(/lastName/);
  });
});

it('a prepared statement answers the same shape on every run (planned once per connection on PostgreSQL)', async () => {
  const runs = [];
  for (let i = 0; i < 3; i++) runs.push(await preparedRows(db, 'rows-test.again', UserRow, selectUser(userId)));
  for (const [row] of runs) {
    expect(row!.createdAt).toBeInstanceOf(Date);
    expect(row!.dateOfBirth).toBe('2010-05-04');
  }
});
