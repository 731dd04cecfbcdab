import { and, eq, inArray } from 'drizzle-orm';
import { queueEntries } from '../../db/schema/index.js';
import type { TenantTx } from '../../platform/route.js';

/** What another module may show about a queue entry it names (the recent activity). */
export interface QueueEntrySubject {
  name: string;
  complaint: string;
  queueNumber: number;
  patientId: string | null;
}

/** The person, complaint and number of queue entries of the organization, by entry id. */
export async function queueEntrySubjects(tx: TenantTx, organizationId: string, ids: readonly string[]): Promise<Map<string, QueueEntrySubject>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select({
      id: queueEntries.id,
      firstName: queueEntries.firstName,
      lastName: queueEntries.lastName,
      complaint: queueEntries.chiefComplaint,
      queueNumber: queueEntries.queueNumber,
      patientId: queueEntries.patientId,
    })
    .from(queueEntries)
    .where(and(eq(queueEntries.organizationId, organizationId), inArray(queueEntries.id, [...new Set(ids)])));
  return new Map(
    rows.map((r) => [r.id, { name: `${r.firstName} ${r.lastName}`, complaint: r.complaint, queueNumber: r.queueNumber, patientId: r.patientId }]),
  );
}
