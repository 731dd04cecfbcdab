import type { PatientDto } from '@clinic/domain/contracts/patients';
import { describe, expect, it } from 'vitest';
import { fieldErrors, validateForm } from '../../../ui/zod-form';
import { PATIENT_FORM, emptyPatientForm, fieldOfPath, patientToForm, withPendingEntries } from './patient-form';
import { VISIT_FORM, emptyVisitForm } from './visit-form';

const validatePatientForm = (values: Parameters<typeof withPendingEntries>[0]) => validateForm(PATIENT_FORM, values);
const validateVisitForm = (values: ReturnType<typeof emptyVisitForm>) => validateForm(VISIT_FORM, values);

const filled = {
  ...emptyPatientForm(),
  firstName: 'Ada',
  lastName: 'Lovelace',
  dateOfBirth: '1985-12-10',
  gender: 'female' as const,
  phone: '(555) 201-3344',
  email: 'ada@example.org',
  street: '12 Analytical Way',
  city: 'Springfield',
  state: 'CA',
  zipCode: '90001',
  emergencyContactName: 'Charles Babbage',
  emergencyContactRelationship: 'Friend',
  emergencyContactPhone: '555-201-9988',
};

describe('patient form', () => {
  it('shows a message next to each required field of an empty form', () => {
    const r = validatePatientForm(emptyPatientForm());
    expect(r.errors).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      dateOfBirth: 'Date of birth is required',
      gender: 'Gender is required',
      phone: 'Phone number is required',
      email: 'Email is required',
      street: 'Street is required',
      city: 'City is required',
      state: 'State is required',
      zipCode: 'ZIP code is required',
      emergencyContactName: 'Emergency contact name is required',
      emergencyContactRelationship: 'Emergency contact relationship is required',
      emergencyContactPhone: 'Emergency contact phone is required',
    });
  });

  it('gives the contract body for a filled form, optional fields left out', () => {
    const r = validatePatientForm({ ...filled, allergies: ['Peanuts'] });
    expect(r.errors).toBeNull();
    expect(r.data).toMatchObject({ address: { street: '12 Analytical Way', country: 'USA' }, allergies: ['Peanuts'] });
    expect(r.data!.bloodType).toBeUndefined();
  });

  it('puts server issues on the flattened fields', () => {
    expect(
      fieldErrors(
        [
          { path: 'address.zipCode', message: 'Bad ZIP' },
          { path: 'phoneNumber', message: 'Bad phone' },
          { path: 'allergies.2', message: 'Too long' },
        ],
        fieldOfPath,
      ),
    ).toEqual({
      zipCode: 'Bad ZIP',
      phone: 'Bad phone',
      allergies: 'Too long',
    });
  });

  it('counts an entry typed but not yet added, once', () => {
    const pending = { allergies: ' Peanuts ', currentMedications: '', medicalHistory: 'Asthma' };
    const values = withPendingEntries({ ...filled, medicalHistory: ['Asthma'] }, pending);
    expect(values.allergies).toEqual(['Peanuts']);
    expect(values.medicalHistory).toEqual(['Asthma']);
  });

  it('round-trips a stored patient through the form', () => {
    const stored = {
      ...filled,
      address: { street: 'a', city: 'b', state: 'c', zipCode: '12345', country: 'Canada' },
      bloodType: null,
      insuranceProvider: null,
      insuranceNumber: null,
      allergies: ['x'],
      currentMedications: [],
      medicalHistory: ['y'],
    } as unknown as PatientDto;
    const form = patientToForm(stored);
    expect(form).toMatchObject({ street: 'a', country: 'Canada', bloodType: '', insuranceProvider: '', allergies: ['x'] });
  });
});

describe('visit form', () => {
  it('starts now, routine, low and completed, and needs a doctor', () => {
    const form = emptyVisitForm('', new Date(2025, 0, 2, 9, 5));
    expect(form).toMatchObject({ date: '2025-01-02T09:05', type: 'routine', priority: 'low', status: 'completed' });
    expect(validateVisitForm(form).errors).toEqual({ doctor: 'Doctor is required' });
  });

  it('sends the local time as an instant and the wait as a number', () => {
    const r = validateVisitForm({ ...emptyVisitForm('Dr. Diaz', new Date(2025, 0, 2, 9, 5)), waitTime: '15' });
    expect(r.data).toMatchObject({ date: new Date(2025, 0, 2, 9, 5).toISOString(), waitTime: 15 });
  });

  it('refuses a wait time that is not whole minutes', () => {
    expect(validateVisitForm({ ...emptyVisitForm('Dr. Diaz'), waitTime: 'soon' }).errors).toHaveProperty('waitTime');
    expect(validateVisitForm({ ...emptyVisitForm('Dr. Diaz'), waitTime: '-3' }).errors).toHaveProperty('waitTime');
  });
});
