import type { VisitDto, VisitInput } from '@clinic/domain';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { patientVisits } from '../../db/schema/index.js';
import type { TenantContext } from '../../platform/access.js';
import { recordAudit } from '../../platform/audit.js';
import { newId } from '../../platform/crypto.js';
import { publishEvent } from '../../platform/events.js';
import { toVisitDto } from './patients.dto.js';
import { requirePatient, type Actor } from './patients.service.js';

/** A patient's visits, newest first, paged, with counts over all of them; the read is audited. */
export async function listVisits(tx: Tx, tenant: TenantContext, actor: Actor, patientId: string, page: { limit: number; offset: number }) {
  await requirePatient(tx, tenant, patientId);
  const where = and(eq(patientVisits.organizationId, tenant.organizationId), eq(patientVisits.patientId, patientId));
  const rows = await tx
    .select()
    .from(patientVisits)
    .where(where)
    .orderBy(desc(patientVisits.visitedAt), desc(patientVisits.id))
    .limit(page.limit)
    .offset(page.offset);
  const [summary] = await tx
    .select({
      total: count(),
      completed: count(sql`case when ${patientVisits.status} = 'completed' then 1 end`),
      emergency: count(sql`case when ${patientVisits.type} = 'emergency' then 1 end`),
    })
    .from(patientVisits)
    .where(where);
  await recordAudit(tx, {
    organizationId: tenant.organizationId,
    actorUserId: actor.userId,
    action: 'patient.visits.read',
    entityType: 'patient',
    entityId: patientId,
    ip: actor.ip,
    details: { clinicId: tenant.clinicId, visitIds: rows.map((r) => r.id) },
  });
  return { visits: rows.map(toVisitDto), total: summary.total, limit: page.limit, offset: page.offset, summary };
}

/** Records a visit of a patient of the request's clinic. */
export async function addVisit(tx: Tx, tenant: TenantContext, actor: Actor, patientId: string, input: VisitInput): Promise<VisitDto> {
  const { patient } = await requirePatient(tx, tenant, patientId, true);
  const id = newId();
  const [row] = await tx
    .insert(patientVisits)
    .values({
      organizationId: tenant.organizationId,
      id,
      clinicId: patient.clinicId,
      patientId,
      visitedAt: new Date(input.date),
      type: input.type,
      priority: input.priority,
      doctor: input.doctor,
      waitTimeMinutes: input.waitTime ?? null,
      status: input.status,
      symptoms: input.symptoms ?? null,
      diagnosis: input.diagnosis ?? null,
      treatment: input.treatment ?? null,
      notes: input.notes ?? null,
      createdBy: actor.userId,
    })
    .returning();
  await recordAudit(tx, {
    organizationId: tenant.organizationId,
    actorUserId: actor.userId,
    action: 'patient.visit.created',
    entityType: 'patient',
    entityId: patientId,
    ip: actor.ip,
    details: { clinicId: tenant.clinicId, visitId: id },
  });
  await publishEvent(tx, { organizationId: tenant.organizationId, clinicId: tenant.clinicId, type: 'patient.visit.created', entityId: patientId });
  return toVisitDto(row);
}
