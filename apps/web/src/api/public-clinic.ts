import { useQuery } from '@tanstack/react-query';
import { api } from './client';

/** The names of the organization and clinic a public screen is connected to. */
export interface PublicClinic {
  organization: { id: string; name: string };
  clinic: { id: string; name: string };
}

/**
 * Looks up the organization and clinic a kiosk or waiting-room board names in its URL; an error
 * (404) means the screen is not connected to a known clinic.
 */
export function usePublicClinic(tenant: { organizationId: string; clinicId: string }) {
  return useQuery({
    queryKey: ['public-clinic', tenant.organizationId, tenant.clinicId],
    queryFn: () => api<PublicClinic>('/api/public/clinic', { query: tenant, noTenant: true }),
    staleTime: 5 * 60_000,
  });
}
