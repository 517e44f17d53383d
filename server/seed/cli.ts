import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { seedDemoIfEmpty } from './demo.js';

/** `npm run seed:demo`: add the demo data to an empty database (also on PostgreSQL). */
const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
const seeded = await seedDemoIfEmpty(database.db);
console.log(
  seeded
    ? `Demo data added; every demo password is "${seeded.password}".`
    : 'The database already has users: nothing added.',
);
await database.close();
