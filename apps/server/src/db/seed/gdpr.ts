import { rightsRequestDueDate } from '@clinic/domain';
import type { Tx } from '../client.js';
import { auditEvents, gdprConsents, gdprRightsRequests, type NewPatientRow } from '../schema/index.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Demo patients' rights for the Privacy tab and the compliance summary: consents (one withdrawn)
 * and four rights requests relative to `now`: an access request received 5 days ago, a copy
 * request received 34 days ago and still open (overdue), a completed rectification and a rejected
 * objection; with the audit rows recording them, as the API would have written.
 */
export async function seedGdpr(
  tx: Tx,
  scope: { organizationId: string; clinicId: string },
  staff: { recordedBy: string; admin: string },
  directory: readonly NewPatientRow[],
  now: Date,
): Promise<void> {
  const { organizationId, clinicId } = scope;
  const patients = directory.filter((p) => p.status === 'active' && p.clinicId === clinicId).slice(0, 4);
  if (patients.length < 4) return;
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const id = () => crypto.randomUUID();
  const audit: Array<typeof auditEvents.$inferInsert> = [];
  const record = (at: Date, actor: string, action: string, patientId: string, details: Record<string, unknown>) =>
    audit.push({
      id: id(),
      organizationId,
      actorUserId: actor,
      action,
      entityType: 'patient',
      entityId: patientId,
      details: { clinicId, ...details },
      at,
    });

  const consents: Array<typeof gdprConsents.$inferInsert> = [
    ...patients.map((p, i) => ({ purpose: 'treatment', patientId: p.id!, givenAt: ago(60 - i) })),
    { purpose: 'research', patientId: patients[0].id!, givenAt: ago(40) },
    { purpose: 'sharing', patientId: patients[1].id!, givenAt: ago(20) },
    { purpose: 'marketing', patientId: patients[2].id!, givenAt: ago(90), withdrawnAt: ago(10), withdrawnBy: staff.recordedBy },
  ].map((c) => ({ organizationId, clinicId, id: id(), recordedBy: staff.recordedBy, ...c }));
  for (const c of consents) {
    record(c.givenAt!, staff.recordedBy, 'gdpr.consent.recorded', c.patientId, { consentId: c.id, purpose: c.purpose });
    if (c.withdrawnAt) record(c.withdrawnAt, staff.recordedBy, 'gdpr.consent.withdrawn', c.patientId, { consentId: c.id, purpose: c.purpose });
  }

  const requests: Array<typeof gdprRightsRequests.$inferInsert> = [
    { patientId: patients[0].id!, type: 'access', receivedAt: ago(5), notes: 'Asked at the front desk which records we hold.' },
    { patientId: patients[1].id!, type: 'copy', receivedAt: ago(34), notes: 'Wants a copy of the last two years of visits, by post.' },
    {
      patientId: patients[2].id!,
      type: 'rectification',
      receivedAt: ago(25),
      notes: 'Date of birth recorded wrongly.',
      status: 'COMPLETED',
      completedAt: ago(21),
      completedBy: staff.admin,
      resolution: 'Date of birth corrected from the passport shown at the desk.',
    },
    {
      patientId: patients[3].id!,
      type: 'objection',
      receivedAt: ago(15),
      notes: 'Objects to being contacted.',
      status: 'REJECTED',
      completedAt: ago(12),
      completedBy: staff.admin,
      resolution: 'No marketing consent was ever recorded; appointment reminders are part of treatment.',
    },
  ].map((r) => ({ organizationId, clinicId, id: id(), recordedBy: staff.recordedBy, dueDate: rightsRequestDueDate(r.receivedAt!), ...r }));
  for (const r of requests) {
    record(r.receivedAt!, staff.recordedBy, 'gdpr.rights-request.created', r.patientId, { requestId: r.id, requestType: r.type });
    if (r.completedAt) {
      const action = r.status === 'COMPLETED' ? 'gdpr.request.completed' : 'gdpr.request.rejected';
      record(r.completedAt, staff.admin, action, r.patientId, { requestId: r.id, requestType: r.type });
    }
  }

  await tx.insert(gdprConsents).values(consents);
  await tx.insert(gdprRightsRequests).values(requests);
  await tx.insert(auditEvents).values(audit);
}
