import type { PatientInput } from '@clinic/domain/contracts/patients';

/** A patient body with the phone under the spec's wire name, `phoneNumber`. */
export function toWireBody(input: PatientInput) {
  const { phone, ...rest } = input;
  return { ...rest, phoneNumber: phone };
}
