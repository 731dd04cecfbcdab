import { READMISSION_WINDOW_DAYS, computeErMetrics, isReadmission, startOfLocalDay, type ErMetricsDto } from '@clinic/domain';
import { activeDoctors } from '../members/index.js';
import { completedVisitsOf, emergencyVisitsBetween } from '../patients/index.js';
import { queueEntriesActiveSince } from '../queue/index.js';
import { bedCount } from './board.service.js';
import type { EmergencyReader } from './emergency-scope.js';

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
  const entries = await queueEntriesActiveSince(tx, tenant.organizationId, tenant.clinicId, since);

  // Doctors: giving care now (an in-progress entry they started), and active today (signed in
  // today, or started care today, or giving care now).
  const doctors = await activeDoctors(tx, tenant.organizationId);
  const doctorIds = new Set(doctors.map((d) => d.userId));
  const giving = new Set(entries.filter((e) => e.status === 'in-progress' && e.startedBy && doctorIds.has(e.startedBy)).map((e) => e.startedBy!));
  const active = new Set([
    ...doctors.filter((d) => d.lastActiveAt && d.lastActiveAt >= since).map((d) => d.userId),
    ...entries.filter((e) => e.startedBy && doctorIds.has(e.startedBy) && e.startedAt && e.startedAt >= since).map((e) => e.startedBy!),
    ...giving,
  ]);

  // Today's emergency visits, and each patient's discharges (completed visits) in the 30 days before.
  const visits = await emergencyVisitsBetween(tx, tenant.organizationId, tenant.clinicId, since, now);
  let readmissions = 0;
  if (visits.length) {
    const earlier = await completedVisitsOf(
      tx,
      tenant.organizationId,
      visits.map((v) => v.patientId),
      new Date(since.getTime() - READMISSION_WINDOW_DAYS * DAY),
      now,
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
