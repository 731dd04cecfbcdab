import { VISIT_PRIORITIES, VISIT_STATUSES, VISIT_TYPES, visitBody, type VisitInput, type VisitPriority, type VisitStatus, type VisitType } from '@clinic/domain/contracts/patients';

/** What the visit form holds. `date` is the browser's local `YYYY-MM-DDTHH:mm`. */
export interface VisitFormValues {
  date: string;
  type: VisitType;
  priority: VisitPriority;
  doctor: string;
  waitTime: string;
  status: VisitStatus;
  symptoms: string;
  diagnosis: string;
  treatment: string;
  notes: string;
}

/** A visit form field. */
export type VisitFormField = keyof VisitFormValues;

/** Labels of the visit choices, in the contract's order. */
export const VISIT_TYPE_LABELS: Record<VisitType, string> = { routine: 'Routine', urgent: 'Urgent', emergency: 'Emergency', 'follow-up': 'Follow-up' };
export const VISIT_PRIORITY_LABELS: Record<VisitPriority, string> = { low: 'Low', medium: 'Medium', high: 'High', critical: 'Critical' };
export const VISIT_STATUS_LABELS: Record<VisitStatus, string> = {
  completed: 'Completed',
  'in-progress': 'In progress',
  scheduled: 'Scheduled',
  cancelled: 'Cancelled',
};
export const visitTypeOptions = VISIT_TYPES.map((v) => ({ value: v, label: VISIT_TYPE_LABELS[v] }));
export const visitPriorityOptions = VISIT_PRIORITIES.map((v) => ({ value: v, label: VISIT_PRIORITY_LABELS[v] }));
export const visitStatusOptions = VISIT_STATUSES.map((v) => ({ value: v, label: VISIT_STATUS_LABELS[v] }));

/** `now` as a datetime-local value. */
export function localDateTime(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T${pad(now.getHours())}:${pad(now.getMinutes())}`;
}

/** A new visit: now, routine, low, completed, by `doctor`. */
export function emptyVisitForm(doctor = '', now: Date = new Date()): VisitFormValues {
  return { date: localDateTime(now), type: 'routine', priority: 'low', doctor, waitTime: '', status: 'completed', symptoms: '', diagnosis: '', treatment: '', notes: '' };
}

/** A datetime-local value as an ISO instant (the browser's timezone), or the text unchanged when it is not one. */
function toInstant(local: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(local)) return local;
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? local : at.toISOString();
}

/** Validates the visit form with the contract: the body to send, or messages per field. */
export function validateVisitForm(values: VisitFormValues): { data: VisitInput; errors: null } | { data: null; errors: Partial<Record<VisitFormField, string>> } {
  const waitTime = values.waitTime.trim() === '' ? undefined : Number(values.waitTime);
  const result = visitBody.safeParse({ ...values, date: toInstant(values.date), waitTime });
  if (result.success) return { data: result.data, errors: null };
  const errors: Partial<Record<VisitFormField, string>> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]) as VisitFormField;
    if (!errors[field]) errors[field] = issue.message;
  }
  return { data: null, errors };
}
