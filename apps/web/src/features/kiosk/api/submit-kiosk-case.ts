import { kioskCaseResponse, type KioskCaseInput } from '@clinic/domain/contracts/kiosk';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, ApiError } from '../../../api/client';

/** The kiosk call's answer. */
export type KioskCaseResult = z.output<typeof kioskCaseResponse>;

/** One submission of the check-in form: its body and the key every try of it carries. */
export interface KioskSubmission {
  body: KioskCaseInput;
  /** The submission's `Idempotency-Key` (see `api/submission-key.ts`): a retry of it gets the first answer. */
  idempotencyKey: string;
}

/** Tries of one submission after a network failure (the answer may have been lost), with the same key. */
const NETWORK_RETRIES = 2;

/**
 * Checks a patient in: `POST /api/triage/case`. The organization and clinic travel in the body and
 * the signed-in user's stored choice is left out, so a staff member's tenant never leaks in.
 */
export function submitKioskCase({ body, idempotencyKey }: KioskSubmission): Promise<KioskCaseResult> {
  return api('/api/triage/case', {
    method: 'POST',
    body,
    noTenant: true,
    headers: { 'Idempotency-Key': idempotencyKey },
    reply: kioskCaseResponse,
  });
}

/**
 * The kiosk's check-in mutation. A network failure is tried again with the same submission, so the
 * same key: the server answers a check-in it already made with that check-in, never a second one.
 */
export function useSubmitKioskCase() {
  return useMutation({
    mutationFn: submitKioskCase,
    retry: (failures, error) => error instanceof ApiError && error.status === 0 && failures < NETWORK_RETRIES,
    retryDelay: (attempt) => 500 * 2 ** attempt,
  });
}
