import type { PatientGender, PatientStatus } from '@clinic/domain/contracts/patients';
import { formatDay } from '../../../ui/date-format';

/** Labels the patient screens share (their colours are `ui/StatusChip`'s). */
export const STATUS_LABELS: Record<PatientStatus, string> = { active: 'Active', inactive: 'Inactive', discharged: 'Discharged' };
export const GENDER_LABELS: Record<PatientGender, string> = { male: 'Male', female: 'Female', other: 'Other' };

/** The calendar day of a date or of an instant's UTC date (`YYYY-MM-DD…`), without moving it across timezones. */
export const formatDate = (isoDate: string | null | undefined): string => formatDay(isoDate?.slice(0, 10));

/** A patient's display name. */
export const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;
