import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { signUpBody } from './auth.js';
import { BIDI_CONTROL_CHARACTERS } from './common.js';
import { patientBody, visitBody } from './patients.js';
import { kioskCaseBody } from './kiosk.js';
import { assignClinicianBody, queueStatusUpdateBody } from './queue.js';

const patient = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  dateOfBirth: '1985-12-10',
  gender: 'female',
  phone: '(555) 201-3344',
  email: 'ada@example.org',
  address: { street: '12 Analytical Way', city: 'Springfield', state: 'CA', zipCode: '90001' },
  emergencyContactName: 'Charles Babbage',
  emergencyContactRelationship: 'Friend',
  emergencyContactPhone: '555-201-9988',
};
const kiosk = { firstName: 'Maria', lastName: 'Lopez', chiefComplaint: 'Headache' };

/** Every person-name field of the contracts: the schema, a valid body, and the field. */
const NAME_FIELDS: Array<[string, z.ZodType, Record<string, unknown>, string]> = [
  ['sign-up first name', signUpBody, { email: 'a@example.org', password: 'secret-pass' }, 'firstName'],
  ['sign-up last name', signUpBody, { email: 'a@example.org', password: 'secret-pass' }, 'lastName'],
  ['patient first name', patientBody, patient, 'firstName'],
  ['patient last name', patientBody, patient, 'lastName'],
  ['emergency contact name', patientBody, patient, 'emergencyContactName'],
  ["visit's doctor", visitBody, { date: '2024-03-01', doctor: 'Dr. Grey' }, 'doctor'],
  ['kiosk first name', kioskCaseBody, kiosk, 'firstName'],
  ['kiosk last name', kioskCaseBody, kiosk, 'lastName'],
  ['kiosk full name (patientName)', kioskCaseBody, { chiefComplaint: 'Headache' }, 'patientName'],
  ['kiosk full name (name)', kioskCaseBody, { chiefComplaint: 'Headache' }, 'name'],
  ['kiosk emergency contact', kioskCaseBody, kiosk, 'emergencyContact'],
  ['assigned clinician name', assignClinicianBody, {}, 'clinicianName'],
  ['queue status startedBy', queueStatusUpdateBody, { status: 'in-progress' }, 'startedBy'],
];

const CONTROLS = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];

describe('person names', () => {
  it('the refused characters are U+202A to U+202E and U+2066 to U+2069, and nothing next to them', () => {
    for (const c of CONTROLS) expect(BIDI_CONTROL_CHARACTERS.test(c), c.codePointAt(0)!.toString(16)).toBe(true);
    for (const c of ['\u2029', '\u202F', '\u2065', '\u206A', '\u200E', '\u200F']) expect(BIDI_CONTROL_CHARACTERS.test(c)).toBe(false);
  });

  describe.each(NAME_FIELDS)('%s', (_name, schema, body, field) => {
    it('accepts a plain name and names in right-to-left scripts', () => {
      for (const name of ['Jane Doe', 'نور الهدى', 'דוד כהן', "Seán O'Brien-Núñez"]) {
        expect(schema.safeParse({ ...body, [field]: name }).success, name).toBe(true);
      }
    });

    it.each(CONTROLS.map((c) => [`U+${c.codePointAt(0)!.toString(16).toUpperCase()}`, c]))(
      'refuses %s inside the name, naming the field',
      (_code, c) => {
        const result = schema.safeParse({ ...body, [field]: `Ev${c}il Name` });
        expect(result.success).toBe(false);
        expect(result.error!.issues.map((i) => i.path.join('.'))).toContain(field);
        expect(result.error!.issues.find((i) => i.path.join('.') === field)!.message).toMatch(/cannot contain text-direction control characters/);
      },
    );
  });
});
