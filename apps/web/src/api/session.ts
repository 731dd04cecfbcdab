import type { OrganizationUserDto, UserDto } from '@clinic/domain/contracts/auth';
import type { ClinicDto, OrganizationDto } from '@clinic/domain/contracts/organizations';
import type { Feature } from '@clinic/domain/rules/plans';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, tenantStorage } from './client';

/** The authenticated context the server returns for the current session. */
export interface SessionContext {
  user: UserDto;
  organizationUser: OrganizationUserDto | null;
  organization: OrganizationDto | null;
  clinics: ClinicDto[];
  clinic: ClinicDto | null;
  features: Feature[];
  organizationCount?: number;
}

export const sessionQueryKey = ['session'] as const;

/** Reads the session; null when signed out. Keeps the stored organization and clinic in step. */
export async function fetchSession(): Promise<SessionContext | null> {
  try {
    const data = await api<SessionContext & { success: true }>('/api/auth/session', { noTenant: true });
    tenantStorage.set(data.organization?.id, data.clinic?.id);
    return data;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      tenantStorage.clear();
      return null;
    }
    throw err;
  }
}

/** The session, shared by guards, layouts and pages. */
export function useSession() {
  return useQuery({ queryKey: sessionQueryKey, queryFn: fetchSession, staleTime: 60_000, retry: false });
}

/** Re-reads the session and everything that depends on the organization. */
export function useRefreshSession() {
  const client = useQueryClient();
  return async () => {
    await client.resetQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
    await client.refetchQueries({ queryKey: sessionQueryKey });
  };
}
