import { kioskCaseBody } from '@clinic/domain/contracts/kiosk';
import { describe, expect, it } from 'vitest';
import { EMPTY_EMERGENCY_FORM, emergencyCaseBody, emergencyField, emergencyFormProblem } from './emergency-kiosk-form';

const tenant = { organizationId: 'default-clinic', clinicId: 'default-clinic' };

describe('emergency kiosk form', () => {
  it('needs a name only for a non-critical pick, and a real age when one is typed', () => {
    expect(emergencyFormProblem('chest-pain', EMPTY_EMERGENCY_FORM)).toBeNull();
    expect(emergencyFormProblem('fever', EMPTY_EMERGENCY_FORM)).toBe('required');
    expect(emergencyFormProblem('fever', { ...EMPTY_EMERGENCY_FORM, name: 'Ann', age: '4a' })).toBe('invalidAge');
    expect(emergencyFormProblem('fever', { ...EMPTY_EMERGENCY_FORM, name: 'Ann', age: '131' })).toBe('invalidAge');
    expect(emergencyFormProblem('fever', { ...EMPTY_EMERGENCY_FORM, name: 'Ann', age: '42' })).toBeNull();
  });

  it('builds a body the server contract accepts, with the pick as chief complaint', () => {
    const body = emergencyCaseBody('chest-pain', { ...EMPTY_EMERGENCY_FORM, age: '70' }, tenant, null);
    expect(kioskCaseBody.parse(body)).toMatchObject({ chiefComplaint: 'Chest pain', age: 70, emergency: { pick: 'chest-pain', critical: true } });
  });

  it('puts an issue of the body on the field that holds it, and the others on no field', () => {
    expect(emergencyField('phoneNumber')).toBe('phone');
    expect(emergencyField('age')).toBe('age');
    expect(emergencyField('organizationId')).toBeNull();
  });
});
