import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows, useTestApp } from '../../test/harness.js';
import { NOT_PATIENT_DATA, PATIENT_DATA, PERSON_DATA_COLUMN } from './person-data.js';

/**
 * The list of where a patient's data is copied stays complete: every column of the migrated
 * database whose name or type says it may hold a person's data is on it, or declared as not a
 * patient's with a reason; and nothing on it names a column that no longer exists.
 */
const t = useTestApp({ seed: false });

interface Column {
  table: string;
  column: string;
  type: string;
}

async function columns(): Promise<Column[]> {
  return rows<Column>(
    t.database.db,
    sql`select table_name as table, column_name as column, data_type as type
          from information_schema.columns
         where table_schema = 'public'
         order by table_name, column_name`,
  );
}

/** Times, flags and numbers hold no one's data, whatever the column is called (`email_verified_at`). */
const NOT_TEXT = /^(timestamp|boolean|smallint|integer|bigint|real|double|numeric)/;
const looksPersonal = (c: Column) => (PERSON_DATA_COLUMN.test(c.column) && !NOT_TEXT.test(c.type)) || c.type === 'jsonb' || c.type === 'json';
const listed = (table: string, column: string) => PATIENT_DATA[table]?.columns[column] !== undefined;
const declared = (table: string, column: string) => (NOT_PATIENT_DATA[`${table}.${column}`] ?? '').trim().length > 0;

describe('the list of where patient data is kept', () => {
  it('covers every column that looks like a person’s data: each is listed or declared not a patient’s with a reason', async () => {
    const unlisted = (await columns())
      .filter(looksPersonal)
      .filter((c) => !listed(c.table, c.column) && !declared(c.table, c.column))
      .map((c) => `${c.table}.${c.column}`);
    expect(unlisted, 'add these to PATIENT_DATA or NOT_PATIENT_DATA in db/schema/person-data.ts').toEqual([]);
  });

  it('a new table with a phone column is caught until it is listed', async () => {
    await t.database.db.execute(sql`create table person_data_probe (organization_id text, guardian_phone text, notes jsonb)`);
    try {
      const caught = (await columns()).filter((c) => c.table === 'person_data_probe' && looksPersonal(c)).map((c) => c.column);
      expect(caught.sort()).toEqual(['guardian_phone', 'notes']);
    } finally {
      await t.database.db.execute(sql`drop table person_data_probe`);
    }
  });

  it('names only columns that exist, and says of each how it is erased or why it is kept', async () => {
    const existing = new Set((await columns()).map((c) => `${c.table}.${c.column}`));
    const named = [
      ...Object.entries(PATIENT_DATA).flatMap(([table, t]) => [
        ...Object.keys(t.columns).map((column) => `${table}.${column}`),
        ...(t.patientKey ? [`${table}.${t.patientKey}`] : []),
      ]),
      ...Object.keys(NOT_PATIENT_DATA),
    ];
    expect(named.filter((c) => !existing.has(c))).toEqual([]);
    for (const [table, entry] of Object.entries(PATIENT_DATA)) {
      const erases = Object.values(entry.columns).some((c) => 'erase' in c);
      // A table with anything to erase names the function that erases it; one that keeps all says why for each.
      expect({ table, erasedBy: Boolean(entry.erasedBy) }).toEqual({ table, erasedBy: erases });
      for (const [column, how] of Object.entries(entry.columns)) {
        const reason = 'keep' in how ? how.keep : how.erase === 'json-fields' ? how.kept : how.erase;
        expect(reason.trim().length, `${table}.${column}`).toBeGreaterThan(0);
      }
    }
  });
});
