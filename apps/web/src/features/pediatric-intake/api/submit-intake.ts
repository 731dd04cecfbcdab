import { enrollmentResponse } from '@clinic/domain/contracts/clinical-trials';
import { intakeQueueResponse, pediatricIntakeResponse, type PediatricIntakeInput } from '@clinic/domain/contracts/pediatric-intake';
import { INTAKE_QUEUE_DEFAULTS } from '@clinic/domain/rules/pediatric-intake';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../api/client';

/** Where a public intake is made: the URL's organization, and its clinic when named. */
export interface IntakeTenant {
  organizationId: string;
  clinicId?: string;
}

/** What a submitted intake answers: the patient, the intake record and the token of its enrol and queue calls. */
export type IntakeResult = z.output<typeof pediatricIntakeResponse>;

/** The three calls of one submission, each made once even when Submit is pressed again after a failure. */
export interface IntakeSubmission {
  body: PediatricIntakeInput;
  idempotencyKey: string;
  tenant: IntakeTenant;
  /** Enrol in this trial after the submit (consent provided). */
  enrollIn?: { trialId: string; screeningNumber?: string };
  /** The answers of the calls already made for this submission. */
  done: { intake?: IntakeResult; enrolled?: boolean; enrollmentError?: string | null; queue?: { queueId: string; queueNumber: number } };
}

/** The submission's outcome: the patient, the queue entry and, when refused, why the enrolment was not made. */
export interface IntakeOutcome {
  patientId: string;
  queueId: string;
  queueNumber: number;
  enrollmentError: string | null;
}

const tenantQuery = (tenant: IntakeTenant) => ({ organizationId: tenant.organizationId, clinicId: tenant.clinicId });

/**
 * Submits an intake as the spec's flow goes: `POST /api/patients/pediatric` (with an
 * Idempotency-Key), then with a trial and consent `POST /api/clinical-trials/{id}/enroll`, then
 * `POST /api/patients/pediatric/{id}/queue`, the last two authorised by the intake's token. A
 * refused enrolment is reported and the child is still queued. `sub.done` is filled in as calls
 * succeed, so a retry resumes where the last try stopped.
 */
export async function submitIntake(sub: IntakeSubmission): Promise<IntakeOutcome> {
  const query = tenantQuery(sub.tenant);
  sub.done.intake ??= await api('/api/patients/pediatric', {
    method: 'POST',
    body: sub.body,
    query,
    noTenant: true,
    headers: { 'Idempotency-Key': sub.idempotencyKey },
    reply: pediatricIntakeResponse,
  });
  const { patientId, intakeToken } = sub.done.intake;
  const headers = { 'X-Intake-Token': intakeToken };
  if (sub.enrollIn && !sub.done.enrolled) {
    try {
      await api(`/api/clinical-trials/${encodeURIComponent(sub.enrollIn.trialId)}/enroll`, {
        method: 'POST',
        body: { patientId, screeningNumber: sub.enrollIn.screeningNumber },
        query,
        noTenant: true,
        headers,
        reply: enrollmentResponse,
      });
      sub.done.enrollmentError = null;
    } catch (err) {
      // Not tried again: the refusal stands, and the child is still queued.
      sub.done.enrollmentError = (err as Error).message;
    }
    sub.done.enrolled = true;
  }
  if (!sub.done.queue) {
    const { queueId, queueNumber } = await api(`/api/patients/pediatric/${encodeURIComponent(patientId)}/queue`, {
      method: 'POST',
      body: INTAKE_QUEUE_DEFAULTS,
      query,
      noTenant: true,
      headers,
      reply: intakeQueueResponse,
    });
    sub.done.queue = { queueId, queueNumber };
  }
  return { patientId, ...sub.done.queue, enrollmentError: sub.done.enrollmentError ?? null };
}

/** The intake's submit mutation. */
export function useSubmitIntake() {
  return useMutation({ mutationFn: submitIntake });
}
