import { clinicListResponse } from '@clinic/domain/contracts/organizations-replies';
import { kioskCaseResponse } from '@clinic/domain/contracts/kiosk';
import { patientListResponse, patientResponse } from '@clinic/domain/contracts/patients';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { newIdempotencyKey } from '../../../api/idempotency-key';
import { tenantKey, tenantRequest, type TenantRef } from '../../../api/tenant';
import { readWaitingRoom } from './patient-flow';

/** How many entries each list of the data segregation test shows (operations section 9). */
export const SEGREGATION_LIST_SIZE = 5;

/** Query keys of the data segregation test: each names the organization and clinic it read. */
export const segregationKeys = {
  clinics: (organizationId: string) => ['test-segregation', { organizationId, clinicId: '' }, 'clinics'] as const,
  patients: (t: TenantRef) => ['test-segregation', tenantKey(t), 'patients'] as const,
  queue: (t: TenantRef) => ['test-segregation', tenantKey(t), 'queue'] as const,
};

/** `GET /api/clinics/organization/{id}`: the clinics of one of the user's organizations (404 for any other). */
export function clinicsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: segregationKeys.clinics(organizationId),
    queryFn: ({ signal }) =>
      api(`/api/clinics/organization/${encodeURIComponent(organizationId)}`, { noTenant: true, signal, reply: clinicListResponse }).then(
        (r) => r.clinics,
      ),
    enabled: Boolean(organizationId),
    retry: false,
  });
}

/** `GET /api/triage/patients?limit=5` of the chosen organization and clinic: the first five and the total. */
export function patientsQueryOptions(tenant: TenantRef) {
  return queryOptions({
    queryKey: segregationKeys.patients(tenant),
    queryFn: ({ signal }) => {
      const request = tenantRequest(tenant);
      return api('/api/triage/patients', {
        ...request,
        query: { ...request.query, limit: SEGREGATION_LIST_SIZE, sort: 'createdAt' },
        signal,
        reply: patientListResponse,
      });
    },
    enabled: Boolean(tenant.organizationId),
    retry: false,
  });
}

/** `GET /api/triage/waiting-room` of the chosen organization and clinic. */
export function queueQueryOptions(tenant: TenantRef & { organizationId: string }) {
  return queryOptions({
    queryKey: segregationKeys.queue(tenant),
    queryFn: () => readWaitingRoom({ organizationId: tenant.organizationId, clinicId: tenant.clinicId ?? '' }),
    enabled: Boolean(tenant.organizationId),
    retry: false,
  });
}

/** A unique test patient's fields: every field the directory requires, clearly marked as a test. */
export function testPatientBody(now = new Date()) {
  const suffix = now.getTime().toString(36).toUpperCase();
  return {
    firstName: 'Test',
    lastName: `Patient ${suffix}`,
    dateOfBirth: '1990-01-01',
    gender: 'other',
    phoneNumber: '555-0100',
    email: `test.patient.${suffix.toLowerCase()}@example.org`,
    address: { street: '1 Test Street', city: 'Testville', state: 'CA', zipCode: '90001' },
    emergencyContactName: 'Test Contact',
    emergencyContactRelationship: 'Other',
    emergencyContactPhone: '555-0101',
    source: 'test-data-segregation',
  };
}

/** `POST /api/triage/patients` in the chosen organization and clinic. */
export function createTestPatient(tenant: { organizationId: string; clinicId: string }) {
  return api('/api/triage/patients', {
    method: 'POST',
    body: testPatientBody(),
    ...tenantRequest(tenant),
    reply: patientResponse,
  });
}

/** `POST /api/triage/case`: the spec's triage case, queued at the chosen clinic as a kiosk would. */
export function createTestTriageCase(tenant: { organizationId: string; clinicId: string }) {
  return api('/api/triage/case', {
    method: 'POST',
    body: {
      patientName: 'Test Patient',
      patientAge: 40,
      patientGender: 'other',
      chiefComplaint: 'Test triage case',
      symptoms: ['headache'],
      urgency: 'medium',
      notes: 'Created by the data segregation test',
      organizationId: tenant.organizationId,
      clinicId: tenant.clinicId,
      source: 'test-data-segregation',
    },
    noTenant: true,
    headers: { 'Idempotency-Key': newIdempotencyKey() },
    reply: kioskCaseResponse,
  });
}
