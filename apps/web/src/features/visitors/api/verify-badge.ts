import type { BadgeStatus } from '@clinic/domain/rules/visitors';
import type { VisitorDto } from '@clinic/domain/contracts/visitors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { visitorKeys } from './keys';

/** A badge's verification: its status now and whose it is. */
export interface BadgeVerification {
  valid: boolean;
  status: BadgeStatus;
  visitor: VisitorDto;
}

/** Verifies a badge by number (`GET /api/visitors/badges/{badgeNumber}`). */
export function verifyBadgeQueryOptions(badgeNumber: string) {
  return queryOptions({
    queryKey: visitorKeys.badge(badgeNumber),
    queryFn: ({ signal }) => api<BadgeVerification>(`/api/visitors/badges/${encodeURIComponent(badgeNumber)}`, { signal }),
    retry: false,
  });
}

/** The verification of `badgeNumber`, once one is entered. */
export function useVerifyBadge(badgeNumber: string | null) {
  return useQuery({ ...verifyBadgeQueryOptions(badgeNumber ?? ''), enabled: badgeNumber !== null });
}
