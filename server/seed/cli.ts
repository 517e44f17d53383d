import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { seedDemoIfEmpty } from './demo.js';

/**
 * `npm run seed:demo`: add the demo data to an empty database, also on PostgreSQL (a developer's explicit
 * act). Refused with NODE_ENV=production: the demo accounts' password is public.
 */
const config = loadConfig();
if (config.env === 'production') {
  console.error(
    'npm run seed:demo: refused with NODE_ENV=production. The demo accounts have a public password; ' +
      'create real accounts instead.',
  );
  process.exit(1);
}
const database = await openDatabase({ ...config, databasePoolWarm: false });
await database.migrate();
const seeded = await seedDemoIfEmpty(database.db);
console.log(
  seeded
    ? `Demo data added; every demo password is "${seeded.password}".`
    : 'The database already has users: nothing added.',
);
await database.close();
