import pg from 'pg';

/** The same server as `url`, another database. */
export function databaseUrlFor(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** One statement on a short-lived connection (CREATE/DROP DATABASE cannot run in a pool's transaction). */
export async function adminQuery<T extends pg.QueryResultRow = pg.QueryResultRow>(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query<T>(text);
  } finally {
    await client.end();
  }
}
