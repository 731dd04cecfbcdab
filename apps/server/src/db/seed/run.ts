import { loadConfig } from '../../config.js';
import { migrateAsOwner, openOwnerDatabase } from '../open.js';
import { demoSignInLines, seedDemo } from './demo.js';

/**
 * `npm run seed`: migrates and loads the demo data into the configured database, as its owner
 * (MIGRATION_DATABASE_URL, else DATABASE_URL).
 */
const config = loadConfig();
const database = await openOwnerDatabase(config);
await migrateAsOwner(database);
const loaded = await seedDemo(database.db, config.DEMO_PASSWORD, { queue: true });
console.log(loaded ? 'Demo data loaded.' : 'Demo data already present; nothing changed.');
for (const line of demoSignInLines(config.DEMO_PASSWORD)) console.log(line);
await database.close();
