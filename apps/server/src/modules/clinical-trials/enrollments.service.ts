import { DEFAULT_VISIT_PLAN, enrollmentRefusal, localDate, visitSchedule, type EnrollBody } from '@clinic/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { clinicalTrials, trialEnrollments, trialVisits, type TrialVisitRow } from '../../db/schema/index.js';
import { newId } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import type { PublicOrTenantRouteContext, TenantRouteContext, TenantTx } from '../../platform/route/index.js';
import { consumeIntakeToken } from '../pediatric-intake/index.js';
import { patientNames, patientSummaries } from '../patients/index.js';
import { toEnrollmentDto } from './clinical-trials.dto.js';
import { trialRow, type AnyRouteContext } from './trials.service.js';

/**
 * Enrols a patient (`POST /api/clinical-trials/{trialId}/enroll`): staff with the patients
 * permission, or an anonymous intake with its token (spent here, for that patient only). The trial
 * row is locked so simultaneous enrolments are judged one after the other against its target;
 * eligibility is `enrollmentRefusal` (recruiting, age range in the trial's unit, not enrolled,
 * target). The visit schedule is made from the default plan, and the trial's count goes up.
 */
export async function enrollPatient(ctx: PublicOrTenantRouteContext, trialId: string, body: EnrollBody, token: string | undefined) {
  const org = ctx.tenant.organizationId;
  if (!ctx.signedIn) await consumeIntakeToken(ctx, token, body.patientId, 'enroll', trialId);
  const trial = await trialRow(ctx.tx, org, trialId, true);
  const [patient] = await patientSummaries(ctx.tx, org, [body.patientId]);
  if (!patient) throw new AppError('not-found', 'Patient not found');
  const [existing] = await ctx.tx
    .select({ id: trialEnrollments.id })
    .from(trialEnrollments)
    .where(and(eq(trialEnrollments.organizationId, org), eq(trialEnrollments.trialId, trialId), eq(trialEnrollments.patientId, body.patientId)));
  const today = localDate(ctx.tenant.timeZone);
  const refusal = enrollmentRefusal(
    { ...trial, ageUnit: trial.ageUnit as 'months' | 'years' },
    { dateOfBirth: patient.dateOfBirth, alreadyEnrolled: Boolean(existing) },
    today,
  );
  if (refusal) throw new AppError(refusal.code, refusal.message);
  const id = newId();
  const [row] = await ctx.tx
    .insert(trialEnrollments)
    .values({
      organizationId: org,
      id,
      trialId,
      patientId: body.patientId,
      screeningNumber: body.screeningNumber ?? null,
      enrollmentDate: today,
      randomizationGroup: body.randomizationGroup ?? null,
      status: 'Active',
      enrolledBy: ctx.actor.userId,
    })
    .returning();
  const visits = await insertSchedule(ctx.tx, org, id, today);
  await ctx.tx
    .update(clinicalTrials)
    .set({ currentEnrollment: sql`${clinicalTrials.currentEnrollment} + 1`, updatedAt: new Date() })
    .where(and(eq(clinicalTrials.organizationId, org), eq(clinicalTrials.id, trialId)));
  await ctx.audit(
    'trial.enrolled',
    { type: 'trial_enrollment', id },
    { trialId, patientId: body.patientId, screeningNumber: body.screeningNumber ?? null, via: ctx.signedIn ? 'staff' : 'pediatric-intake' },
  );
  await ctx.emit('clinical-trials.updated', trialId);
  return toEnrollmentDto(row, patient.name, visits, today);
}

/** Writes an enrolment's visit schedule from the default plan. */
export async function insertSchedule(tx: TenantTx, organizationId: string, enrollmentId: string, enrollmentDate: string) {
  const schedule = visitSchedule(DEFAULT_VISIT_PLAN, enrollmentDate);
  return tx
    .insert(trialVisits)
    .values(schedule.map((v) => ({ organizationId, enrollmentId, ...v })))
    .returning();
}

/** A trial's enrolments with their schedules and compliance (`GET /api/clinical-trials/{id}/enrollments`). */
export async function listEnrollments(ctx: AnyRouteContext, trialId: string, audit = true) {
  const org = ctx.tenant.organizationId;
  await trialRow(ctx.tx, org, trialId);
  const rows = await ctx.tx
    .select()
    .from(trialEnrollments)
    .where(and(eq(trialEnrollments.organizationId, org), eq(trialEnrollments.trialId, trialId)))
    .orderBy(sql`${trialEnrollments.enrollmentDate} desc`, trialEnrollments.id);
  const visits = rows.length
    ? await ctx.tx
        .select()
        .from(trialVisits)
        .where(
          and(
            eq(trialVisits.organizationId, org),
            inArray(
              trialVisits.enrollmentId,
              rows.map((r) => r.id),
            ),
          ),
        )
    : [];
  const byEnrollment = new Map<string, TrialVisitRow[]>();
  for (const v of visits) byEnrollment.set(v.enrollmentId, [...(byEnrollment.get(v.enrollmentId) ?? []), v]);
  const names = await patientNames(
    ctx.tx,
    org,
    rows.map((r) => r.patientId),
  );
  const today = localDate(ctx.tenant.timeZone);
  if (audit) await ctx.audit('trial.enrollments-viewed', { type: 'clinical_trial', id: trialId }, { count: rows.length });
  return rows.map((r) => toEnrollmentDto(r, names.get(r.patientId) ?? 'Unknown patient', byEnrollment.get(r.id) ?? [], today));
}

async function enrollmentRow(ctx: TenantRouteContext, id: string) {
  const [row] = await ctx.tx
    .select()
    .from(trialEnrollments)
    .where(and(eq(trialEnrollments.organizationId, ctx.tenant.organizationId), eq(trialEnrollments.id, id)))
    .for('update');
  if (!row) throw new AppError('not-found', 'Enrollment not found');
  return row;
}

/** Withdraws an active enrolment with its reason; the trial's count goes down. */
export async function withdrawEnrollment(ctx: TenantRouteContext, id: string, reason: string) {
  const org = ctx.tenant.organizationId;
  const row = await enrollmentRow(ctx, id);
  if (row.status !== 'Active') throw new AppError('conflict/not-active', 'Only an active enrollment can be withdrawn.');
  await trialRow(ctx.tx, org, row.trialId, true);
  await ctx.tx
    .update(trialEnrollments)
    .set({ status: 'Withdrawn', withdrawalReason: reason, withdrawnAt: new Date() })
    .where(and(eq(trialEnrollments.organizationId, org), eq(trialEnrollments.id, id)));
  await ctx.tx
    .update(clinicalTrials)
    .set({ currentEnrollment: sql`greatest(${clinicalTrials.currentEnrollment} - 1, 0)`, updatedAt: new Date() })
    .where(and(eq(clinicalTrials.organizationId, org), eq(clinicalTrials.id, row.trialId)));
  await ctx.audit('trial.withdrawn', { type: 'trial_enrollment', id }, { trialId: row.trialId, patientId: row.patientId });
  await ctx.emit('clinical-trials.updated', row.trialId);
  return (await listEnrollments(ctx, row.trialId, false)).find((e) => e.id === id)!;
}

/** Records a visit of the schedule as done (on `completedDate`, default today); not before its enrolment nor in the future. */
export async function completeVisit(ctx: TenantRouteContext, id: string, visitNumber: number, completedDate: string | undefined) {
  const org = ctx.tenant.organizationId;
  const row = await enrollmentRow(ctx, id);
  const today = localDate(ctx.tenant.timeZone);
  const day = completedDate ?? today;
  if (day > today || day < row.enrollmentDate) {
    const message = 'The visit date must be between the enrollment date and today.';
    throw new AppError('validation/invalid', message, [{ path: 'completedDate', message }]);
  }
  const [visit] = await ctx.tx
    .update(trialVisits)
    .set({ completedDate: day, completedBy: ctx.actor.userId })
    .where(and(eq(trialVisits.organizationId, org), eq(trialVisits.enrollmentId, id), eq(trialVisits.visitNumber, visitNumber)))
    .returning();
  if (!visit) throw new AppError('not-found', 'Visit not found');
  await ctx.audit('trial.visit-completed', { type: 'trial_enrollment', id }, { trialId: row.trialId, visitNumber, completedDate: day });
  await ctx.emit('clinical-trials.updated', row.trialId);
  return (await listEnrollments(ctx, row.trialId, false)).find((e) => e.id === id)!;
}
