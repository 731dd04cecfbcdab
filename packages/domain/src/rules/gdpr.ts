/**
 * Patients' rights: the 30 days the privacy pages promise for an answer to an access or
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
 * Days left until `dueDate` at `now`, a part of a day counting as a day: 30 when received, 1 in
 * the last 24 hours, 0 at the due time and through the first day late, -1 once a full day late
 * (a request received 31 days ago). Whether it is late is {@link isRightsRequestOverdue}.
 */
export function rightsRequestDaysLeft(dueDate: Date, now: Date = new Date()): number {
  const left = Math.ceil((dueDate.getTime() - now.getTime()) / DAY_MS);
  return left === 0 ? 0 : left; // never -0
}

/** A request still open after its due date is overdue; a closed one never is. */
export function isRightsRequestOverdue(dueDate: Date, open: boolean, now: Date = new Date()): boolean {
  return open && now.getTime() > dueDate.getTime();
}
