import type { PatientGender, PatientStatus, VisitPriority } from '@clinic/domain/contracts/patients';

/** Labels and colours the patient screens share. */
export const STATUS_LABELS: Record<PatientStatus, string> = { active: 'Active', inactive: 'Inactive', discharged: 'Discharged' };
export const STATUS_COLORS: Record<PatientStatus, string> = { active: 'green', inactive: 'gray', discharged: 'blue' };
export const GENDER_LABELS: Record<PatientGender, string> = { male: 'Male', female: 'Female', other: 'Other' };
export const PRIORITY_COLORS: Record<VisitPriority, string> = { low: 'gray', medium: 'yellow', high: 'orange', critical: 'red' };

/** A calendar date (`YYYY-MM-DD`) as the user's locale writes it, without moving it across timezones. */
export function formatDate(isoDate: string | null | undefined): string {
  if (!isoDate) return '';
  const [y, m, d] = isoDate.slice(0, 10).split('-').map(Number);
  if (!y || !m || !d) return isoDate;
  return new Date(y, m - 1, d).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** An instant as a local date. */
export function formatDay(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : at.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** An instant as a local date and time. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : at.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A patient's display name. */
export const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;
