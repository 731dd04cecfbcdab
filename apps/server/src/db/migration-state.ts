import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder, type DbHandle } from './client.js';

/** Which migrations the database has applied, against the ones this build ships. */
export interface MigrationState {
  /** Tag of the latest applied migration (`0010_tenant-rls-function`); null when unreadable. */
  applied: string | null;
  /** How many the database has applied; null when unreadable. */
  count: number | null;
  /** Tag of the latest migration this build ships. */
  expected: string | null;
  upToDate: boolean;
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

let journal: JournalEntry[] | null = null;

/** The migrations this build ships (`meta/_journal.json`), read once. */
function shippedMigrations(): JournalEntry[] {
  if (!journal) {
    try {
      journal = (JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] }).entries;
    } catch {
      journal = [];
    }
  }
  return journal;
}

/**
 * Reads Drizzle's migrations table (`drizzle.__drizzle_migrations`, which the login role may read
 * since migration 0011). Drizzle keeps each migration's hash and its journal timestamp
 * (`created_at` = the journal's `when`), not its name: the tag comes from the shipped journal.
 * A database this role cannot read (an older schema) reports nothing applied rather than failing.
 */
export async function migrationState(db: DbHandle): Promise<MigrationState> {
  const shipped = shippedMigrations();
  const expected = shipped.at(-1)?.tag ?? null;
  try {
    const result = await db.execute(sql`select count(*)::int as count, max(created_at)::text as latest from drizzle.__drizzle_migrations`);
    const row = result.rows[0] as { count: number; latest: string | null };
    const latest = row.latest === null ? null : Number(row.latest);
    const entry = latest === null ? undefined : shipped.find((e) => e.when === latest);
    // A database ahead of this build has a migration the journal does not name: show its timestamp.
    const applied = entry?.tag ?? (latest === null ? null : `unknown (${new Date(latest).toISOString()})`);
    return { applied, count: row.count, expected, upToDate: applied !== null && applied === expected && row.count === shipped.length };
  } catch {
    return { applied: null, count: null, expected, upToDate: false };
  }
}
