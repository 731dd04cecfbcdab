import { OPEN_QUEUE_STATUSES, READMISSION_WINDOW_DAYS, computeErMetrics, isReadmission, startOfLocalDay, type ErMetricsDto } from '@clinic/domain';
import { and, eq, gte, inArray, lt, lte, or } from 'drizzle-orm';
import { organizationMembers, patientVisits, queueEntries } from '../../db/schema/index.js';
import { bedCount } from './board.service.js';
import { inClinic, type EmergencyReader } from './emergency-scope.js';

const DAY = 86_400_000;

/**
 * Today's metrics (the clinic-local day) of the request's clinic, from its queue entries, the
 * organization's doctors and the visit records. Satisfaction is the mean of the ratings captured
 * when care ended today ("No data", null, when nobody rated); visit outcomes are not recorded yet,
 * so mortality reads "No data" rather than a made-up figure.
 */
export async function emergencyMetrics(reader: EmergencyReader, now = new Date()): Promise<ErMetricsDto> {
  const { tx, tenant } = reader;
  const since = startOfLocalDay(tenant.timeZone, now);
  const entries = await tx
    .select({
      status: queueEntries.status,
      createdAt: queueEntries.createdAt,
      startedAt: queueEntries.startedAt,
      endedAt: queueEntries.endedAt,
      startedBy: queueEntries.startedBy,
      riskScore: queueEntries.riskScore,
      rating: queueEntries.rating,
    })
    .from(queueEntries)
    .where(
      and(
        eq(queueEntries.organizationId, tenant.organizationId),
        inClinic(queueEntries.clinicId, tenant.clinicId),
        or(
          inArray(queueEntries.status, [...OPEN_QUEUE_STATUSES]),
          gte(queueEntries.createdAt, since),
          gte(queueEntries.startedAt, since),
          gte(queueEntries.endedAt, since),
        ),
      ),
    );

  // Doctors: giving care now (an in-progress entry they started), and active today (signed in
  // today, or started care today, or giving care now).
  const doctors = await tx
    .select({ userId: organizationMembers.userId, lastActiveAt: organizationMembers.lastActiveAt })
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organizationId, tenant.organizationId),
        eq(organizationMembers.role, 'Doctor'),
        eq(organizationMembers.status, 'active'),
      ),
    );
  const doctorIds = new Set(doctors.map((d) => d.userId));
  const giving = new Set(entries.filter((e) => e.status === 'in-progress' && e.startedBy && doctorIds.has(e.startedBy)).map((e) => e.startedBy!));
  const active = new Set([
    ...doctors.filter((d) => d.lastActiveAt && d.lastActiveAt >= since).map((d) => d.userId),
    ...entries.filter((e) => e.startedBy && doctorIds.has(e.startedBy) && e.startedAt && e.startedAt >= since).map((e) => e.startedBy!),
    ...giving,
  ]);

  // Today's emergency visits, and each patient's discharges (completed visits) in the 30 days before.
  const visits = await tx
    .select({ patientId: patientVisits.patientId, visitedAt: patientVisits.visitedAt })
    .from(patientVisits)
    .where(
      and(
        eq(patientVisits.organizationId, tenant.organizationId),
        inClinic(patientVisits.clinicId, tenant.clinicId),
        eq(patientVisits.type, 'emergency'),
        gte(patientVisits.visitedAt, since),
        lte(patientVisits.visitedAt, now),
      ),
    );
  let readmissions = 0;
  if (visits.length) {
    const earlier = await tx
      .select({ patientId: patientVisits.patientId, visitedAt: patientVisits.visitedAt })
      .from(patientVisits)
      .where(
        and(
          eq(patientVisits.organizationId, tenant.organizationId),
          inArray(patientVisits.patientId, [...new Set(visits.map((v) => v.patientId))]),
          eq(patientVisits.status, 'completed'),
          gte(patientVisits.visitedAt, new Date(since.getTime() - READMISSION_WINDOW_DAYS * DAY)),
          lt(patientVisits.visitedAt, now),
        ),
      );
    for (const v of visits) {
      const discharges = earlier.filter((e) => e.patientId === v.patientId).map((e) => e.visitedAt);
      if (isReadmission(v.visitedAt, discharges)) readmissions += 1;
    }
  }

  return computeErMetrics({
    dayStart: since,
    now,
    entries,
    bedCount: await bedCount(reader),
    doctorsGivingCare: giving.size,
    doctorsActiveToday: active.size,
    satisfactionRatings: entries.flatMap((e) => (e.rating !== null && e.endedAt && e.endedAt >= since ? [e.rating] : [])),
    emergencyVisits: visits.length,
    readmissions,
    deaths: null,
  });
}
