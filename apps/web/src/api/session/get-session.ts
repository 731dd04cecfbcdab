import type { OrganizationUserDto, UserDto } from '@clinic/domain/contracts/auth';
import type { ClinicDto, OrganizationDto } from '@clinic/domain/contracts/organizations';
import type { Feature } from '@clinic/domain/rules/plans';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api, tenantStorage } from '../client';
import { USER_SCOPE } from '../tenant';

/** The authenticated context the server returns for the current session. */
export interface SessionContext {
  user: UserDto;
  organizationUser: OrganizationUserDto | null;
  organization: OrganizationDto | null;
  clinics: ClinicDto[];
  clinic: ClinicDto | null;
  features: Feature[];
  organizationCount?: number;
  /** The member's second factor, and whether the organization makes them enrol before any staff screen. */
  security?: { mfaEnabled: boolean; mfaEnrolmentRequired: boolean };
}

/** The session's key: it belongs to the signed-in user, and decides the tenant of everything else. */
export const sessionQueryKey = ['session', USER_SCOPE] as const;

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

/** `GET /api/auth/session`, kept for a minute. */
export function getSessionQueryOptions() {
  return queryOptions({ queryKey: sessionQueryKey, queryFn: fetchSession, staleTime: 60_000, retry: false });
}

/** The session, shared by guards, layouts and pages. */
export function useSession() {
  return useQuery(getSessionQueryOptions());
}
