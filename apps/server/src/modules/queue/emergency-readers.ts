import { OPEN_QUEUE_STATUSES } from '@clinic/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { queueEntries } from '../../db/schema/index.js';
import type { TenantTx } from '../../platform/route/index.js';

/**
 * The open entries (waiting or in care) of a clinic, or of every clinic without one, with what the
 * emergency room's board shows of them, as a subquery (aliased `alias`) the caller joins or selects
 * from in its own statement, so the board reads only the entries and columns it shows.
 */
export function openEntriesSubquery(tx: TenantTx, organizationId: string, clinicId: string | null, alias = 'open_entries') {
  return tx
    .select({
      id: queueEntries.id,
      patientId: queueEntries.patientId,
      firstName: queueEntries.firstName,
      lastName: queueEntries.lastName,
      queueNumber: queueEntries.queueNumber,
      status: queueEntries.status,
      department: queueEntries.department,
      chiefComplaint: queueEntries.chiefComplaint,
      age: queueEntries.age,
      riskScore: queueEntries.riskScore,
      vitalSigns: queueEntries.vitalSigns,
      createdAt: queueEntries.createdAt,
      startedAt: queueEntries.startedAt,
    })
    .from(queueEntries)
    .where(
      and(
        eq(queueEntries.organizationId, organizationId),
        clinicId ? eq(queueEntries.clinicId, clinicId) : undefined,
        inArray(queueEntries.status, [...OPEN_QUEUE_STATUSES]),
      ),
    )
    .as(alias);
}
