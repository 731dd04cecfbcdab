import type { KioskCaseInput } from '@clinic/domain/contracts/kiosk';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** The kiosk call's answer. */
export interface KioskCaseResult {
  success: true;
  case: { id: string };
  queueNumber: number;
}

/**
 * Checks a patient in: `POST /api/triage/case`. The organization and clinic travel in the body and
 * the signed-in user's stored choice is left out, so a staff member's tenant never leaks in.
 */
export function submitKioskCase(body: KioskCaseInput): Promise<KioskCaseResult> {
  return api<KioskCaseResult>('/api/triage/case', { method: 'POST', body, noTenant: true });
}

/** The kiosk's check-in mutation. */
export function useSubmitKioskCase() {
  return useMutation({ mutationFn: submitKioskCase });
}
