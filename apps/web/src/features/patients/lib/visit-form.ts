import {
  VISIT_PRIORITIES,
  VISIT_STATUSES,
  VISIT_TYPES,
  visitBody,
  type VisitPriority,
  type VisitStatus,
  type VisitType,
} from '@clinic/domain/contracts/patients';
import type { ZodFormSpec } from '../../../ui/zod-form';

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

/** Labels of the visit choices, in the contract's order. */
export const VISIT_TYPE_LABELS: Record<VisitType, string> = {
  routine: 'Routine',
  urgent: 'Urgent',
  emergency: 'Emergency',
  'follow-up': 'Follow-up',
};
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
  return {
    date: localDateTime(now),
    type: 'routine',
    priority: 'low',
    doctor,
    waitTime: '',
    status: 'completed',
    symptoms: '',
    diagnosis: '',
    treatment: '',
    notes: '',
  };
}

/** A datetime-local value as an ISO instant (the browser's timezone), or the text unchanged when it is not one. */
function toInstant(local: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(local)) return local;
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? local : at.toISOString();
}

/** The visit form is checked with the contract the server applies: local time as an instant, the wait as a number. */
export const VISIT_FORM: ZodFormSpec<VisitFormValues, typeof visitBody> = {
  schema: visitBody,
  toInput: (values) => ({
    ...values,
    date: toInstant(values.date),
    waitTime: values.waitTime.trim() === '' ? undefined : Number(values.waitTime),
  }),
};
