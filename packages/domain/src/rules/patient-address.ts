/**
 * A patient's identifying details with the address in parts: the order forms show them in (a FHIR
 * sync reads the same fields), and the step from the flat values of a form to the contract's
 * nested `address`.
 */

/** The parts of a patient's address, in the order they are written. */
export const ADDRESS_PARTS = ['street', 'city', 'state', 'zipCode', 'country'] as const;
/** One part of an address. */
export type AddressPart = (typeof ADDRESS_PARTS)[number];

/** A patient's identifying details, the address flattened, in the order forms show them. */
export const PATIENT_DETAIL_FIELDS = ['firstName', 'lastName', 'dateOfBirth', 'gender', 'phone', 'email', ...ADDRESS_PARTS] as const;
/** One identifying detail. */
export type PatientDetailField = (typeof PATIENT_DETAIL_FIELDS)[number];

/**
 * Flat values in the contract's shape: the address parts moved into `address`, every other
 * field kept as it is.
 */
export function withNestedAddress<T extends Record<AddressPart, unknown>>(values: T): Omit<T, AddressPart> & { address: Pick<T, AddressPart> } {
  const rest = Object.fromEntries(Object.entries(values).filter(([key]) => !(ADDRESS_PARTS as readonly string[]).includes(key))) as Omit<
    T,
    AddressPart
  >;
  const address = Object.fromEntries(ADDRESS_PARTS.map((part) => [part, values[part]])) as Pick<T, AddressPart>;
  return { ...rest, address };
}
