import type { VisitDto, VisitInput } from '@clinic/domain';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { patientVisits } from '../../db/schema/index.js';
import { newId } from '../../platform/crypto.js';
import type { TenantRouteContext } from '../../platform/route/index.js';
import { toVisitDto } from './patients.dto.js';
import { requirePatient } from './patients.service.js';

/** A patient's visits, newest first, paged, with counts over all of them; the read is audited. */
export async function listVisits(ctx: TenantRouteContext, patientId: string, page: { limit: number; offset: number }) {
  const { tx, tenant } = ctx;
  await requirePatient(ctx, patientId);
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
  await ctx.audit('patient.visits.read', { type: 'patient', id: patientId }, { visitIds: rows.map((r) => r.id) });
  return { visits: rows.map(toVisitDto), total: summary.total, limit: page.limit, offset: page.offset, summary };
}

/** Records a visit of a patient of the request's clinic. */
export async function addVisit(ctx: TenantRouteContext, patientId: string, input: VisitInput): Promise<VisitDto> {
  const { tx, tenant, actor } = ctx;
  const { patient } = await requirePatient(ctx, patientId, true);
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
  await ctx.audit('patient.visit.created', { type: 'patient', id: patientId }, { visitId: id });
  await ctx.emit('patient.visit.created', patientId);
  return toVisitDto(row);
}
