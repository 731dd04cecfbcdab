import { badgeVerificationResponse } from '@clinic/domain/contracts/visitors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../api/client';
import { visitorKeys } from './keys';

/** A badge's verification: its status now and whose it is. */
export type BadgeVerification = z.output<typeof badgeVerificationResponse>;

/** Verifies a badge by number (`GET /api/visitors/badges/{badgeNumber}`). */
export function verifyBadgeQueryOptions(badgeNumber: string) {
  return queryOptions({
    queryKey: visitorKeys.badge(badgeNumber),
    queryFn: ({ signal }) => api(`/api/visitors/badges/${encodeURIComponent(badgeNumber)}`, { signal, reply: badgeVerificationResponse }),
    retry: false,
  });
}

/** The verification of `badgeNumber`, once one is entered. */
export function useVerifyBadge(badgeNumber: string | null) {
  return useQuery({ ...verifyBadgeQueryOptions(badgeNumber ?? ''), enabled: badgeNumber !== null });
}
