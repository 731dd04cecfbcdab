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
