import { useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { tenantKey } from '../tenant';

/** The names of the organization and clinic a public screen is connected to, and the organization's language. */
export interface PublicClinic {
  organization: { id: string; name: string; language: 'en' | 'es' | 'fr' | 'de' };
  clinic: { id: string; name: string };
}

/** Query keys of the public clinic look-up. */
export const publicClinicKeys = {
  all: ['public-clinic'] as const,
  tenant: (tenant: { organizationId: string; clinicId: string }) => ['public-clinic', tenantKey(tenant)] as const,
};

/**
 * Looks up the organization and clinic a kiosk or waiting-room board names in its URL; an error
 * (404) means the screen is not connected to a known clinic.
 */
export function usePublicClinic(tenant: { organizationId: string; clinicId: string }) {
  return useQuery({
    queryKey: publicClinicKeys.tenant(tenant),
    queryFn: ({ signal }) => api<PublicClinic>('/api/public/clinic', { query: tenant, noTenant: true, signal }),
    staleTime: 5 * 60_000,
  });
}
