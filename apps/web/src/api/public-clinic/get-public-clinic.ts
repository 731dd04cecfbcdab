import { publicClinicResponse } from '@clinic/domain/contracts/kiosk';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../client';
import { tenantKey } from '../tenant';

/** The names of the organization and clinic a public screen is connected to, and the organization's language. */
export type PublicClinic = Omit<z.output<typeof publicClinicResponse>, 'success'>;

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
    queryFn: ({ signal }) =>
      api('/api/public/clinic', { query: tenant, noTenant: true, signal, reply: publicClinicResponse }).then(
        ({ organization, clinic }): PublicClinic => ({ organization, clinic }),
      ),
    staleTime: 5 * 60_000,
  });
}
