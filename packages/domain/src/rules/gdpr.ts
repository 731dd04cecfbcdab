/**
 * Patients' rights (issue 17): the 30 days the privacy pages promise for an answer to an access or
 * disclosure request (operations-and-public, "Disclosure requests answered within 30 days"), and
 * the 7 years medical records are kept ("Medical records and audit logs are kept at least 7 years").
 */

/** Days within which a patient's rights request is answered. */
export const RIGHTS_REQUEST_RESPONSE_DAYS = 30;
/** Years medical records are kept: an erasure inside them restricts and pseudonymises instead of deleting. */
export const MEDICAL_RECORD_RETENTION_YEARS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a request received at `receivedAt` must be answered: 30 days (of 24 hours) later. */
export function rightsRequestDueDate(receivedAt: Date): Date {
  return new Date(receivedAt.getTime() + RIGHTS_REQUEST_RESPONSE_DAYS * DAY_MS);
}

/**
 * Whole days left until `dueDate` at `now`: 0 on the due day's last 24 hours, negative once it has
 * passed (-1 during the first day late).
 */
export function rightsRequestDaysLeft(dueDate: Date, now: Date = new Date()): number {
  const left = dueDate.getTime() - now.getTime();
  return left >= 0 ? Math.floor(left / DAY_MS) : -Math.ceil(-left / DAY_MS);
}

/** A request still open after its due date is overdue; a closed one never is. */
export function isRightsRequestOverdue(dueDate: Date, open: boolean, now: Date = new Date()): boolean {
  return open && now.getTime() > dueDate.getTime();
}
