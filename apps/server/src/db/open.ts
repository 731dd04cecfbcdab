import { sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import { connectPostgres, openPglite, type Database } from './client.js';
import { inspectRole, LOGIN_ROLE, loginRoleUrl, useLoginRole } from './roles.js';

type DatabaseConfig = Partial<Pick<Config, 'DATABASE_URL' | 'MIGRATION_DATABASE_URL'>> & Pick<Config, 'DATA_DIR'>;

/**
 * The owner's connection, for migrations and the seed: MIGRATION_DATABASE_URL, else DATABASE_URL,
 * else the embedded database.
 */
export function openOwnerDatabase(config: DatabaseConfig): Promise<Database> {
  const url = config.MIGRATION_DATABASE_URL ?? config.DATABASE_URL;
  return url ? Promise.resolve(connectPostgres(url, 2)) : openPglite(config.DATA_DIR);
}

/** Runs the migrations on the owner's connection, naming the variable to fix when its role cannot. */
export async function migrateAsOwner(owner: Database): Promise<void> {
  try {
    await owner.migrate();
  } catch (err) {
    const reason = ((err as { cause?: Error }).cause ?? (err as Error)).message;
    throw new Error(
      `Migrations failed: ${reason}. They run as MIGRATION_DATABASE_URL, else DATABASE_URL: point it at the owner of the database (README, "Database roles").`,
      { cause: err },
    );
  }
}

/**
 * Migrates the configured database as its owner, runs `prepare` as the owner too (the embedded
 * database's first-start seed), and returns the app's connection, which runs as the login role:
 * - with MIGRATION_DATABASE_URL, DATABASE_URL as given (it should name clinic_server);
 * - without it, DATABASE_URL too, unless its role is unfit for the pool (a superuser, BYPASSRLS or
 *   the tables' owner, e.g. the local `postgres`): then clinic_server on the same host and database;
 * - the embedded database, one session of its built-in superuser, switches to clinic_server.
 */
export async function openDatabase(config: DatabaseConfig, prepare?: (owner: Database) => Promise<void>): Promise<Database> {
  const owner = await openOwnerDatabase(config);
  if (!config.DATABASE_URL) {
    await migrateAsOwner(owner);
    await prepare?.(owner);
    await useLoginRole(owner.db);
    return owner;
  }
  let url = config.DATABASE_URL;
  try {
    await migrateAsOwner(owner);
    await prepare?.(owner);
    if (!config.MIGRATION_DATABASE_URL && (await inspectRole(owner.db)).problems.length > 0) url = loginRoleUrl(url);
  } finally {
    await owner.close();
  }
  const database = connectPostgres(url);
  try {
    await database.db.execute(sql`select 1`);
  } catch (err) {
    await database.close();
    const user = new URL(url).username || 'the default user';
    const reason = ((err as { cause?: Error }).cause ?? (err as Error)).message;
    throw new Error(
      `The app's pool could not connect as ${user}: ${reason}. Give ${LOGIN_ROLE} a password ` +
        `(ALTER ROLE ${LOGIN_ROLE} PASSWORD '...'), put it in DATABASE_URL and the owner in MIGRATION_DATABASE_URL (README, "Database roles").`,
    );
  }
  return database;
}
