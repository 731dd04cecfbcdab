import type { KioskCaseInput } from '@clinic/domain/contracts/kiosk';
import { EMERGENCY_KIOSK_SOURCE, EMERGENCY_PICK_COMPLAINTS, isCriticalPick, type EmergencyPick } from '@clinic/domain/rules/emergency-kiosk';

/** The emergency kiosk's few questions, as typed. */
export interface EmergencyKioskForm {
  name: string;
  /** Whole years, as typed. */
  age: string;
  /** YYYY-MM-DD from the date input. */
  dateOfBirth: string;
  phone: string;
}

export const EMPTY_EMERGENCY_FORM: EmergencyKioskForm = { name: '', age: '', dateOfBirth: '', phone: '' };

/** What is wrong with the answers before sending, if anything: a missing name (non-critical picks only) or an age that is no age. */
export function emergencyFormProblem(pick: EmergencyPick, form: EmergencyKioskForm): 'required' | 'invalidAge' | null {
  if (!isCriticalPick(pick) && form.name.trim() === '') return 'required';
  const age = form.age.trim();
  if (age !== '' && !(/^\d{1,3}$/.test(age) && Number(age) <= 130)) return 'invalidAge';
  return null;
}

const optional = (v: string) => (v.trim() === '' ? undefined : v.trim());

/** The check-in body: the patient kiosk's call with `source: 'emergency-kiosk'` and the quick pick as chief complaint. */
export function emergencyCaseBody(
  pick: EmergencyPick,
  form: EmergencyKioskForm,
  tenant: { organizationId: string; clinicId: string },
  startedAt: string | null,
): KioskCaseInput {
  return {
    source: EMERGENCY_KIOSK_SOURCE,
    quickPick: pick,
    chiefComplaint: EMERGENCY_PICK_COMPLAINTS[pick],
    name: optional(form.name),
    age: optional(form.age) === undefined ? undefined : Number(form.age.trim()),
    dateOfBirth: optional(form.dateOfBirth),
    phoneNumber: optional(form.phone),
    organizationId: tenant.organizationId,
    clinicId: tenant.clinicId,
    startedAt: startedAt ?? undefined,
  };
}

/** The form field an issue of the check-in body belongs to (`phoneNumber` is typed as `phone`); others belong to no field. */
export function emergencyField(path: string): keyof EmergencyKioskForm | null {
  const key = path.split('.')[0];
  if (key === 'phoneNumber') return 'phone';
  return key === 'name' || key === 'age' || key === 'dateOfBirth' ? key : null;
}
