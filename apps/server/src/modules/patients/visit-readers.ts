import { and, eq, gte, inArray, lt, lte, type SQL } from 'drizzle-orm';
import { patientVisits } from '../../db/schema/index.js';
import type { TenantTx } from '../../platform/route/index.js';

/** When a patient was seen. */
export interface PatientVisitTime {
  patientId: string;
  visitedAt: Date;
}

/** When the organization's visits that meet every condition were, and whose they are. */
function visitTimes(tx: TenantTx, organizationId: string, ...conditions: Array<SQL | undefined>): Promise<PatientVisitTime[]> {
  return tx
    .select({ patientId: patientVisits.patientId, visitedAt: patientVisits.visitedAt })
    .from(patientVisits)
    .where(and(eq(patientVisits.organizationId, organizationId), ...conditions));
}

/** The emergency visits of a clinic (all clinics without one) from `since` to `until`: the emergency room's day. */
export function emergencyVisitsBetween(
  tx: TenantTx,
  organizationId: string,
  clinicId: string | null,
  since: Date,
  until: Date,
): Promise<PatientVisitTime[]> {
  return visitTimes(
    tx,
    organizationId,
    clinicId ? eq(patientVisits.clinicId, clinicId) : undefined,
    eq(patientVisits.type, 'emergency'),
    gte(patientVisits.visitedAt, since),
    lte(patientVisits.visitedAt, until),
  );
}

/** The completed visits (discharges) of the given patients from `since` up to, not including, `before`. */
export function completedVisitsOf(
  tx: TenantTx,
  organizationId: string,
  patientIds: readonly string[],
  since: Date,
  before: Date,
): Promise<PatientVisitTime[]> {
  if (!patientIds.length) return Promise.resolve([]);
  return visitTimes(
    tx,
    organizationId,
    inArray(patientVisits.patientId, [...new Set(patientIds)]),
    eq(patientVisits.status, 'completed'),
    gte(patientVisits.visitedAt, since),
    lt(patientVisits.visitedAt, before),
  );
}
