import { type ClinicDto } from '@clinic/domain/contracts/organizations';
import { createClinicBody, updateClinicBody, type CreateClinicBody, type UpdateClinicBody } from '@clinic/domain/contracts/organization-bodies';
import type { z } from 'zod';
import type { FieldOf, ZodFormSpec } from '../../../ui/zod-form';
import { textsOf } from './form-texts';

/** The clinic form's values: the clinic's details, then its emergency settings. */
export interface ClinicFormValues {
  name: string;
  type: string;
  address: string;
  phone: string;
  email: string;
  status: string;
  level: string;
  facilityId: string;
  bedCount: number | '';
}

/** The form's values of a clinic, or of a new one. */
export function clinicToForm(clinic: ClinicDto | null): ClinicFormValues {
  return {
    ...textsOf(clinic, ['name', 'address', 'phone', 'email']),
    type: clinic?.type ?? 'general',
    status: clinic?.status ?? 'active',
    level: clinic?.emergency?.level ?? '',
    facilityId: clinic?.emergency?.facilityId ?? '',
    bedCount: clinic?.emergency?.bedCount ?? '',
  };
}

/**
 * How the form is checked: a new clinic by the create contract, a clinic by the update contract,
 * which carries its emergency settings only when `withEmergency` (Admin, on a plan with the
 * emergency room) and they changed; their issues go to their own fields.
 */
export function clinicFormSpec(
  clinic: ClinicDto | null,
  withEmergency: boolean,
): ZodFormSpec<ClinicFormValues, z.ZodType<CreateClinicBody | UpdateClinicBody>> {
  const before = clinicToForm(clinic);
  const fieldOf: FieldOf = (path) => (path.startsWith('emergency.') ? path.split('.')[1]! : path.split('.')[0] || null);
  const toInput = ({ level, facilityId, bedCount, ...details }: ClinicFormValues) => {
    const changed = level !== before.level || facilityId !== before.facilityId || bedCount !== before.bedCount;
    return {
      ...details,
      ...(withEmergency && changed
        ? { emergency: { level: level.trim() || null, facilityId: facilityId.trim() || null, bedCount: bedCount === '' ? null : bedCount } }
        : {}),
    };
  };
  return { schema: clinic ? updateClinicBody : createClinicBody, toInput, fieldOf };
}
