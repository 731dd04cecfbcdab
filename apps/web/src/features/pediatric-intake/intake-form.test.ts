import { pediatricIntakeBody } from '@clinic/domain/contracts/pediatric-intake';
import { firstIncompleteStep } from '@clinic/domain/rules/pediatric-intake';
import { describe, expect, it } from 'vitest';
import { EMPTY_INTAKE_FORM, intakeBodyFrom, intakeFieldOf, stepFieldsOf, type IntakeForm } from './intake-form';

const filled: IntakeForm = {
  ...EMPTY_INTAKE_FORM,
  firstName: 'Mia',
  lastName: 'Park',
  dateOfBirth: '2018-04-02',
  gender: 'female',
  primaryPhone: '555 0100',
  guardianFirstName: 'June',
  guardianLastName: 'Park',
  guardianRelationship: 'parent',
  guardianPhone: '555 0101',
  chiefComplaint: 'Wheezing',
  symptoms: 'wheezing, cough, ',
  chronicConditions: 'asthma , eczema',
  insurancePrimary: 'Blue Shield',
  consentStatus: 'provided',
};

describe('intake form', () => {
  it('maps to a body the contract accepts, lists split from the comma text', () => {
    const body = pediatricIntakeBody.parse(intakeBodyFrom(filled, 'trial-1'));
    expect(body.symptoms).toEqual(['wheezing', 'cough']);
    expect(body.chronicConditions).toEqual(['asthma', 'eczema']);
    expect(body).toMatchObject({ trialId: 'trial-1', consentStatus: 'provided', address: undefined, race: undefined });
  });
  it('sends no trial, consent or screening number without a trial', () => {
    const body = intakeBodyFrom({ ...filled, screeningNumber: 'S-1' }, null);
    expect(body).toMatchObject({ trialId: undefined, consentStatus: 'pending', screeningNumber: undefined });
  });
  it('feeds the step rules', () => {
    expect(firstIncompleteStep(stepFieldsOf(filled), { withTrial: true, today: '2026-06-01' })).toBeNull();
    expect(firstIncompleteStep(stepFieldsOf({ ...filled, guardianRelationship: '' }), { withTrial: true, today: '2026-06-01' })).toBe(2);
  });
  it('puts an issue of a nested part of the body on the field that holds it', () => {
    expect(intakeFieldOf('guardian1.phone')).toBe('guardianPhone');
    expect(intakeFieldOf('address.zipCode')).toBe('zipCode');
    expect(intakeFieldOf('insurance.primary')).toBe('insurancePrimary');
    expect(intakeFieldOf('symptoms')).toBe('symptoms');
    expect(intakeFieldOf('')).toBeNull();
  });
});
