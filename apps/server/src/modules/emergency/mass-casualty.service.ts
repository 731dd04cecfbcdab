import {
  triageCounts,
  triageStatus,
  type AlertSeverity,
  type MassCasualtyBody,
  type MassCasualtyEventDto,
  type MassCasualtyPatchBody,
  type MassCasualtyPatientBody,
  type MassCasualtyStatus,
  type TriageColor,
} from '@clinic/domain';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { massCasualtyEvents, massCasualtyPatients, type MassCasualtyEventRow, type MassCasualtyPatientRow } from '../../db/schema/index.js';
import { newId } from '../../platform/crypto.js';
import { notFound } from '../../platform/errors.js';
import type { TenantRouteContext, TenantTx } from '../../platform/route/index.js';
import { patientExists, patientNames } from '../patients/index.js';
import { queueEntrySubjects } from '../queue/index.js';
import { raiseCausedAlert } from './emergency-scoring.js';
import { inClinicOrOrganization, iso, type EmergencyReader } from './emergency-scope.js';

async function withPatients(tx: TenantTx, organizationId: string, rows: MassCasualtyEventRow[]): Promise<MassCasualtyEventDto[]> {
  if (!rows.length) return [];
  const tags = await tx
    .select()
    .from(massCasualtyPatients)
    .where(
      and(
        eq(massCasualtyPatients.organizationId, organizationId),
        inArray(
          massCasualtyPatients.eventId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(massCasualtyPatients.taggedAt));
  const names = await taggedNames(tx, organizationId, tags);
  const byEvent = new Map<string, MassCasualtyPatientRow[]>();
  for (const t of tags) byEvent.set(t.eventId, [...(byEvent.get(t.eventId) ?? []), t]);
  return rows.map((r) => {
    const own = byEvent.get(r.id) ?? [];
    const counts = triageCounts(own.map((t) => t.triageColor as TriageColor));
    return {
      id: r.id,
      eventType: r.eventType,
      status: r.status as MassCasualtyStatus,
      severity: r.severity as AlertSeverity,
      patientCount: own.length,
      expectedArrivals: r.expectedArrivals,
      triageStatus: triageStatus(counts),
      triageCounts: counts,
      resourcesNeeded: r.resourcesNeeded,
      timestamp: r.incidentAt.toISOString(),
      closedAt: iso(r.closedAt),
      patients: own.map((t) => ({
        id: t.id,
        queueEntryId: t.queueEntryId,
        patientId: t.patientId,
        patientName: names.get(t.id) ?? null,
        triageColor: t.triageColor as TriageColor,
        taggedAt: t.taggedAt.toISOString(),
      })),
    };
  });
}

/** Names of tagged people: the queue entry's, else the directory patient's; by tag id. */
async function taggedNames(tx: TenantTx, organizationId: string, tags: MassCasualtyPatientRow[]) {
  const entryIds = tags.map((t) => t.queueEntryId).filter((v): v is string => !!v);
  const patientIds = tags.map((t) => t.patientId).filter((v): v is string => !!v);
  const byEntry = await queueEntrySubjects(tx, organizationId, entryIds);
  const byPatient = await patientNames(tx, organizationId, patientIds);
  return new Map(
    tags.map((t) => [t.id, (t.queueEntryId && byEntry.get(t.queueEntryId)?.name) || (t.patientId && byPatient.get(t.patientId)) || null]),
  );
}

/** The clinic's events (and the organization-wide ones): ACTIVE first, then the newest incidents. */
export async function listMassCasualtyEvents({ tx, tenant }: EmergencyReader): Promise<MassCasualtyEventDto[]> {
  const rows = await tx
    .select()
    .from(massCasualtyEvents)
    .where(and(eq(massCasualtyEvents.organizationId, tenant.organizationId), inClinicOrOrganization(massCasualtyEvents.clinicId, tenant.clinicId)))
    .orderBy(sql`case when ${massCasualtyEvents.status} = 'ACTIVE' then 0 else 1 end`, desc(massCasualtyEvents.incidentAt))
    .limit(200);
  return withPatients(tx, tenant.organizationId, rows);
}

async function loadEvent(tx: TenantTx, organizationId: string, id: string): Promise<MassCasualtyEventRow> {
  const [row] = await tx
    .select()
    .from(massCasualtyEvents)
    .where(and(eq(massCasualtyEvents.organizationId, organizationId), eq(massCasualtyEvents.id, id)))
    .for('update');
  if (!row) throw notFound('Mass casualty event');
  return row;
}

/** Declares an event in the request's clinic and raises its MASS_CASUALTY alert. */
export async function declareMassCasualty(ctx: TenantRouteContext, body: MassCasualtyBody): Promise<MassCasualtyEventDto> {
  const { tx, tenant, actor } = ctx;
  const now = new Date();
  const [row] = await tx
    .insert(massCasualtyEvents)
    .values({
      organizationId: tenant.organizationId,
      id: newId(),
      clinicId: tenant.clinicId,
      eventType: body.eventType,
      severity: body.severity,
      status: 'ACTIVE',
      expectedArrivals: body.expectedArrivals,
      resourcesNeeded: body.resourcesNeeded,
      incidentAt: body.timestamp ? new Date(body.timestamp) : now,
      declaredBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await ctx.audit(
    'emergency.mass-casualty-declared',
    { type: 'mass_casualty_event', id: row.id },
    { eventType: row.eventType, severity: row.severity, expectedArrivals: row.expectedArrivals },
  );
  await ctx.emit('emergency.mass-casualty.updated', row.id);
  await raiseCausedAlert(ctx, {
    type: 'MASS_CASUALTY',
    severity: row.severity as AlertSeverity,
    message: `Mass casualty event declared: ${row.eventType}, ${row.expectedArrivals} expected arrivals.`,
    clinicId: tenant.clinicId,
    subjectId: row.id,
    massCasualtyEventId: row.id,
  });
  const [dto] = await withPatients(tx, tenant.organizationId, [row]);
  return dto;
}

/** Updates an event's declaration or status; closing (and reopening) is audited as such. */
export async function updateMassCasualty(ctx: TenantRouteContext, id: string, body: MassCasualtyPatchBody): Promise<MassCasualtyEventDto> {
  const { tx, tenant, actor } = ctx;
  const row = await loadEvent(tx, tenant.organizationId, id);
  const now = new Date();
  const set: Partial<MassCasualtyEventRow> = { updatedAt: now };
  if (body.eventType !== undefined) set.eventType = body.eventType;
  if (body.severity !== undefined) set.severity = body.severity;
  if (body.expectedArrivals !== undefined) set.expectedArrivals = body.expectedArrivals;
  if (body.resourcesNeeded !== undefined) set.resourcesNeeded = body.resourcesNeeded;
  if (body.timestamp !== undefined) set.incidentAt = new Date(body.timestamp);
  const closing = body.status === 'CLOSED' && row.status !== 'CLOSED';
  const reopening = body.status === 'ACTIVE' && row.status === 'CLOSED';
  if (closing) Object.assign(set, { status: 'CLOSED', closedAt: now, closedBy: actor.userId });
  if (reopening) Object.assign(set, { status: 'ACTIVE', closedAt: null, closedBy: null });
  const [updated] = await tx
    .update(massCasualtyEvents)
    .set(set)
    .where(and(eq(massCasualtyEvents.organizationId, tenant.organizationId), eq(massCasualtyEvents.id, id)))
    .returning();
  const changed = Object.keys(body).filter((k) => body[k as keyof MassCasualtyPatchBody] !== undefined);
  const action = closing ? 'emergency.mass-casualty-closed' : reopening ? 'emergency.mass-casualty-reopened' : 'emergency.mass-casualty-updated';
  await ctx.audit(action, { type: 'mass_casualty_event', id }, { changed, from: row.status, to: updated.status });
  await ctx.emit('emergency.mass-casualty.updated', id);
  const [dto] = await withPatients(tx, tenant.organizationId, [updated]);
  return dto;
}

/**
 * Tags a queue entry or a directory patient of the organization to an event with a START colour;
 * tagging the same person again changes the colour (re-triage).
 */
export async function tagMassCasualtyPatient(ctx: TenantRouteContext, id: string, body: MassCasualtyPatientBody): Promise<MassCasualtyEventDto> {
  const { tx, tenant, actor } = ctx;
  const event = await loadEvent(tx, tenant.organizationId, id);
  let queueEntryId: string | null = null;
  let patientId: string | null = null;
  if (body.queueEntryId) {
    const entry = (await queueEntrySubjects(tx, tenant.organizationId, [body.queueEntryId])).get(body.queueEntryId);
    if (!entry) throw notFound('Queue entry');
    queueEntryId = body.queueEntryId;
    patientId = entry.patientId;
  } else {
    if (!(await patientExists(tx, tenant.organizationId, body.patientId!))) throw notFound('Patient');
    patientId = body.patientId!;
  }
  const now = new Date();
  await tx
    .insert(massCasualtyPatients)
    .values({
      organizationId: tenant.organizationId,
      id: newId(),
      eventId: event.id,
      subjectId: patientId ?? (queueEntryId as string),
      queueEntryId,
      patientId,
      triageColor: body.triageColor,
      taggedBy: actor.userId,
      taggedAt: now,
    })
    .onConflictDoUpdate({
      target: [massCasualtyPatients.organizationId, massCasualtyPatients.eventId, massCasualtyPatients.subjectId],
      set: {
        triageColor: body.triageColor,
        taggedBy: actor.userId,
        taggedAt: now,
        queueEntryId: sql`coalesce(excluded.queue_entry_id, ${massCasualtyPatients.queueEntryId})`,
      },
    });
  await ctx.audit(
    'emergency.mass-casualty-patient-tagged',
    { type: 'mass_casualty_event', id: event.id },
    { patientId, queueEntryId, triageColor: body.triageColor },
  );
  await ctx.emit('emergency.mass-casualty.updated', event.id);
  const [dto] = await withPatients(tx, tenant.organizationId, [event]);
  return dto;
}
