import { describe, expect, it } from 'vitest';
import { firstIncompleteStep, isIntakeStepValid, isPediatricBirthDate, splitCommaList, type IntakeStepFields } from './pediatric-intake.js';

const today = '2026-06-10';
const complete: IntakeStepFields = {
  firstName: 'Mia',
  lastName: 'Park',
  dateOfBirth: '2018-04-02',
  gender: 'female',
  primaryPhone: '555 0100',
  guardian1: { firstName: 'June', lastName: 'Park', relationship: 'parent', phone: '555 0101' },
  chiefComplaint: 'Wheezing',
  symptoms: ['wheezing'],
  insurance: { primary: 'Blue Shield' },
  consentStatus: 'provided',
};
const valid = (step: number, over: Partial<IntakeStepFields>, withTrial = false) =>
  isIntakeStepValid(step, { ...complete, ...over }, { withTrial, today });

describe('intake step rules', () => {
  it('accepts the complete form at every step', () => {
    for (let step = 1; step <= 6; step += 1) expect(valid(step, {}, true)).toBe(true);
    expect(firstIncompleteStep(complete, { withTrial: true, today })).toBeNull();
  });
  it('step 1 needs first and last name, a date of birth and a gender', () => {
    for (const field of ['firstName', 'lastName', 'dateOfBirth', 'gender'] as const) expect(valid(1, { [field]: '' })).toBe(false);
    expect(valid(1, { firstName: '   ' })).toBe(false);
    expect(valid(1, { gender: 'unknown' })).toBe(false);
  });
  it('step 2 needs the primary phone and the guardian first and last name, relationship and phone', () => {
    expect(valid(2, { primaryPhone: '' })).toBe(false);
    for (const field of ['firstName', 'lastName', 'relationship', 'phone'] as const) {
      expect(valid(2, { guardian1: { ...complete.guardian1, [field]: '' } })).toBe(false);
    }
    expect(valid(2, { guardian1: { ...complete.guardian1, relationship: 'neighbour' } })).toBe(false);
  });
  it('step 3 needs a chief complaint and at least one symptom', () => {
    expect(valid(3, { chiefComplaint: '' })).toBe(false);
    expect(valid(3, { symptoms: [] })).toBe(false);
    expect(valid(3, { symptoms: [' '] })).toBe(false);
  });
  it('steps 4 and 5 are always valid', () => {
    expect(isIntakeStepValid(4, {}, { withTrial: true, today })).toBe(true);
    expect(isIntakeStepValid(5, {}, { withTrial: true, today })).toBe(true);
  });
  it('step 6 needs the primary insurance and, with a trial, consent provided or declined', () => {
    expect(valid(6, { insurance: { primary: '' } })).toBe(false);
    expect(valid(6, { consentStatus: 'pending' }, true)).toBe(false);
    expect(valid(6, { consentStatus: 'declined' }, true)).toBe(true);
    expect(valid(6, { consentStatus: 'pending' }, false)).toBe(true);
  });
  it('names the first incomplete step', () => {
    expect(firstIncompleteStep({ ...complete, chiefComplaint: '' }, { withTrial: false, today })).toBe(3);
    expect(firstIncompleteStep({}, { withTrial: false, today })).toBe(1);
    expect(isIntakeStepValid(7, complete, { withTrial: false, today })).toBe(false);
  });
});

describe('isPediatricBirthDate', () => {
  it('accepts a child the day before the 18th birthday and refuses on it', () => {
    expect(isPediatricBirthDate('2008-06-11', today)).toBe(true);
    expect(isPediatricBirthDate('2008-06-10', today)).toBe(false);
  });
  it('accepts a birth today and refuses a future or invalid date', () => {
    expect(isPediatricBirthDate(today, today)).toBe(true);
    expect(isPediatricBirthDate('2026-06-11', today)).toBe(false);
    expect(isPediatricBirthDate('2020-02-30', today)).toBe(false);
    expect(isPediatricBirthDate(undefined, today)).toBe(false);
  });
});

describe('splitCommaList', () => {
  it('splits on commas, trims and drops empty entries', () => {
    expect(splitCommaList(' asthma, , eczema ,')).toEqual(['asthma', 'eczema']);
    expect(splitCommaList('')).toEqual([]);
    expect(splitCommaList(undefined)).toEqual([]);
  });
});
