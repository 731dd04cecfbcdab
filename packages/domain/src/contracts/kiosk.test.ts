import { describe, expect, it } from 'vitest';
import { KIOSK_REQUIRED_MESSAGE, kioskCaseBody } from './kiosk.js';

const messages = (r: { success: boolean; error?: { issues: Array<{ message: string; path: PropertyKey[] }> } }) =>
  r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('kiosk case body', () => {
  const valid = { firstName: 'Jane', lastName: 'Doe', chiefComplaint: 'Sore throat' };

  it('accepts the three required fields and builds the patient name', () => {
    expect(kioskCaseBody.parse(valid)).toMatchObject({
      firstName: 'Jane',
      lastName: 'Doe',
      patientName: 'Jane Doe',
      chiefComplaint: 'Sore throat',
      symptoms: [],
      medicalHistory: [],
    });
  });

  it.each(['firstName', 'lastName', 'chiefComplaint'])('refuses a missing %s with the kiosk message', (field) => {
    const r = kioskCaseBody.safeParse({ ...valid, [field]: '  ' });
    expect(messages(r)).toEqual([`${field}: ${KIOSK_REQUIRED_MESSAGE}`]);
  });

  it('lists every missing required field', () => {
    expect(messages(kioskCaseBody.safeParse({}))).toEqual([
      `firstName: ${KIOSK_REQUIRED_MESSAGE}`,
      `lastName: ${KIOSK_REQUIRED_MESSAGE}`,
      `chiefComplaint: ${KIOSK_REQUIRED_MESSAGE}`,
    ]);
  });

  it("accepts the patient flow test's submission and drops the fields the server sets", () => {
    const r = kioskCaseBody.parse({
      patientName: 'Test Patient',
      name: 'Test Patient',
      patientAge: 30,
      age: 30,
      patientGender: 'Male',
      gender: 'Male',
      symptoms: ['headache', 'fever'],
      urgency: 'medium',
      urgencyLevel: 'medium',
      notes: 'flow test',
      clinicId: 'default-clinic',
      organizationId: 'default-clinic',
      checkInTime: '2025-03-01T10:00:00Z',
      status: 'waiting',
      source: 'kiosk',
    });
    expect(r).toMatchObject({
      firstName: 'Test',
      lastName: 'Patient',
      patientName: 'Test Patient',
      age: 30,
      gender: 'male',
      chiefComplaint: 'headache, fever',
      organizationId: 'default-clinic',
    });
    expect(r).not.toHaveProperty('status');
    expect(r).not.toHaveProperty('urgencyLevel');
    expect(r).not.toHaveProperty('source');
    expect(r).not.toHaveProperty('name');
  });

  it('a one-word full name has no last name', () => {
    expect(messages(kioskCaseBody.safeParse({ patientName: 'Cher', chiefComplaint: 'cough' }))).toEqual([`lastName: ${KIOSK_REQUIRED_MESSAGE}`]);
  });

  it('splits symptoms on commas, trims them and drops empty ones', () => {
    expect(kioskCaseBody.parse({ ...valid, symptoms: ' cough, ,fever ,' }).symptoms).toEqual(['cough', 'fever']);
  });

  it.each([
    ['painLevel', 0, true],
    ['painLevel', 10, true],
    ['painLevel', -1, false],
    ['painLevel', 11, false],
    ['painLevel', 5.5, false],
    ['age', 0, true],
    ['age', 130, true],
    ['age', 131, false],
    ['age', -1, false],
  ])('%s %d is accepted: %s', (field, value, ok) => {
    expect(kioskCaseBody.safeParse({ ...valid, [field]: value }).success).toBe(ok);
  });

  it('reads numbers typed into a form and treats blanks as absent', () => {
    expect(kioskCaseBody.parse({ ...valid, age: '34', painLevel: '7' })).toMatchObject({ age: 34, painLevel: 7 });
    const r = kioskCaseBody.parse({ ...valid, age: '', gender: '', dateOfBirth: '', email: '', painLevel: null });
    expect(r.age).toBeUndefined();
    expect(r.gender).toBeUndefined();
    expect(r.dateOfBirth).toBeUndefined();
    expect(r.email).toBeUndefined();
    expect(r.painLevel).toBeUndefined();
  });

  it('checks the date of birth, e-mail, gender and tenant ids', () => {
    expect(kioskCaseBody.safeParse({ ...valid, dateOfBirth: '1990-05-01' }).success).toBe(true);
    expect(kioskCaseBody.safeParse({ ...valid, dateOfBirth: '1990-02-30' }).success).toBe(false);
    expect(kioskCaseBody.safeParse({ ...valid, email: 'not-an-email' }).success).toBe(false);
    expect(kioskCaseBody.parse({ ...valid, gender: 'Female' }).gender).toBe('female');
    expect(kioskCaseBody.safeParse({ ...valid, gender: 'x' }).success).toBe(false);
    expect(kioskCaseBody.safeParse({ ...valid, organizationId: 'a b' }).success).toBe(false);
  });

  it.each([
    ['firstName', 100],
    ['lastName', 100],
    ['patientName', 200],
    ['chiefComplaint', 1000],
    ['notes', 5000],
    ['emergencyContact', 200],
    ['phoneNumber', 40],
    ['emergencyPhone', 40],
  ])('caps %s at %d characters', (field, max) => {
    expect(kioskCaseBody.safeParse({ ...valid, [field]: 'a'.repeat(max) }).success).toBe(true);
    expect(kioskCaseBody.safeParse({ ...valid, [field]: 'a'.repeat(max + 1) }).success).toBe(false);
  });

  it('caps list items at 200 characters and lists at 50 items', () => {
    const ok = (symptoms: unknown) => kioskCaseBody.safeParse({ ...valid, symptoms }).success;
    expect(ok(['a'.repeat(200)])).toBe(true);
    expect(ok(['a'.repeat(201)])).toBe(false);
    expect(ok(Array(50).fill('cough'))).toBe(true);
    expect(ok(Array(51).fill('cough'))).toBe(false);
    expect(ok(Array(51).fill('cough').join(','))).toBe(false);
  });
});
