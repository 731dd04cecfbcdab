import {
  currentOrganizationResponse,
  organizationCreatedResponse,
  organizationSwitchResponse,
  organizationUpdatedResponse,
  testOrganizationRemovedResponse,
} from '@clinic/domain/contracts/organizations-replies';
import type { z } from 'zod';
import { api } from '../../../api/client';
import { tenantRequest } from '../../../api/tenant';

/** An organization answer of the API (the organization is null only when the user has none). */
export type OrganizationAnswer = z.output<typeof currentOrganizationResponse> & { message?: string };

/** `POST /api/organizations`: a test organization (marked, so it may be removed again), with its main clinic. */
export function createTestOrganization(name: string, description: string): Promise<z.output<typeof organizationCreatedResponse>> {
  return api('/api/organizations', {
    method: 'POST',
    body: { name, type: 'clinic', description, testOrganization: true },
    noTenant: true,
    reply: organizationCreatedResponse,
  });
}

/** `GET /api/organizations?organizationId=…` */
export function readOrganization(organizationId: string): Promise<OrganizationAnswer> {
  return api('/api/organizations', { ...tenantRequest({ organizationId }), reply: currentOrganizationResponse });
}

/** `PUT /api/organizations?organizationId=…` with the fields to change. */
export function updateOrganization(organizationId: string, changes: { description: string }): Promise<OrganizationAnswer> {
  return api('/api/organizations', { method: 'PUT', body: changes, ...tenantRequest({ organizationId }), reply: organizationUpdatedResponse });
}

/** `DELETE /api/organizations?organizationId=…`: removes a test organization (its Owner only). */
export function removeTestOrganization(organizationId: string): Promise<z.output<typeof testOrganizationRemovedResponse>> {
  return api('/api/organizations', { method: 'DELETE', ...tenantRequest({ organizationId }), reply: testOrganizationRemovedResponse });
}

/** `POST /api/org/switch`: back to the organization and clinic the user had chosen before the test. */
export function switchBack(organizationId: string, clinicId?: string | null) {
  return api('/api/org/switch', {
    method: 'POST',
    body: { organizationId, ...(clinicId ? { clinicId } : {}) },
    noTenant: true,
    reply: organizationSwitchResponse,
  });
}
