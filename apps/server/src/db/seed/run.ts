import { loadConfig } from '../../config.js';
import { openDatabase } from '../open.js';
import { demoSignInLines, seedDemo } from './demo.js';

/** `npm run seed`: migrates and loads the demo data into the configured database. */
const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
const loaded = await seedDemo(database.db, config.DEMO_PASSWORD);
console.log(loaded ? 'Demo data loaded.' : 'Demo data already present; nothing changed.');
for (const line of demoSignInLines(config.DEMO_PASSWORD)) console.log(line);
await database.close();
