import { describe, expect, it } from 'vitest';
import { PATIENT_DETAIL_FIELDS, withNestedAddress } from './patient-address.js';

describe('patient address', () => {
  it('withNestedAddress moves the address parts into address and keeps every other field', () => {
    const flat = {
      firstName: 'Ada',
      street: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
      country: 'USA',
      allergies: ['Latex'],
    };
    expect(withNestedAddress(flat)).toEqual({
      firstName: 'Ada',
      allergies: ['Latex'],
      address: { street: '1 Main St', city: 'Springfield', state: 'IL', zipCode: '62701', country: 'USA' },
    });
  });

  it('the identifying details list the names first and the address parts last, in writing order', () => {
    expect(PATIENT_DETAIL_FIELDS.slice(0, 2)).toEqual(['firstName', 'lastName']);
    expect(PATIENT_DETAIL_FIELDS.slice(-5)).toEqual(['street', 'city', 'state', 'zipCode', 'country']);
  });
});
