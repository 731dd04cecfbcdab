import { PAGE_MESSAGE_MAX, pageBody } from '@clinic/domain/contracts/paging';
import { ON_CALL_ROLES, type OnCallRole, type PagePriority } from '@clinic/domain/rules/paging';
import type { ZodFormSpec } from '../../../ui/zod-form';

/** What a page may start with: the patient, queue entry or alert it is about, and a message. */
export interface PagePrefill {
  patientId?: string | null;
  patientName?: string | null;
  queueEntryId?: string | null;
  alertId?: string | null;
  message?: string | null;
}

/** Whom a page goes to: a named member, or whoever is on call for a role now. */
export type PageTarget = 'member' | 'onCall';

/** What the compose form holds. */
export interface ComposeValues {
  target: PageTarget;
  recipientMemberId: string;
  onCallRole: OnCallRole;
  priority: PagePriority;
  message: string;
  callbackNumber: string;
}

export { PAGE_MESSAGE_MAX };

/** A new page: to the Doctor on call (the clinic's usual first call), urgent with a patient, else routine. */
export function emptyCompose(prefill: PagePrefill = {}): ComposeValues {
  return {
    target: 'onCall',
    recipientMemberId: '',
    onCallRole: ON_CALL_ROLES.includes('Doctor') ? 'Doctor' : ON_CALL_ROLES[0],
    priority: prefill.alertId ? 'urgent' : 'routine',
    message: prefill.message ?? '',
    callbackNumber: '',
  };
}

/** The form's values (and what it was opened for) as the contract's body. */
export function composeInput(values: ComposeValues, prefill: PagePrefill = {}) {
  return {
    ...(values.target === 'member' ? { recipientMemberId: values.recipientMemberId || undefined } : { onCall: { role: values.onCallRole } }),
    priority: values.priority,
    message: values.message,
    callbackNumber: values.callbackNumber,
    patientId: prefill.patientId ?? undefined,
    queueEntryId: prefill.queueEntryId ?? undefined,
    alertId: prefill.alertId ?? undefined,
  };
}

/**
 * The field an issue belongs to: `onCall.role` is the role's list; the patient, entry or alert
 * are not fields of the form, so their issues (and any other) are the form's.
 */
export function composeFieldOf(path: string): string | null {
  const first = path.split('.')[0];
  if (first === 'onCall') return 'onCallRole';
  if (first === 'recipientMemberId' || first === 'priority' || first === 'message' || first === 'callbackNumber') return first;
  return null;
}

/** The compose form's spec: the contract the server applies, on the form's values. */
export function composeFormSpec(prefill: PagePrefill): ZodFormSpec<ComposeValues, typeof pageBody> {
  return { schema: pageBody, toInput: (values) => composeInput(values, prefill), fieldOf: composeFieldOf };
}
