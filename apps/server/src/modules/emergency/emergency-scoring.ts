import {
  alertsForScoring,
  defaultAlertPriority,
  emergencyCheckInAlertMessage,
  entryLocation,
  erRiskLevel,
  type AlertSeverity,
  type AlertType,
  type EmergencyPick,
  type RiskAssessmentType,
} from '@clinic/domain';
import { emergencyAlerts, emergencyRiskAssessments } from '../../db/schema/index.js';
import type { CriticalAlertPager } from '../../platform/critical-alerts.js';
import { newId } from '../../platform/crypto.js';
import { deferInsert } from '../../platform/route/index.js';
import type { EntryScoring, EntryScoringRecorder, QueueEntryRow } from '../queue/index.js';
import type { EmergencyContext } from './emergency-scope.js';

/** An alert the server raises by itself for a cause (one unresolved per subject and cause). */
export interface CausedAlert {
  type: AlertType;
  severity: AlertSeverity;
  message: string;
  clinicId: string | null;
  /** The patient, else the record the alert is about (a queue entry, an event). */
  subjectId: string;
  patientId?: string | null;
  queueEntryId?: string | null;
  massCasualtyEventId?: string | null;
  location?: string | null;
}

/**
 * Raises an alert for its cause unless one for the same subject and cause is still ACTIVE or
 * ACKNOWLEDGED (the partial unique index decides, so two concurrent scorings raise one). Audits
 * `emergency.alert-raised` and tells the subject's clinic; a new CRITICAL alert goes to `pager`
 * when one is given (the on-call doctor, in this transaction). Returns the new alert's id, or null.
 */
export async function raiseCausedAlert(
  ctx: EmergencyContext,
  alert: CausedAlert,
  now = new Date(),
  pager?: CriticalAlertPager,
): Promise<string | null> {
  const { tx, tenant, actor } = ctx;
  const [row] = await tx
    .insert(emergencyAlerts)
    .values({
      organizationId: tenant.organizationId,
      id: newId(),
      clinicId: alert.clinicId,
      type: alert.type,
      cause: alert.type,
      subjectId: alert.subjectId,
      severity: alert.severity,
      priority: defaultAlertPriority(alert.severity),
      status: 'ACTIVE',
      message: alert.message,
      patientId: alert.patientId ?? null,
      queueEntryId: alert.queueEntryId ?? null,
      massCasualtyEventId: alert.massCasualtyEventId ?? null,
      location: alert.location ?? null,
      raisedBy: actor.userId,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: emergencyAlerts.id });
  if (!row) return null;
  await ctx.audit(
    'emergency.alert-raised',
    { type: 'emergency_alert', id: row.id },
    {
      alertType: alert.type,
      severity: alert.severity,
      patientId: alert.patientId ?? null,
      queueEntryId: alert.queueEntryId ?? null,
      massCasualtyEventId: alert.massCasualtyEventId ?? null,
    },
  );
  // The clinic the alert is about, which need not be the request's.
  await ctx.emit('emergency.alert.updated', row.id, { clinicId: alert.clinicId });
  if (pager && alert.severity === 'CRITICAL') {
    const { clinicId, patientId, queueEntryId, message } = alert;
    await pager(ctx, { clinicId, alertId: row.id, entityType: 'emergency_alert', patientId, queueEntryId, message }, now);
  }
  return row.id;
}

/** What an alert about a queue entry names: its clinic, its subject (the patient, else the entry) and where the entry is. */
function aboutEntry(entry: QueueEntryRow) {
  return {
    clinicId: entry.clinicId,
    subjectId: entry.patientId ?? entry.id,
    patientId: entry.patientId,
    queueEntryId: entry.id,
    location: entryLocation(entry.status, entry.department),
  };
}

/**
 * What the emergency room keeps of a scoring of a queue entry, in the transaction that scored it:
 * a risk-assessment history row (with the readings when it is a VITALS scoring), and the alerts its
 * rules call for (risk above 80: HIGH_RISK; NEWS2 7 or more, or a single parameter at 3: VITALS),
 * each raised once while unresolved, the CRITICAL ones paged through `pager`. The queue's
 * `EntryScoringRecorder` ({@link emergencyAlerting}): handed by app.ts to the queue's routes, the
 * kiosk and the intake where they store risk or vitals, since the queue does not import this module.
 */
export async function recordEntryScoring(
  ctx: EmergencyContext,
  entry: QueueEntryRow,
  scoring: EntryScoring,
  assessmentType: RiskAssessmentType,
  now = new Date(),
  pager?: CriticalAlertPager,
): Promise<{ assessmentId: string; alertIds: string[] }> {
  const { tx, tenant, actor } = ctx;
  const assessmentId = newId();
  // Written with the COMMIT: nothing reads it back in the transaction.
  await deferInsert(tx, emergencyRiskAssessments, {
    organizationId: tenant.organizationId,
    id: assessmentId,
    clinicId: entry.clinicId,
    queueEntryId: entry.id,
    patientId: entry.patientId,
    assessmentType,
    riskScore: scoring.riskScore,
    riskLevel: erRiskLevel(scoring.riskScore),
    news2Score: scoring.news2?.score ?? null,
    riskFactors: scoring.riskFactors.map((f) => `${f.factor}: ${f.description}`),
    recommendations: scoring.recommendations.map((r) => r.title),
    vitals:
      assessmentType === 'VITALS' && entry.vitalSigns
        ? { ...(entry.vitalSigns as object), supplementalOxygen: entry.supplementalOxygen, painScore: entry.painLevel }
        : null,
    assessedBy: actor.userId,
    createdAt: now,
  });
  // The entry's own clinic, which need not be the request's.
  await ctx.emit('emergency.assessment.created', assessmentId, { clinicId: entry.clinicId });
  const alertIds: string[] = [];
  for (const alert of alertsForScoring(scoring)) {
    const id = await raiseCausedAlert(ctx, { ...alert, ...aboutEntry(entry) }, now, pager);
    if (id) alertIds.push(id);
  }
  return { assessmentId, alertIds };
}

/**
 * The CRITICAL EMERGENCY_CHECKIN alert of an emergency-kiosk check-in whose quick pick is critical,
 * raised in the check-in's transaction (once while unresolved, like every caused alert).
 */
export function raiseEmergencyCheckInAlert(
  ctx: EmergencyContext,
  entry: QueueEntryRow,
  pick: EmergencyPick,
  now = new Date(),
  pager?: CriticalAlertPager,
): Promise<string | null> {
  return raiseCausedAlert(
    ctx,
    {
      type: 'EMERGENCY_CHECKIN',
      severity: 'CRITICAL',
      message: emergencyCheckInAlertMessage(pick, entry.queueNumber),
      ...aboutEntry(entry),
    },
    now,
    pager,
  );
}

/** The emergency room's alerts raised where entries are scored and checked in, as app.ts hands them to the queue, the kiosk and the intake. */
export interface EmergencyAlerting {
  /** The queue's {@link EntryScoringRecorder}: {@link recordEntryScoring}. */
  recordScoring: EntryScoringRecorder;
  /** {@link raiseEmergencyCheckInAlert}. */
  raiseCheckInAlert(ctx: EmergencyContext, entry: QueueEntryRow, pick: EmergencyPick, now?: Date): Promise<string | null>;
}

/** The emergency room's alerting, its CRITICAL alerts paged through `pager` (the paging module's, from app.ts). */
export function emergencyAlerting(pager: CriticalAlertPager): EmergencyAlerting {
  return {
    recordScoring: (ctx, entry, scoring, assessmentType, now) => recordEntryScoring(ctx, entry, scoring, assessmentType, now, pager),
    raiseCheckInAlert: (ctx, entry, pick, now) => raiseEmergencyCheckInAlert(ctx, entry, pick, now, pager),
  };
}
