import { and, eq, inArray } from 'drizzle-orm';
import { patients } from '../../db/schema/index.js';
import type { TenantTx } from '../../platform/route/index.js';

/** "First Last" of patients of the organization (archived ones too: history names them), by id. */
export async function patientNames(tx: TenantTx, organizationId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select({ id: patients.id, firstName: patients.firstName, lastName: patients.lastName })
    .from(patients)
    .where(and(eq(patients.organizationId, organizationId), inArray(patients.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.lastName}`]));
}

/** Whether the patient is the organization's (archived ones too, as they can still be named). */
export async function patientExists(tx: TenantTx, organizationId: string, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.organizationId, organizationId), eq(patients.id, id)));
  return !!row;
}
