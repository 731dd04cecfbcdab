import { KIOSK_DEPARTMENT, KIOSK_URGENCY, localDate, organizationTimeZone, type KioskCaseBody } from '@clinic/domain';
import type { AppDb } from '../../db/client.js';
import { withTenant } from '../../db/tenant.js';
import { recordAudit } from '../../platform/audit.js';
import { publishEvent } from '../../platform/events.js';
import { resolvePublicClinic } from '../../platform/public-clinic.js';
import { linkOrCreatePatient } from '../patients/index.js';
import { createQueueEntry } from '../queue/index.js';

/**
 * A kiosk check-in: finds or creates the directory patient and puts a waiting entry (urgency
 * routine, source kiosk, department general) in the clinic's queue. The organization and clinic
 * come from the kiosk's URL; an unknown one is a 404.
 */
export async function submitKioskCase(
  db: AppDb,
  target: { organizationId: string; clinicId?: string },
  input: KioskCaseBody,
  ip: string,
) {
  return withTenant(db, target.organizationId, async (tx) => {
    const { organization, clinicId } = await resolvePublicClinic(tx, target.organizationId, target.clinicId);
    const clinic = { id: clinicId };
    const { patientId } = await linkOrCreatePatient(tx, { organizationId: organization.id, clinicId: clinic.id }, input, {
      userId: null,
      ip,
      via: 'kiosk',
    });
    const entry = await createQueueEntry(tx, {
      organizationId: organization.id,
      clinicId: clinic.id,
      day: localDate(organizationTimeZone(organization.settings)),
      patientId,
      source: 'kiosk',
      department: KIOSK_DEPARTMENT,
      requestedPriority: KIOSK_URGENCY,
      createdBy: null,
      patient: input,
    });
    await recordAudit(tx, {
      organizationId: organization.id,
      actorUserId: null,
      action: 'queue.checked-in',
      entityType: 'queue_entry',
      entityId: entry.id,
      ip,
      details: { via: 'kiosk', patientId, queueNumber: entry.queueNumber },
    });
    await publishEvent(tx, { organizationId: organization.id, clinicId: clinic.id, type: 'queue.updated', entityId: entry.id });
    return { id: entry.id, queueNumber: entry.queueNumber };
  });
}

/**
 * What a public screen shows about where it is connected: the organization's and clinic's names.
 * Public by nature (a sign on the wall says as much); an unknown one is a 404.
 */
export function publicClinicContext(db: AppDb, target: { organizationId: string; clinicId?: string }) {
  return withTenant(db, target.organizationId, async (tx) => {
    const { organization, clinicId, clinicName } = await resolvePublicClinic(tx, target.organizationId, target.clinicId);
    return { organization: { id: organization.id, name: organization.name }, clinic: { id: clinicId, name: clinicName } };
  });
}
