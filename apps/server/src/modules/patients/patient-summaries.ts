import { and, eq, inArray } from 'drizzle-orm';
import { patients } from '../../db/schema/index.js';
import type { TenantTx } from '../../platform/route/index.js';

/** What another module may read of a patient: the name and date of birth (a trial's eligibility, its lists). */
export interface PatientSummary {
  id: string;
  name: string;
  dateOfBirth: string | null;
  /** An erasure restricted the chart's processing: nothing new may be made from it. */
  processingRestricted: boolean;
}

/** The organization's patients of `ids` (archived ones too: history names them), in no order. */
export async function patientSummaries(tx: TenantTx, organizationId: string, ids: readonly string[]): Promise<PatientSummary[]> {
  if (!ids.length) return [];
  const rows = await tx
    .select({
      id: patients.id,
      firstName: patients.firstName,
      lastName: patients.lastName,
      dateOfBirth: patients.dateOfBirth,
      restrictedAt: patients.processingRestrictedAt,
    })
    .from(patients)
    .where(and(eq(patients.organizationId, organizationId), inArray(patients.id, [...new Set(ids)])));
  return rows.map((r) => ({
    id: r.id,
    name: `${r.firstName} ${r.lastName}`,
    dateOfBirth: r.dateOfBirth,
    processingRestricted: r.restrictedAt !== null,
  }));
}
