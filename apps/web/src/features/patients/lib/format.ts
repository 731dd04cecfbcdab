import type { PatientGender, PatientStatus } from '@clinic/domain/contracts/patients';

/** Labels the patient screens share (their colours are `ui/StatusChip`'s). */
export const STATUS_LABELS: Record<PatientStatus, string> = { active: 'Active', inactive: 'Inactive', discharged: 'Discharged' };
export const GENDER_LABELS: Record<PatientGender, string> = { male: 'Male', female: 'Female', other: 'Other' };

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

/** A patient's display name. */
export const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;
