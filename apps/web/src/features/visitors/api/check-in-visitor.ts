import { visitorCheckInResponse, type VisitorCheckInBody } from '@clinic/domain/contracts/visitors';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, ApiError } from '../../../api/client';

/** The check-in's answer: the visitor and their badge. */
export type VisitorCheckInResult = z.output<typeof visitorCheckInResponse>;

/** One check-in: the body, where the kiosk is, and the key every try of it carries. */
export interface VisitorCheckInSubmission {
  body: VisitorCheckInBody;
  tenant: { organizationId: string; clinicId: string };
  /** The `Idempotency-Key`: a retry after a lost answer gets the first answer, never a second visit. */
  idempotencyKey: string;
}

/** Tries of one submission after a network failure (its answer may have been lost), with the same key. */
const NETWORK_RETRIES = 2;

/**
 * Checks a visitor in at the kiosk: `POST /api/visitors/check-in` for the kiosk's organization and
 * clinic (in the query), never the signed-in user's stored choice.
 */
export function checkInVisitor({ body, tenant, idempotencyKey }: VisitorCheckInSubmission): Promise<VisitorCheckInResult> {
  return api('/api/visitors/check-in', {
    method: 'POST',
    body,
    noTenant: true,
    query: tenant,
    headers: { 'Idempotency-Key': idempotencyKey },
    reply: visitorCheckInResponse,
  });
}

/** The kiosk's check-in mutation; a network failure is tried again with the same key. */
export function useCheckInVisitor() {
  return useMutation({
    mutationFn: checkInVisitor,
    retry: (failures, error) => error instanceof ApiError && error.status === 0 && failures < NETWORK_RETRIES,
    retryDelay: (attempt) => 500 * 2 ** attempt,
  });
}
