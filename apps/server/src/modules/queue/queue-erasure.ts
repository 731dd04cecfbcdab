import { and, eq, inArray } from 'drizzle-orm';
import { queueEntries } from '../../db/schema/index.js';
import type { TenantRouteContext } from '../../platform/route/index.js';

/**
 * Removes the contact data a check-in copied onto the queue entries of erased patients (phone,
 * e-mail, emergency contact and phone; `db/schema/person-data.ts`). The name, birth date and the
 * clinical fields stay: they are the visit's record. Answers the entries' ids, so that whatever
 * else names them (stored answers to the check-in) can be erased too.
 */
export async function eraseQueueEntryContacts(
  { tx, tenant }: Pick<TenantRouteContext, 'tx' | 'tenant'>,
  patientIds: string[],
): Promise<{ rows: number; ids: string[] }> {
  if (patientIds.length === 0) return { rows: 0, ids: [] };
  const erased = await tx
    .update(queueEntries)
    .set({ phone: null, email: null, emergencyContact: null, emergencyPhone: null })
    .where(and(eq(queueEntries.organizationId, tenant.organizationId), inArray(queueEntries.patientId, patientIds)))
    .returning({ id: queueEntries.id });
  return { rows: erased.length, ids: erased.map((e) => e.id) };
}
