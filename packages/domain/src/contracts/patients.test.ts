import { describe, expect, it } from 'vitest';
import {
  BLOOD_TYPES,
  dateOfBirthProblem,
  isPhoneNumber,
  latestDateOfBirth,
  patientBody,
  patientListQuery,
  visitBody,
  visitDateProblem,
} from './patients.js';

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  dateOfBirth: '1985-12-10',
  gender: 'female',
  phone: '(555) 201-3344',
  email: 'Ada@Example.org',
  address: { street: '12 Analytical Way', city: 'Springfield', state: 'CA', zipCode: '90001' },
  emergencyContactName: 'Charles Babbage',
  emergencyContactRelationship: 'Friend',
  emergencyContactPhone: '555-201-9988',
};

function issues(value: unknown): Record<string, string> {
  const r = patientBody.safeParse(value);
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('patient body', () => {
  it('accepts the required fields alone, with the country defaulting to USA and empty lists', () => {
    const r = patientBody.parse(valid);
    expect(r.address.country).toBe('USA');
    expect(r.email).toBe('ada@example.org');
    expect(r).toMatchObject({ allergies: [], currentMedications: [], medicalHistory: [] });
    expect(r.bloodType).toBeUndefined();
    expect(r.insuranceProvider).toBeUndefined();
  });

  it('names every required field that is missing', () => {
    expect(issues({})).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      dateOfBirth: 'Date of birth is required',
      gender: 'Gender is required',
      phone: 'Phone number is required',
      email: 'Email is required',
      address: 'Address is required',
      emergencyContactName: 'Emergency contact name is required',
      emergencyContactRelationship: 'Emergency contact relationship is required',
      emergencyContactPhone: 'Emergency contact phone is required',
    });
  });

  it('treats blank text in a required field as missing, including each address part', () => {
    const r = issues({ ...valid, firstName: '   ', address: { street: ' ', city: '', state: '', zipCode: '' } });
    expect(r).toEqual({
      firstName: 'First name is required',
      'address.street': 'Street is required',
      'address.city': 'City is required',
      'address.state': 'State is required',
      'address.zipCode': 'ZIP code is required',
    });
  });

  it('trims text fields', () => {
    const r = patientBody.parse({ ...valid, firstName: '  Ada ', insuranceProvider: '  Acme Health  ' });
    expect(r.firstName).toBe('Ada');
    expect(r.insuranceProvider).toBe('Acme Health');
  });

  it('accepts the phone as phoneNumber, the name the spec screens send', () => {
    const { phone: _p, ...rest } = valid;
    expect(patientBody.parse({ ...rest, phoneNumber: '+1 555 201 3344' }).phone).toBe('+1 555 201 3344');
  });

  it('accepts only the three genders', () => {
    for (const g of ['male', 'female', 'other']) expect(issues({ ...valid, gender: g })).toEqual({});
    expect(issues({ ...valid, gender: 'unknown' })).toEqual({ gender: 'Gender must be one of male, female, other' });
  });

  it('accepts the eight blood types, and none', () => {
    for (const b of BLOOD_TYPES) expect(issues({ ...valid, bloodType: b })).toEqual({});
    expect(patientBody.parse({ ...valid, bloodType: '' }).bloodType).toBeUndefined();
    expect(patientBody.parse({ ...valid, bloodType: null }).bloodType).toBeUndefined();
    expect(Object.keys(issues({ ...valid, bloodType: 'C+' }))).toEqual(['bloodType']);
    expect(Object.keys(issues({ ...valid, bloodType: 'a+' }))).toEqual(['bloodType']);
  });

  it('trims list entries and drops the empty ones', () => {
    const r = patientBody.parse({
      ...valid,
      allergies: [' Penicillin ', '', '   ', 'Peanuts'],
      currentMedications: ['  '],
      medicalHistory: null,
    });
    expect(r.allergies).toEqual(['Penicillin', 'Peanuts']);
    expect(r.currentMedications).toEqual([]);
    expect(r.medicalHistory).toEqual([]);
  });

  it('caps list entries in length and in number', () => {
    expect(Object.keys(issues({ ...valid, allergies: ['x'.repeat(201)] }))).toEqual(['allergies.0']);
    expect(Object.keys(issues({ ...valid, allergies: Array(51).fill('x') }))).toEqual(['allergies']);
    expect(Object.keys(issues({ ...valid, allergies: 'Peanuts' }))).toEqual(['allergies']);
  });

  it('caps every free text', () => {
    const long = (n: number) => 'a'.repeat(n);
    expect(Object.keys(issues({ ...valid, firstName: long(101), lastName: long(101) }))).toEqual(['firstName', 'lastName']);
    expect(Object.keys(issues({ ...valid, emergencyContactName: long(201), emergencyContactRelationship: long(101) }))).toEqual([
      'emergencyContactName',
      'emergencyContactRelationship',
    ]);
    expect(Object.keys(issues({ ...valid, insuranceProvider: long(201), insuranceNumber: long(101) }))).toEqual([
      'insuranceProvider',
      'insuranceNumber',
    ]);
    expect(Object.keys(issues({ ...valid, address: { ...valid.address, street: long(201), city: long(101), country: long(101) } }))).toEqual([
      'address.street',
      'address.city',
      'address.country',
    ]);
    expect(Object.keys(issues({ ...valid, email: `${long(250)}@x.org` }))).toEqual(['email']);
  });

  it('refuses a date of birth that is malformed, not a real day, before 1900 or in the future', () => {
    expect(issues({ ...valid, dateOfBirth: '10/12/1985' })).toEqual({ dateOfBirth: 'Enter a valid date of birth (YYYY-MM-DD)' });
    expect(issues({ ...valid, dateOfBirth: '1985-02-30' })).toEqual({ dateOfBirth: 'Enter a valid date of birth (YYYY-MM-DD)' });
    expect(issues({ ...valid, dateOfBirth: '1899-12-31' })).toEqual({ dateOfBirth: 'Date of birth must be in 1900 or later' });
    expect(issues({ ...valid, dateOfBirth: '2999-01-01' })).toEqual({ dateOfBirth: 'Date of birth cannot be in the future' });
  });

  it('accepts a birth today anywhere on Earth but not the day after', () => {
    const now = new Date('2025-06-01T12:00:00Z');
    expect(latestDateOfBirth(now)).toBe('2025-06-02');
    expect(dateOfBirthProblem('2025-06-02', now)).toBeNull();
    expect(dateOfBirthProblem('2025-06-03', now)).toBe('Date of birth cannot be in the future');
  });

  it('checks the shape of the e-mail and lower-cases it', () => {
    expect(issues({ ...valid, email: 'not-an-email' })).toEqual({ email: 'Enter a valid email address' });
    expect(issues({ ...valid, email: 'a@b' })).toEqual({ email: 'Enter a valid email address' });
  });

  it('checks the shape of both phone numbers', () => {
    expect(isPhoneNumber('(555) 201-3344')).toBe(true);
    expect(isPhoneNumber('+44 20 7946 0958')).toBe(true);
    expect(isPhoneNumber('555.201.3344')).toBe(true);
    expect(isPhoneNumber('555-12')).toBe(false);
    expect(isPhoneNumber('call me')).toBe(false);
    expect(isPhoneNumber('1234567890123456')).toBe(false);
    expect(issues({ ...valid, phone: 'abc', emergencyContactPhone: '12' })).toEqual({
      phone: 'Enter a valid phone number',
      emergencyContactPhone: 'Enter a valid emergency contact phone',
    });
  });

  it('checks the shape of the ZIP code', () => {
    expect(issues({ ...valid, address: { ...valid.address, zipCode: '90001-1234' } })).toEqual({});
    expect(issues({ ...valid, address: { ...valid.address, zipCode: 'SW1A 1AA' } })).toEqual({});
    expect(issues({ ...valid, address: { ...valid.address, zipCode: '9<0>' } })).toEqual({ 'address.zipCode': 'Enter a valid ZIP code' });
  });

  it('ignores the fields the server owns', () => {
    const r = patientBody.parse({ ...valid, id: 'x', status: 'discharged', createdAt: 'yesterday', organizationId: 'other' }) as Record<
      string,
      unknown
    >;
    expect(r.id).toBeUndefined();
    expect(r.status).toBeUndefined();
    expect(r.organizationId).toBeUndefined();
  });
});

describe('patient list query', () => {
  it('defaults to all statuses, by name, 50 a page', () => {
    expect(patientListQuery.parse({})).toEqual({ status: 'all', sort: 'name', limit: 50, offset: 0 });
  });

  it('allows only the listed sorts, statuses and directions', () => {
    expect(patientListQuery.safeParse({ sort: 'name;DROP TABLE patients' }).success).toBe(false);
    expect(patientListQuery.safeParse({ sort: 'lastName' }).success).toBe(false);
    expect(patientListQuery.safeParse({ status: 'archived' }).success).toBe(false);
    expect(patientListQuery.safeParse({ direction: 'sideways' }).success).toBe(false);
    expect(patientListQuery.parse({ sort: 'createdAt', direction: 'asc', status: 'discharged' })).toMatchObject({
      sort: 'createdAt',
      direction: 'asc',
      status: 'discharged',
    });
  });

  it('caps the page size and the search length, and drops an empty search', () => {
    expect(patientListQuery.safeParse({ limit: '201' }).success).toBe(false);
    expect(patientListQuery.safeParse({ limit: '0' }).success).toBe(false);
    expect(patientListQuery.safeParse({ offset: '-1' }).success).toBe(false);
    expect(patientListQuery.safeParse({ search: 'x'.repeat(101) }).success).toBe(false);
    expect(patientListQuery.parse({ search: '   ' }).search).toBeUndefined();
  });
});

describe('visit body', () => {
  const visit = { date: '2025-01-15T09:30:00Z', doctor: 'Dr. Sarah Chen' };

  it('fills type, priority and status with routine, low and completed', () => {
    expect(visitBody.parse(visit)).toMatchObject({ type: 'routine', priority: 'low', status: 'completed', date: '2025-01-15T09:30:00.000Z' });
  });

  it('requires a date and a doctor', () => {
    const r = visitBody.safeParse({});
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['date', 'doctor']);
  });

  it('accepts only the listed types, priorities and statuses', () => {
    expect(visitBody.safeParse({ ...visit, type: 'follow-up', priority: 'critical', status: 'in-progress' }).success).toBe(true);
    expect(visitBody.safeParse({ ...visit, type: 'walk-in' }).success).toBe(false);
    expect(visitBody.safeParse({ ...visit, priority: 'urgent' }).success).toBe(false);
    expect(visitBody.safeParse({ ...visit, status: 'done' }).success).toBe(false);
  });

  it('needs a whole, non-negative wait time within a week', () => {
    expect(visitBody.parse({ ...visit, waitTime: 0 }).waitTime).toBe(0);
    expect(visitBody.parse({ ...visit, waitTime: '' }).waitTime).toBeUndefined();
    expect(visitBody.safeParse({ ...visit, waitTime: -1 }).success).toBe(false);
    expect(visitBody.safeParse({ ...visit, waitTime: 1.5 }).success).toBe(false);
    expect(visitBody.safeParse({ ...visit, waitTime: 10081 }).success).toBe(false);
    expect(visitBody.safeParse({ ...visit, waitTime: '15' }).success).toBe(false);
  });

  it('needs a time to carry its offset, and a date no later than a year ahead', () => {
    const now = new Date('2025-01-01T00:00:00Z');
    expect(visitDateProblem('2025-01-15', now)).toBeNull();
    expect(visitDateProblem('2025-01-15T09:30', now)).toBe('Enter a valid visit date');
    expect(visitDateProblem('2025-02-30T09:30:00Z', now)).toBe('Enter a valid visit date');
    expect(visitDateProblem('2027-01-15T09:30:00Z', now)).toBe('Visit date must be within the next year');
  });

  it('refuses a visit before 2000 by its instant, and a year 0 as no date at all', () => {
    const now = new Date('2025-01-01T00:00:00Z');
    expect(visitDateProblem('2000-01-01', now)).toBeNull();
    expect(visitDateProblem('1999-12-31', now)).toBe('Visit date must be in 2000 or later');
    expect(visitDateProblem('2000-01-01T00:30:00+01:00', now)).toBe('Visit date must be in 2000 or later');
    expect(visitDateProblem('0000-01-01', now)).toBe('Enter a valid visit date');
  });

  it('caps the free texts', () => {
    expect(visitBody.safeParse({ ...visit, doctor: 'x'.repeat(201) }).success).toBe(false);
    expect(visitBody.safeParse({ ...visit, symptoms: 'x'.repeat(2001) }).success).toBe(false);
    expect(visitBody.safeParse({ ...visit, notes: 'x'.repeat(5001) }).success).toBe(false);
    expect(visitBody.parse({ ...visit, notes: '  ' }).notes).toBeUndefined();
  });
});
