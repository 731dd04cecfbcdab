import { and, eq, inArray } from 'drizzle-orm';
import { queueEntries } from '../../db/schema/index.js';
import type { TenantTx } from '../../platform/route/index.js';

/** What another module may show about a queue entry it names (the recent activity, the emergency room). */
export interface QueueEntrySubject {
  name: string;
  complaint: string;
  symptoms: string[];
  queueNumber: number;
  patientId: string | null;
  clinicId: string;
}

/** The person, complaint, symptoms, number and clinic of queue entries of the organization, by entry id. */
export async function queueEntrySubjects(tx: TenantTx, organizationId: string, ids: readonly string[]): Promise<Map<string, QueueEntrySubject>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select({
      id: queueEntries.id,
      firstName: queueEntries.firstName,
      lastName: queueEntries.lastName,
      complaint: queueEntries.chiefComplaint,
      symptoms: queueEntries.symptoms,
      queueNumber: queueEntries.queueNumber,
      patientId: queueEntries.patientId,
      clinicId: queueEntries.clinicId,
    })
    .from(queueEntries)
    .where(and(eq(queueEntries.organizationId, organizationId), inArray(queueEntries.id, [...new Set(ids)])));
  return new Map(rows.map(({ id, firstName, lastName, ...subject }) => [id, { name: `${firstName} ${lastName}`, ...subject }]));
}
