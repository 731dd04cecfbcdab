import type { Config } from '../config.js';
import { connectPostgres, openPglite, type Database } from './client.js';

/** Opens the configured database: PostgreSQL when DATABASE_URL is set, else embedded PGlite. */
export function openDatabase(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>): Promise<Database> {
  return config.DATABASE_URL ? Promise.resolve(connectPostgres(config.DATABASE_URL)) : openPglite(config.DATA_DIR);
}
