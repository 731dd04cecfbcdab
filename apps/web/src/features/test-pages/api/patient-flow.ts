import { kioskCaseResponse, type KioskCaseInput } from '@clinic/domain/contracts/kiosk';
import { publicBoardResponse, waitingRoomResponse } from '@clinic/domain/contracts/queue';
import type { z } from 'zod';
import { api } from '../../../api/client';
import { newIdempotencyKey } from '../../../api/idempotency-key';
import { tenantRequest } from '../../../api/tenant';

/** The organization and clinic the patient flow test runs against. */
export interface FlowTenant {
  organizationId: string;
  clinicId: string;
}

/** The name the test submits and then looks for. */
export const TEST_PATIENT_NAME = 'Test Patient';

/**
 * The spec's kiosk submission (operations section 3): both spellings of name, age, gender and
 * urgency, the check-in time, status and source. The server keeps what a kiosk may set and
 * decides status, urgency and source itself.
 */
export function testKioskSubmission(tenant: FlowTenant, now = new Date()): KioskCaseInput & Record<string, unknown> {
  return {
    patientName: TEST_PATIENT_NAME,
    name: TEST_PATIENT_NAME,
    patientAge: 35,
    age: 35,
    patientGender: 'other',
    gender: 'other',
    symptoms: ['headache', 'mild fever'],
    urgency: 'medium',
    urgencyLevel: 'medium',
    notes: 'Submitted by the patient flow test',
    organizationId: tenant.organizationId,
    clinicId: tenant.clinicId,
    checkInTime: now.toISOString(),
    status: 'waiting',
    source: 'kiosk',
  };
}

/** The kiosk's answer. */
export type KioskAnswer = z.output<typeof kioskCaseResponse>;

/** `POST /api/triage/case/kiosk` as the kiosk sends it, with an `Idempotency-Key` of its own. */
export function submitTestCheckIn(tenant: FlowTenant): Promise<KioskAnswer> {
  return api('/api/triage/case/kiosk', {
    method: 'POST',
    body: testKioskSubmission(tenant),
    noTenant: true,
    headers: { 'Idempotency-Key': newIdempotencyKey() },
    reply: kioskCaseResponse,
  });
}

/** The de-identified board's answer. */
export type BoardAnswer = Pick<z.output<typeof publicBoardResponse>, 'success' | 'patients'>;

/** `GET /api/triage/cds-queue/public?organizationId=…&clinicId=…` */
export function readPublicQueue(tenant: FlowTenant): Promise<BoardAnswer> {
  return api('/api/triage/cds-queue/public', { query: { ...tenant }, noTenant: true, reply: publicBoardResponse });
}

/** The staff waiting room's answer. */
export type WaitingRoomAnswer = Pick<z.output<typeof waitingRoomResponse>, 'success' | 'patients'>;

/** `GET /api/triage/waiting-room` of the chosen organization and clinic (staff, by name). */
export function readWaitingRoom(tenant: FlowTenant): Promise<WaitingRoomAnswer> {
  return api('/api/triage/waiting-room', { ...tenantRequest(tenant), reply: waitingRoomResponse });
}
