import type { PatientDto } from '@clinic/domain';
import { createHash } from 'node:crypto';
import { getTableColumns, sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type * as schema from './schema/index.js';
import { patients, type PatientRow } from './schema/index.js';

/**
 * The patient's JSON as the API returns it, written once: each field of the `PatientDto` contract
 * names the patient column it comes from. Both ways of making it are generated from this map:
 * {@link toPatientJson} in the server (a row just written), and the database function
 * `patient_dto_json` behind the row's stored `dto_json` (pages of the directory send those texts
 * as they are), which {@link syncPatientJsonFunction} rewrites whenever the map changes. The
 * `satisfies` clause makes a field of the contract missing here, or one too many, a type error.
 */
type Column = keyof PatientRow;
/** A column as it is, or an instant as `Date.toISOString()` writes it (UTC, milliseconds, Z). */
interface Leaf {
  column: Column;
  instant?: true;
}
type Field = Leaf | { object: Record<string, Leaf> };

const value = (column: Column): Leaf => ({ column });
const instant = (column: Column): Leaf => ({ column, instant: true });

export const PATIENT_JSON = {
  id: value('id'),
  organizationId: value('organizationId'),
  clinicId: value('clinicId'),
  firstName: value('firstName'),
  lastName: value('lastName'),
  email: value('email'),
  // The phone goes out under both of the spec's names.
  phone: value('phone'),
  phoneNumber: value('phone'),
  dateOfBirth: value('dateOfBirth'),
  gender: value('gender'),
  status: value('status'),
  address: {
    object: { street: value('street'), city: value('city'), state: value('state'), zipCode: value('zipCode'), country: value('country') },
  },
  emergencyContactName: value('emergencyContactName'),
  emergencyContactRelationship: value('emergencyContactRelationship'),
  emergencyContactPhone: value('emergencyContactPhone'),
  bloodType: value('bloodType'),
  allergies: value('allergies'),
  currentMedications: value('currentMedications'),
  medicalHistory: value('medicalHistory'),
  insuranceProvider: value('insuranceProvider'),
  insuranceNumber: value('insuranceNumber'),
  createdAt: instant('createdAt'),
  lastUpdated: instant('updatedAt'),
  dischargedAt: instant('dischargedAt'),
  lastVisit: instant('lastVisitAt'),
} satisfies { [K in keyof PatientDto]-?: Field };

const leaves = (field: Field): Leaf[] => ('object' in field ? Object.values(field.object) : [field]);

/** The patient columns the JSON is made of, as a Drizzle selection: lists select only these. */
export const patientJsonColumns = Object.fromEntries(
  Object.values(PATIENT_JSON as Record<string, Field>)
    .flatMap(leaves)
    .map((leaf) => [leaf.column, patients[leaf.column]]),
) as { [C in Column]: (typeof patients)[C] };

/** What {@link toPatientJson} reads of a patient row. */
export type PatientJsonRow = Pick<PatientRow, Column>;

function leafValue(row: PatientJsonRow, leaf: Leaf): unknown {
  const v = row[leaf.column] ?? null;
  return leaf.instant && v ? (v as Date).toISOString() : v;
}

/** A patient row as the API returns it. */
export function toPatientJson(row: PatientJsonRow): PatientDto {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(PATIENT_JSON as Record<string, Field>)) {
    out[key] =
      'object' in field ? Object.fromEntries(Object.entries(field.object).map(([k, leaf]) => [k, leafValue(row, leaf)])) : leafValue(row, field);
  }
  return out as PatientDto;
}

const columnNames = getTableColumns(patients);
const sqlLeaf = (leaf: Leaf): string => {
  const ref = `p."${columnNames[leaf.column].name}"`;
  return leaf.instant ? `to_char(${ref} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : ref;
};
const sqlObject = (entries: Array<[string, string]>): string => `json_build_object(${entries.map(([k, v]) => `'${k}', ${v}`).join(', ')})`;

/** The body of `patient_dto_json(p patients)`: the same JSON, built by the database. */
export function patientJsonSql(): string {
  return sqlObject(
    Object.entries(PATIENT_JSON as Record<string, Field>).map(([key, field]) => [
      key,
      'object' in field ? sqlObject(Object.entries(field.object).map(([k, leaf]) => [k, sqlLeaf(leaf)])) : sqlLeaf(field),
    ]),
  );
}

/**
 * Keeps the database's `patient_dto_json` the one {@link PATIENT_JSON} generates. Runs after the
 * migrations, as the owner: when the function's tag (a hash of its body, kept in its comment)
 * differs, the function is replaced and every patient's stored text written again in the same
 * transaction (the count and search triggers have nothing to do for a change to `dto_json` alone
 * and are skipped). An unchanged map costs one catalog read.
 */
export async function syncPatientJsonFunction(db: NodePgDatabase<typeof schema>): Promise<void> {
  const body = patientJsonSql();
  const tag = `generated ${createHash('sha256').update(body).digest('hex').slice(0, 16)}`;
  const current = await db.execute<{ tag: string | null }>(
    sql`select obj_description('patient_dto_json(patients)'::regprocedure, 'pg_proc') as tag`,
  );
  if (current.rows[0]?.tag === tag) return;
  await db.transaction(async (tx) => {
    await tx.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION patient_dto_json(p patients) RETURNS text LANGUAGE sql STABLE AS $$ SELECT ${body}::text $$`),
    );
    await tx.execute(sql.raw(`COMMENT ON FUNCTION patient_dto_json(patients) IS '${tag}'`));
    await tx.execute(sql`ALTER TABLE patients DISABLE TRIGGER patient_counts_update`);
    await tx.execute(sql`ALTER TABLE patients DISABLE TRIGGER patient_search_prefixes_update`);
    // The owner is not above the table's forced row level security: lifted for this transaction only.
    await tx.execute(sql`ALTER TABLE patients NO FORCE ROW LEVEL SECURITY`);
    await tx.execute(sql`update patients p set dto_json = patient_dto_json(p)`);
    await tx.execute(sql`ALTER TABLE patients FORCE ROW LEVEL SECURITY`);
    await tx.execute(sql`ALTER TABLE patients ENABLE TRIGGER patient_counts_update`);
    await tx.execute(sql`ALTER TABLE patients ENABLE TRIGGER patient_search_prefixes_update`);
  });
}
