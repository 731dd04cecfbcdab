import {
  EMERGENCY_KIOSK_CRITICAL_PRIORITY,
  EMERGENCY_KIOSK_DEPARTMENT,
  EMERGENCY_KIOSK_SOURCE,
  KIOSK_DEPARTMENT,
  KIOSK_URGENCY,
  checkInSeconds,
  localDate,
  organizationSettings,
  type KioskCaseBody,
} from '@clinic/domain';
import type { PublicRouteContext, TenantRouteContext } from '../../platform/route/index.js';
import { createCheckInPatient } from '../patients/index.js';
import type { EmergencyAlerting } from '../emergency/index.js';
import { auditAlertIfRaised, createQueueEntry, kioskDayFigures } from '../queue/index.js';

/**
 * A kiosk check-in: creates a directory patient (never an existing chart: `createCheckInPatient`) and puts a waiting entry (urgency
 * routine, source kiosk, department general) in the clinic's queue. The organization and clinic
 * are the public route's (from the kiosk's URL; an unknown one was already a 404).
 *
 * From the emergency-room kiosk (`input.emergency`): source emergency-kiosk, department emergency;
 * a critical quick pick makes the entry an emergency and raises the CRITICAL EMERGENCY_CHECKIN
 * alert in the same transaction. A patient who gave no name (critical picks only) gets no
 * directory record: staff complete the name at the bedside. The emergency room's `alerting`
 * (app.ts) keeps the scoring and raises (and pages) the alerts.
 */
export async function submitKioskCase(ctx: PublicRouteContext, input: KioskCaseBody, alerting: EmergencyAlerting) {
  const { tx, tenant, actor } = ctx;
  const emergency = input.emergency;
  const via = emergency ? EMERGENCY_KIOSK_SOURCE : 'kiosk';
  const patientId = emergency && !emergency.named ? null : (await createCheckInPatient(ctx, input, via)).patientId;
  const entry = await createQueueEntry(tx, {
    organizationId: tenant.organizationId,
    clinicId: tenant.clinicId,
    day: localDate(tenant.timeZone),
    patientId,
    source: via,
    department: emergency ? EMERGENCY_KIOSK_DEPARTMENT : KIOSK_DEPARTMENT,
    requestedPriority: emergency?.critical ? EMERGENCY_KIOSK_CRITICAL_PRIORITY : KIOSK_URGENCY,
    createdBy: actor.userId,
    checkInSeconds: checkInSeconds(input.startedAt, new Date()),
    patient: input,
  });
  // ctx.audit adds the route's clinic as details.clinicId; ctx.emit tells that clinic's board.
  await ctx.audit('queue.checked-in', { type: 'queue_entry', id: entry.id }, { via, patientId, queueNumber: entry.queueNumber });
  // A check-in that already calls for immediate attention (or a raised NEWS2) is an alert of its own.
  await auditAlertIfRaised(ctx, alerting.recordScoring, entry, null, 'check-in');
  if (emergency?.critical) await alerting.raiseCheckInAlert(ctx, entry, emergency.pick);
  await ctx.emit('queue.updated', entry.id);
  return { id: entry.id, queueNumber: entry.queueNumber };
}

/**
 * What a public screen shows about where it is connected: the organization's and clinic's names,
 * and the organization's language (the kiosks' default language). Public by nature (a sign on the
 * wall says as much).
 */
export function publicClinicContext({ tenant }: Pick<PublicRouteContext, 'tenant'>) {
  const language = organizationSettings.shape.language.safeParse((tenant.organization.settings as { language?: unknown } | null)?.language);
  return {
    organization: { id: tenant.organizationId, name: tenant.organization.name, language: language.success ? language.data : 'en' },
    clinic: { id: tenant.clinicId, name: tenant.clinicName },
  };
}

/** The Kiosk tab's figures: the request's clinic's kiosk check-ins of its local day (`GET /api/kiosk/stats`). */
export function kioskStats({ tx, tenant }: TenantRouteContext, now = new Date()) {
  return kioskDayFigures(tx, tenant, localDate(tenant.timeZone, now));
}
