import type { ClinicDto, OrganizationDto } from '@clinic/domain/contracts/organizations';
import { api } from '../../../api/client';
import { tenantRequest } from '../../../api/tenant';

/** An organization answer of the API. */
export interface OrganizationAnswer {
  success: true;
  organization: OrganizationDto;
  message?: string;
}

/** `POST /api/organizations`: a test organization (marked, so it may be removed again), with its main clinic. */
export function createTestOrganization(name: string, description: string): Promise<OrganizationAnswer & { clinic: ClinicDto }> {
  return api('/api/organizations', {
    method: 'POST',
    body: { name, type: 'clinic', description, testOrganization: true },
    noTenant: true,
  });
}

/** `GET /api/organizations?organizationId=…` */
export function readOrganization(organizationId: string): Promise<OrganizationAnswer> {
  return api('/api/organizations', tenantRequest({ organizationId }));
}

/** `PUT /api/organizations?organizationId=…` with the fields to change. */
export function updateOrganization(organizationId: string, changes: { description: string }): Promise<OrganizationAnswer> {
  return api('/api/organizations', { method: 'PUT', body: changes, ...tenantRequest({ organizationId }) });
}

/** `DELETE /api/organizations?organizationId=…`: removes a test organization (its Owner only). */
export function removeTestOrganization(organizationId: string): Promise<{ success: true; organization: { id: string }; message: string }> {
  return api('/api/organizations', { method: 'DELETE', ...tenantRequest({ organizationId }) });
}

/** `POST /api/org/switch`: back to the organization and clinic the user had chosen before the test. */
export function switchBack(organizationId: string, clinicId?: string | null) {
  return api<{ success: true }>('/api/org/switch', {
    method: 'POST',
    body: { organizationId, ...(clinicId ? { clinicId } : {}) },
    noTenant: true,
  });
}
