import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows, useTestApp } from '../test/harness.js';
import { PATIENT_JSON, patientJsonSql, syncPatientJsonFunction, toPatientJson } from './patient-json.js';
import { patients } from './schema/index.js';

describe("the patient's JSON, written once (db/patient-json.ts)", () => {
  const t = useTestApp({ seed: true, as: 'doctor' });
  const tagOf = async () =>
    (
      await rows<{ tag: string | null }>(t.database.db, sql`select obj_description('patient_dto_json(patients)'::regprocedure, 'pg_proc') as tag`)
    )[0].tag;

  it('names every field of the contract once, and the server and the database make the same JSON of every demo row', async () => {
    expect(Object.keys(PATIENT_JSON)).toContain('address');
    expect(patientJsonSql()).toContain(`'lastUpdated', to_char(p."updated_at"`);
    const stored = await t.database.db.select().from(patients);
    expect(stored.length).toBeGreaterThan(10);
    for (const row of stored) expect(JSON.parse(row.dtoJson ?? 'null'), row.id).toEqual(toPatientJson(row));
  });

  it('puts the generated function back, and writes every stored text again, when the database holds another', async () => {
    const tag = await tagOf();
    expect(tag).toMatch(/^generated [0-9a-f]{16}$/);
    await t.database.db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION patient_dto_json(p patients) RETURNS text LANGUAGE sql STABLE AS $$ SELECT '{}'::text $$`),
    );
    await t.database.db.execute(sql.raw(`COMMENT ON FUNCTION patient_dto_json(patients) IS 'an older map'`));
    await t.database.db.execute(sql`update patients set first_name = first_name`);
    expect(await rows(t.database.db, sql`select id from patients where dto_json <> '{}'`)).toEqual([]);

    await syncPatientJsonFunction(t.database.db);
    expect(await tagOf()).toBe(tag);
    const stored = await t.database.db.select().from(patients);
    for (const row of stored) expect(JSON.parse(row.dtoJson ?? 'null'), row.id).toEqual(toPatientJson(row));
    const [forced] = await rows<{ forced: boolean }>(
      t.database.db,
      sql`select relforcerowsecurity as forced from pg_class where relname = 'patients'`,
    );
    expect(forced.forced).toBe(true);
  });
});
