import { INTAKE_QUEUE_DEFAULTS, PEDIATRIC_AGE_MESSAGE, isPediatricBirthDate, localDate, type PediatricIntakeBody } from '@clinic/domain';
import { and, desc, eq } from 'drizzle-orm';
import { pediatricIntakes } from '../../db/schema/index.js';
import { newId } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import type { PublicOrTenantRouteContext, PublicRouteContext } from '../../platform/route/index.js';
import { createCheckInPatient, patientSummaries } from '../patients/index.js';
import { auditAlertIfRaised, createQueueEntry, type EntryScoringRecorder } from '../queue/index.js';
import { consumeIntakeToken, issueIntakeToken } from './intake-tokens.js';

/**
 * A submitted pediatric intake (`POST /api/patients/pediatric`): a new chart for the child through
 * the patients module (never an existing one: a likely duplicate is flagged there for staff to
 * merge), the whole intake record, and the token that authorises the enrol and queue calls of this
 * chart and of the trial the intake names. One transaction: nothing is written unless all of it is.
 */
export async function submitIntake(ctx: PublicRouteContext, body: PediatricIntakeBody) {
  const today = localDate(ctx.tenant.timeZone);
  if (!isPediatricBirthDate(body.dateOfBirth, today)) {
    throw new AppError('validation/invalid', PEDIATRIC_AGE_MESSAGE, [{ path: 'dateOfBirth', message: PEDIATRIC_AGE_MESSAGE }]);
  }
  if (body.trialId && body.consentStatus === 'pending') {
    const message = 'Please provide or decline consent for the clinical trial.';
    throw new AppError('validation/invalid', message, [{ path: 'consentStatus', message }]);
  }
  const g = body.guardian1;
  const { patientId } = await createCheckInPatient(
    ctx,
    {
      firstName: body.firstName,
      lastName: body.lastName,
      dateOfBirth: body.dateOfBirth,
      phoneNumber: body.primaryPhone,
      email: body.email,
      gender: body.gender,
      emergencyContact: `${g.firstName} ${g.lastName}`,
      emergencyPhone: g.phone,
      allergies: body.allergies,
      currentMedications: body.currentMedications,
      medicalHistory: body.chronicConditions,
    },
    'pediatric-intake',
  );
  const id = newId();
  await ctx.tx.insert(pediatricIntakes).values({
    organizationId: ctx.tenant.organizationId,
    id,
    clinicId: ctx.tenant.clinicId,
    patientId,
    trialId: body.trialId ?? null,
    consentStatus: body.consentStatus,
    screeningNumber: body.screeningNumber ?? null,
    record: body,
    createdBy: ctx.actor.userId,
  });
  await ctx.audit('intake.submitted', { type: 'pediatric_intake', id }, { patientId, trialId: body.trialId ?? null });
  const { token, expiresAt } = await issueIntakeToken(ctx, { id, patientId });
  return { patientId, intakeId: id, intakeToken: token, intakeTokenExpiresAt: expiresAt.toISOString() };
}

/**
 * Queues an intake's patient (`POST /api/patients/pediatric/{patientId}/queue`) in the intake's
 * clinic with the spec's defaults (pediatric-general, routine, 30 minutes), from the intake's
 * complaint, symptoms and pain, scored by the queue's risk rules. Anonymous callers need the
 * intake's token (`X-Intake-Token`), spent here; staff need the patients permission.
 */
export async function queueIntakePatient(
  ctx: PublicOrTenantRouteContext,
  patientId: string,
  token: string | undefined,
  recordScoring: EntryScoringRecorder,
) {
  const org = ctx.tenant.organizationId;
  const tokenIntake = ctx.signedIn ? null : await consumeIntakeToken(ctx, token, patientId, 'queue');
  const [intake] = await ctx.tx
    .select()
    .from(pediatricIntakes)
    .where(
      and(
        eq(pediatricIntakes.organizationId, org),
        eq(pediatricIntakes.patientId, patientId),
        ...(tokenIntake ? [eq(pediatricIntakes.id, tokenIntake.intakeId)] : []),
      ),
    )
    .orderBy(desc(pediatricIntakes.createdAt))
    .limit(1);
  if (!intake) throw new AppError('not-found', 'No intake record was found for this patient.');
  const [person] = await patientSummaries(ctx.tx, org, [patientId]);
  if (!person) throw new AppError('not-found', 'Patient not found');
  if (person.processingRestricted) {
    throw new AppError('conflict/processing-restricted', "This patient's record was erased, so the intake can't be queued.");
  }
  const record = intake.record as PediatricIntakeBody;
  const entry = await createQueueEntry(ctx.tx, {
    organizationId: org,
    clinicId: intake.clinicId,
    day: localDate(ctx.tenant.timeZone),
    patientId,
    source: 'intake',
    department: INTAKE_QUEUE_DEFAULTS.departmentId,
    requestedPriority: INTAKE_QUEUE_DEFAULTS.priority,
    estimatedTime: INTAKE_QUEUE_DEFAULTS.estimatedWaitTime,
    createdBy: ctx.actor.userId,
    patient: {
      firstName: record.firstName,
      lastName: record.lastName,
      dateOfBirth: record.dateOfBirth,
      age: undefined, // from the date of birth
      gender: record.gender,
      phoneNumber: record.primaryPhone,
      email: record.email,
      emergencyContact: `${record.guardian1.firstName} ${record.guardian1.lastName}`,
      emergencyPhone: record.guardian1.phone,
      chiefComplaint: record.chiefComplaint,
      symptoms: record.symptoms,
      medicalHistory: record.chronicConditions,
      allergies: record.allergies,
      currentMedications: record.currentMedications,
      painLevel: record.painLevel,
    },
  });
  await ctx.audit('queue.checked-in', { type: 'queue_entry', id: entry.id }, { via: 'pediatric-intake', patientId, intakeId: intake.id });
  await auditAlertIfRaised(ctx, recordScoring, entry, null, 'check-in');
  await ctx.emit('queue.updated', entry.id);
  return { queueId: entry.id, queueNumber: entry.queueNumber };
}
