import {
  entryLocation,
  entryWaitMinutes,
  erRiskLevel,
  isHighRiskLevel,
  predictedOutcome,
  startOfLocalDay,
  timeToTreatment,
  urgencyForScore,
  type ErPatientDto,
  type ErRiskAssessmentDto,
  type ErRiskLevel,
  type FacilityBody,
  type FacilityDto,
  type PediatricPatientDto,
  type QueueVitalSigns,
  type RiskAssessmentType,
  type VitalSignsRecordDto,
} from '@clinic/domain';
import { and, desc, eq, gte, inArray, or } from 'drizzle-orm';
import { clinicName } from '../organizations/index.js';
import { emergencyEntryDetails, emergencyFacilities, emergencyRiskAssessments } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import type { TenantRouteContext } from '../../platform/route/index.js';
import { openQueueEntries, queueEntrySubjects, type QueueEntryRow } from '../queue/index.js';
import { inClinic, userNames, type EmergencyReader } from './emergency-scope.js';

/** Age below which an open entry is a pediatric patient. */
export const PEDIATRIC_UNDER = 18;
/** Readings of a patient drawn in a vital-signs trend. */
export const TREND_READINGS = 10;
/** Most vital-signs records and risk assessments one read returns. */
export const HISTORY_LISTED = 500;

/** The clinic's open queue entries (all clinics without one). */
export function openEntries({ tx, tenant }: EmergencyReader): Promise<QueueEntryRow[]> {
  return openQueueEntries(tx, tenant.organizationId, tenant.clinicId);
}

const fullName = (e: Pick<QueueEntryRow, 'firstName' | 'lastName'>) => `${e.firstName} ${e.lastName}`;

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

/** Open entries at risk level HIGH or CRITICAL: most at risk first, then the least time left to treatment. */
export function highRiskPatients(rows: QueueEntryRow[], now = new Date()): ErPatientDto[] {
  return rows
    .filter((r) => isHighRiskLevel(erRiskLevel(r.riskScore)))
    .map((r) => {
      const wait = entryWaitMinutes({ createdAt: r.createdAt, startedAt: r.startedAt }, now);
      const v = r.vitalSigns as QueueVitalSigns | null;
      return {
        id: r.id,
        patientId: r.patientId,
        patientName: fullName(r),
        queueNumber: r.queueNumber,
        riskScore: r.riskScore,
        riskLevel: erRiskLevel(r.riskScore),
        predictedOutcome: predictedOutcome(r.riskScore),
        timeToTreatment: timeToTreatment(r.riskScore, wait),
        waitTime: wait,
        location: entryLocation(r.status, r.department),
        chiefComplaint: r.chiefComplaint,
        vitalSigns: v
          ? {
              heartRate: v.heartRate ?? null,
              bloodPressure: { systolic: v.bloodPressure?.systolic ?? null, diastolic: v.bloodPressure?.diastolic ?? null },
              temperature: v.temperature ?? null,
              oxygenSaturation: v.oxygenSaturation ?? null,
            }
          : null,
        timestamp: r.createdAt.toISOString(),
      };
    })
    .sort((a, b) => b.riskScore - a.riskScore || (a.timeToTreatment ?? Infinity) - (b.timeToTreatment ?? Infinity));
}

/** Open entries of patients under 18, youngest first, with what staff recorded (weight, parent present). */
export async function pediatricPatients({ tx, tenant }: EmergencyReader, rows: QueueEntryRow[]): Promise<PediatricPatientDto[]> {
  const children = rows.filter((r) => r.age !== null && r.age < PEDIATRIC_UNDER);
  if (!children.length) return [];
  const details = await tx
    .select()
    .from(emergencyEntryDetails)
    .where(
      and(
        eq(emergencyEntryDetails.organizationId, tenant.organizationId),
        inArray(
          emergencyEntryDetails.queueEntryId,
          children.map((c) => c.id),
        ),
      ),
    );
  const byEntry = new Map(details.map((d) => [d.queueEntryId, d]));
  return children
    .sort((a, b) => (a.age ?? 0) - (b.age ?? 0) || a.createdAt.getTime() - b.createdAt.getTime())
    .map((r) => ({
      id: r.id,
      patientId: r.patientId,
      patientName: fullName(r),
      age: r.age as number,
      weight: byEntry.get(r.id)?.weightKg ?? null,
      chiefComplaint: r.chiefComplaint,
      pediatricScore: r.riskScore,
      parentPresent: byEntry.get(r.id)?.parentPresent ?? null,
      location: entryLocation(r.status, r.department),
      priority: urgencyForScore(r.riskScore),
      timestamp: r.createdAt.toISOString(),
    }));
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

type AssessmentRow = typeof emergencyRiskAssessments.$inferSelect;
type Reading = QueueVitalSigns & { painScore?: number | null; weight?: number | null };

/**
 * Every vitals record of the open entries (the VITALS assessments, which carry the readings), newest
 * first, each with the trends of its patient's last readings up to it (oldest first).
 */
export async function vitalsRecords({ tx, tenant }: EmergencyReader, rows: QueueEntryRow[]): Promise<VitalSignsRecordDto[]> {
  if (!rows.length) return [];
  const records = await tx
    .select()
    .from(emergencyRiskAssessments)
    .where(
      and(
        eq(emergencyRiskAssessments.organizationId, tenant.organizationId),
        inArray(
          emergencyRiskAssessments.queueEntryId,
          rows.map((r) => r.id),
        ),
        eq(emergencyRiskAssessments.assessmentType, 'VITALS'),
      ),
    )
    // The newest readings (enough for the listed records' trends), oldest first for the trends.
    .orderBy(desc(emergencyRiskAssessments.createdAt))
    .limit(HISTORY_LISTED * 4)
    .then((found) => found.reverse());
  const entries = new Map(rows.map((r) => [r.id, r]));
  const seen = new Map<string, AssessmentRow[]>();
  const out: VitalSignsRecordDto[] = [];
  for (const rec of records) {
    if (!rec.vitals) continue;
    const history = [...(seen.get(rec.queueEntryId) ?? []), rec].slice(-TREND_READINGS);
    seen.set(rec.queueEntryId, history);
    const v = rec.vitals as Reading;
    const readings = history.map((h) => h.vitals as Reading);
    out.push({
      id: rec.id,
      patientId: rec.patientId,
      queueEntryId: rec.queueEntryId,
      patientName: fullName(entries.get(rec.queueEntryId)!),
      heartRate: v.heartRate ?? null,
      bloodPressure: { systolic: v.bloodPressure?.systolic ?? null, diastolic: v.bloodPressure?.diastolic ?? null },
      temperature: v.temperature ?? null,
      oxygenSaturation: v.oxygenSaturation ?? null,
      respiratoryRate: v.respiratoryRate ?? null,
      painScore: v.painScore ?? null,
      gcsScore: v.glasgowComaScale ?? null,
      weight: v.weight ?? null,
      news2Score: rec.news2Score,
      trends: {
        heartRate: readings.map((r) => r.heartRate ?? null),
        bloodPressure: readings.map((r) => ({ systolic: r.bloodPressure?.systolic ?? null, diastolic: r.bloodPressure?.diastolic ?? null })),
        temperature: readings.map((r) => r.temperature ?? null),
        oxygenSaturation: readings.map((r) => r.oxygenSaturation ?? null),
      },
      timestamp: rec.createdAt.toISOString(),
    });
  }
  return out.reverse().slice(0, HISTORY_LISTED);
}

/**
 * The stored scorings of the open entries and of today's (clinic-local day), newest first. The
 * open entries name their patients; the queue names the others (entries closed since), in one read.
 */
export async function riskAssessments({ tx, tenant }: EmergencyReader, rows: QueueEntryRow[], now = new Date()): Promise<ErRiskAssessmentDto[]> {
  const since = startOfLocalDay(tenant.timeZone, now);
  const openIds = rows.map((r) => r.id);
  const found = await tx
    .select()
    .from(emergencyRiskAssessments)
    .where(
      and(
        eq(emergencyRiskAssessments.organizationId, tenant.organizationId),
        inClinic(emergencyRiskAssessments.clinicId, tenant.clinicId),
        openIds.length
          ? or(gte(emergencyRiskAssessments.createdAt, since), inArray(emergencyRiskAssessments.queueEntryId, openIds))
          : gte(emergencyRiskAssessments.createdAt, since),
      ),
    )
    .orderBy(desc(emergencyRiskAssessments.createdAt))
    .limit(HISTORY_LISTED);
  const patientNames = new Map(rows.map((r) => [r.id, fullName(r)]));
  const closed = found.map((a) => a.queueEntryId).filter((id) => !patientNames.has(id));
  for (const [id, subject] of await queueEntrySubjects(tx, tenant.organizationId, closed)) patientNames.set(id, subject.name);
  const names = await userNames(
    tx,
    tenant.organizationId,
    found.map((a) => a.assessedBy),
  );
  // Every assessment has its entry (a foreign key); the guard keeps the type honest.
  return found.flatMap((a) => {
    const patientName = patientNames.get(a.queueEntryId);
    return patientName === undefined ? [] : [toAssessmentDto(a, patientName, names)];
  });
}

function toAssessmentDto(a: AssessmentRow, patientName: string, names: Map<string, string>): ErRiskAssessmentDto {
  return {
    id: a.id,
    patientId: a.patientId,
    queueEntryId: a.queueEntryId,
    patientName,
    assessmentType: a.assessmentType as RiskAssessmentType,
    riskScore: a.riskScore,
    riskLevel: a.riskLevel as ErRiskLevel,
    news2Score: a.news2Score,
    riskFactors: a.riskFactors,
    recommendations: a.recommendations,
    assessedBy: a.assessedBy ? (names.get(a.assessedBy) ?? 'Staff') : a.assessmentType === 'KIOSK' ? 'Kiosk' : 'System',
    timestamp: a.createdAt.toISOString(),
  };
}
