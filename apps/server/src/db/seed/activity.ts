import { deriveQueuePatient, hasCdsAlert, type QueueStatus, type QueueVitalSigns } from '@clinic/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../client.js';
import { auditEvents, patients, queueEntries, type QueueEntryRow } from '../schema/index.js';

/**
 * The audit rows the app would have written for the demo directory and queue, so that the
 * dashboard's Recent Activity (read from the audit trail) shows a living clinic on a fresh
 * `npm start`: patients added, check-ins, alerts, care started, completed and admitted, each at the
 * time the seed gave it. Runs in the seed's tenant transaction after `seedQueue`; the actions and
 * details are those of the routes (`queue.checked-in` of the kiosk, `queue.<action>` of the
 * waiting room, `queue.alert-raised`, `patient.created`).
 */
export async function seedActivity(tx: Tx, scope: { organizationId: string; clinicId: string }, clinician: { userId: string }): Promise<void> {
  const { organizationId, clinicId } = scope;
  const rows: Array<typeof auditEvents.$inferInsert> = [];
  const add = (action: string, at: Date, entity: { type: string; id: string }, actor: string | null, details: Record<string, unknown>) =>
    rows.push({
      id: crypto.randomUUID(),
      organizationId,
      actorUserId: actor,
      action,
      entityType: entity.type,
      entityId: entity.id,
      details: { clinicId, ...details },
      at,
    });

  const directory = await tx
    .select({ id: patients.id, createdAt: patients.createdAt, createdBy: patients.createdBy })
    .from(patients)
    .where(and(eq(patients.organizationId, organizationId), eq(patients.clinicId, clinicId)));
  for (const p of directory) add('patient.created', p.createdAt, { type: 'patient', id: p.id }, p.createdBy, {});

  const entries = await tx
    .select()
    .from(queueEntries)
    .where(and(eq(queueEntries.organizationId, organizationId), eq(queueEntries.clinicId, clinicId)));
  for (const e of entries) {
    const entity = { type: 'queue_entry', id: e.id };
    const kiosk = e.source === 'kiosk';
    add('queue.checked-in', e.createdAt, entity, e.createdBy, {
      via: kiosk ? 'kiosk' : 'staff',
      patientId: e.patientId,
      queueNumber: e.queueNumber,
    });
    const alert = alertOf(e);
    if (alert) add('queue.alert-raised', alert.at, entity, null, { patientId: e.patientId, queueNumber: e.queueNumber, ...alert.details });
    if (e.startedAt) {
      add('queue.start', e.startedAt, entity, e.startedBy ?? clinician.userId, { patientId: e.patientId, from: 'waiting', to: 'in-progress' });
    }
    if (e.endedAt && e.startedAt) {
      const status = e.status as QueueStatus;
      const action = status === 'admitted' ? 'admit' : status === 'emergency-admitted' ? 'emergency-admit' : 'complete';
      add(`queue.${action}`, e.endedAt, entity, e.startedBy ?? clinician.userId, { patientId: e.patientId, from: 'in-progress', to: status });
    }
  }
  if (rows.length) await tx.insert(auditEvents).values(rows);
}

/**
 * The alert an entry raised while it waited, as `auditAlertIfRaised` of the queue module would
 * have written it: at check-in when its first score already called for one, else when its vital
 * signs were recorded.
 */
function alertOf(e: QueueEntryRow): { at: Date; details: Record<string, unknown> } | null {
  const input = {
    status: 'waiting' as const,
    createdAt: e.createdAt,
    age: e.age,
    symptoms: e.symptoms,
    medicalHistory: e.medicalHistory,
    chiefComplaint: e.chiefComplaint,
  };
  const vitals = e.vitalSigns as QueueVitalSigns | null;
  const stages: Array<{ at: Date; cause: 'check-in' | 'vitals'; vitalSigns: (QueueVitalSigns & { supplementalOxygen?: boolean }) | null }> = [
    { at: e.createdAt, cause: 'check-in', vitalSigns: null },
  ];
  if (vitals && e.vitalsRecordedAt)
    stages.push({ at: e.vitalsRecordedAt, cause: 'vitals', vitalSigns: { ...vitals, supplementalOxygen: e.supplementalOxygen } });
  for (const stage of stages) {
    if (e.startedAt && stage.at >= e.startedAt) break;
    const derived = deriveQueuePatient({ ...input, vitalSigns: stage.vitalSigns }, stage.at);
    if (hasCdsAlert(derived)) {
      return {
        at: stage.at,
        details: {
          riskScore: derived.riskScore,
          news2Score: derived.news2?.score ?? null,
          immediateAttention: derived.requiresImmediateAttention,
          cause: stage.cause,
        },
      };
    }
  }
  return null;
}
