import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TenantTx } from './tenant-tx.js';

/** A tenant table with a patient column: what {@link moveToPatient} updates. */
type PatientTable = PgTable & { organizationId: PgColumn; patientId: PgColumn };

/**
 * Points the rows of `table` that belong to patient `fromPatientId` at `toPatientId` (a merge of
 * two charts of one person); returns how many moved. Each module calls it for its own tables.
 */
export async function moveToPatient(
  tx: TenantTx,
  table: PatientTable,
  organizationId: string,
  fromPatientId: string,
  toPatientId: string,
): Promise<number> {
  const rows = await tx
    .update(table)
    .set({ patientId: toPatientId } as never)
    .where(and(eq(table.organizationId, organizationId), eq(table.patientId, fromPatientId)))
    .returning({ organizationId: table.organizationId });
  return rows.length;
}

/** Moves a patient's rows of a module's tables to another chart of the same person; how many moved, by table. */
export type PatientRecordMover = (
  tx: TenantTx,
  organizationId: string,
  fromPatientId: string,
  toPatientId: string,
) => Promise<Record<string, number>>;

/**
 * The mover of a module's patient tables, named as the counts are reported: what a module hands
 * the merge of a chart made from public input into the existing chart it duplicates
 * (`modules/patient-merge`).
 */
export function patientRecordMover(tables: Record<string, PatientTable>): PatientRecordMover {
  return async (tx, organizationId, fromPatientId, toPatientId) => {
    const moved: Record<string, number> = {};
    for (const [name, table] of Object.entries(tables)) moved[name] = await moveToPatient(tx, table, organizationId, fromPatientId, toPatientId);
    return moved;
  };
}
