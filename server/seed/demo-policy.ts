import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { verifyPassword } from '../platform/passwords.js';
import { demoPassword, demoUsernames, seedDemoIfEmpty } from './demo.js';

/**
 * When the demo accounts may be created. Their password is public (it is in the README), so they belong on
 * a developer's own machine only:
 *  - `SEED_DEMO=auto` (the default) creates them on the embedded database (PGlite) only, which is what
 *    `npm start` on a fresh clone uses, and never when NODE_ENV=production;
 *  - `SEED_DEMO=always` is a developer's explicit choice (the browser tests use it on PostgreSQL); the
 *    configuration refuses it together with NODE_ENV=production;
 *  - `SEED_DEMO=never` never.
 */
export function demoSeeding(
  config: Pick<Config, 'env' | 'seedDemo'>,
  kind: Database['kind'],
): { seed: true } | { seed: false; why: string } {
  if (config.env === 'production') return { seed: false, why: 'NODE_ENV=production' };
  if (config.seedDemo === 'never') return { seed: false, why: 'SEED_DEMO=never' };
  if (config.seedDemo === 'always') return { seed: true };
  if (kind !== 'pglite')
    return { seed: false, why: 'PostgreSQL (DATABASE_URL): add them with `npm run seed:demo` if you mean to' };
  return { seed: true };
}

/**
 * True when any account the demo data creates still signs in with the public demo password, whoever created
 * it and whenever: a database seeded on an earlier start counts as much as one seeded now. A handful of
 * password checks at start (about 11 ms each).
 */
export async function demoAccountsPresent(db: Db): Promise<boolean> {
  const found = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(inArray(sql`lower(${users.username})`, [...demoUsernames]), isNotNull(users.passwordHash)))
    .orderBy(users.id)
    .limit(50);
  for (const { passwordHash } of found) {
    if (passwordHash && (await verifyPassword(passwordHash, demoPassword).catch(() => false))) return true;
  }
  return false;
}

/**
 * The address the server listens on. HOST wins when it is set. Otherwise every interface (0.0.0.0), except
 * while accounts with the public demo password exist: then only this machine (127.0.0.1), so that nobody
 * on the network can sign in as the demo platform owner.
 */
export function listenHost(configured: string | undefined, demoAccounts: boolean): { host: string; note?: string } {
  if (configured) return { host: configured };
  if (demoAccounts)
    return {
      host: '127.0.0.1',
      note: 'Listening on 127.0.0.1 only: the demo accounts (public password) exist. Set HOST=0.0.0.0 to listen on every interface.',
    };
  return { host: '0.0.0.0' };
}

/**
 * At start: adds the demo data when demoSeeding allows it and the database is empty, decides the address to
 * listen on, and writes the start-up lines about both (server/main.ts prints them).
 */
export async function prepareDemo(
  config: Pick<Config, 'env' | 'seedDemo' | 'host' | 'port'>,
  database: Pick<Database, 'db' | 'kind'>,
): Promise<{ host: string; lines: string[] }> {
  const seeding = demoSeeding(config, database.kind);
  const seeded = seeding.seed ? await seedDemoIfEmpty(database.db) : null;
  const demo = seeded !== null || (await demoAccountsPresent(database.db));
  const listen = listenHost(config.host, demo);
  const lines = [`  ${listen.note ?? `Listening on ${listen.host}, port ${config.port}.`}`];
  if (seeded) {
    lines.push(`  Demo accounts (password "${seeded.password}"):`);
    for (const a of seeded.accounts) lines.push(`    ${a.username.padEnd(12)} ${a.role.padEnd(11)} ${a.note}`);
  } else if (demo) {
    lines.push('  The demo accounts exist (their password is in README.md).');
  } else if (!seeding.seed && config.seedDemo !== 'never') {
    lines.push(`  No demo accounts: ${seeding.why}.`);
  }
  return { host: listen.host, lines };
}
