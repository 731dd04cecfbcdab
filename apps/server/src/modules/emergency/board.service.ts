import type { FacilityBody, FacilityDto } from '@clinic/domain';
import { and, eq } from 'drizzle-orm';
import { clinicName } from '../organizations/index.js';
import { emergencyEntryDetails, emergencyFacilities } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import type { TenantRouteContext } from '../../platform/route/index.js';
import { queueEntrySubjects } from '../queue/index.js';
import type { EmergencyReader } from './emergency-scope.js';

/** The header: the clinic (else the organization), its emergency level, facility id and bed count. */
export async function facility({ tx, tenant }: EmergencyReader, now = new Date()): Promise<FacilityDto> {
  let name = tenant.organization.name;
  let settings: typeof emergencyFacilities.$inferSelect | undefined;
  if (tenant.clinicId) {
    name = (await clinicName(tx, tenant.organizationId, tenant.clinicId)) ?? name;
    [settings] = await tx
      .select()
      .from(emergencyFacilities)
      .where(and(eq(emergencyFacilities.organizationId, tenant.organizationId), eq(emergencyFacilities.clinicId, tenant.clinicId)));
  }
  return {
    id: tenant.clinicId ?? tenant.organizationId,
    name,
    level: settings?.level ?? null,
    facilityId: settings?.facilityCode ?? null,
    bedCount: settings?.bedCount ?? null,
    lastUpdated: now.toISOString(),
  };
}

/** The clinic's emergency bed count; null when not configured (or without a clinic). */
export async function bedCount({ tx, tenant }: EmergencyReader): Promise<number | null> {
  if (!tenant.clinicId) return null;
  const [row] = await tx
    .select({ bedCount: emergencyFacilities.bedCount })
    .from(emergencyFacilities)
    .where(and(eq(emergencyFacilities.organizationId, tenant.organizationId), eq(emergencyFacilities.clinicId, tenant.clinicId)));
  return row?.bedCount ?? null;
}

/** Sets the clinic's emergency level, facility id and bed count (Admin); the request must name a clinic. */
export async function updateFacility(ctx: TenantRouteContext, body: FacilityBody): Promise<FacilityDto> {
  const { tx, tenant, actor } = ctx;
  if (!tenant.clinicId) throw notFound('Clinic');
  const now = new Date();
  const values = {
    level: body.level ?? null,
    facilityCode: body.facilityId ?? null,
    bedCount: body.bedCount ?? null,
    updatedBy: actor.userId,
    updatedAt: now,
  };
  await tx
    .insert(emergencyFacilities)
    .values({ organizationId: tenant.organizationId, clinicId: tenant.clinicId, ...values })
    .onConflictDoUpdate({ target: [emergencyFacilities.organizationId, emergencyFacilities.clinicId], set: values });
  await ctx.audit(
    'emergency.facility-updated',
    { type: 'clinic', id: tenant.clinicId },
    { level: values.level, facilityId: values.facilityCode, bedCount: values.bedCount },
  );
  await ctx.emit('emergency.facility.updated', tenant.clinicId);
  return facility(ctx, now);
}

/** Records an entry's weight and whether a parent or guardian is present. */
export async function updateEntryDetails(
  ctx: TenantRouteContext,
  entryId: string,
  body: { parentPresent?: boolean | null; weight?: number | null },
) {
  const { tx, tenant, actor } = ctx;
  const entry = (await queueEntrySubjects(tx, tenant.organizationId, [entryId])).get(entryId);
  if (!entry) throw notFound('Queue entry');
  const now = new Date();
  const set: Partial<typeof emergencyEntryDetails.$inferInsert> = { updatedBy: actor.userId, updatedAt: now };
  if (body.parentPresent !== undefined) set.parentPresent = body.parentPresent;
  if (body.weight !== undefined) set.weightKg = body.weight;
  const [row] = await tx
    .insert(emergencyEntryDetails)
    .values({ organizationId: tenant.organizationId, queueEntryId: entryId, ...set })
    .onConflictDoUpdate({ target: [emergencyEntryDetails.organizationId, emergencyEntryDetails.queueEntryId], set })
    .returning();
  await ctx.audit(
    'emergency.patient-details-updated',
    { type: 'queue_entry', id: entryId },
    { patientId: entry.patientId, changed: Object.keys(body) },
  );
  await ctx.emit('emergency.patient-details.updated', entryId);
  return { queueEntryId: entryId, parentPresent: row.parentPresent, weight: row.weightKg };
}
