import { describe, expect, it } from 'vitest';
import { validateForm } from '../../ui/zod-form';
import { EMPTY_KIOSK_FORM, kioskCaseBodyFrom, kioskFormSpec, kioskProblem, missingRequired, splitOnCommas, type KioskForm } from './kiosk-form';

describe('kiosk form', () => {
  it('splits symptoms on commas, trims them and drops empty entries', () => {
    expect(splitOnCommas(' cough,  fever ,, , sore throat ,')).toEqual(['cough', 'fever', 'sore throat']);
    expect(splitOnCommas('   ')).toEqual([]);
  });

  it('names first name, last name and chief complaint as required when blank or spaces', () => {
    expect(missingRequired(EMPTY_KIOSK_FORM)).toEqual(['firstName', 'lastName', 'chiefComplaint']);
    expect(missingRequired({ ...EMPTY_KIOSK_FORM, firstName: 'Ana', lastName: '  ', chiefComplaint: 'Cough' })).toEqual(['lastName']);
    expect(missingRequired({ ...EMPTY_KIOSK_FORM, firstName: 'Ana' }, ['firstName', 'lastName'])).toEqual(['lastName']);
  });

  it('builds the case body with the tenant, lists and no blank optional fields', () => {
    const body = kioskCaseBodyFrom(
      { ...EMPTY_KIOSK_FORM, firstName: ' Ana ', lastName: 'Lee', chiefComplaint: 'Cough', symptoms: 'cough, fever', painLevel: 4 },
      { organizationId: 'org-1', clinicId: 'clinic-1' },
    );
    expect(body).toMatchObject({
      firstName: 'Ana',
      lastName: 'Lee',
      chiefComplaint: 'Cough',
      symptoms: ['cough', 'fever'],
      painLevel: 4,
      organizationId: 'org-1',
      clinicId: 'clinic-1',
    });
    expect(body.email).toBeUndefined();
    expect(body.gender).toBeUndefined();
  });
});

describe('kiosk body check', () => {
  const tenant = { organizationId: 'default-clinic', clinicId: 'default-clinic' };
  const valid = { ...EMPTY_KIOSK_FORM, firstName: 'Ana', lastName: 'Lee', chiefComplaint: 'Cough' };
  const check = (form: KioskForm) => kioskProblem(validateForm(kioskFormSpec(tenant), form).errors ?? {});

  it('accepts a complete form', () => {
    expect(check(valid)).toBeNull();
  });

  it('names the field of a malformed e-mail', () => {
    const problem = check({ ...valid, email: 'not-an-email' });
    expect(problem?.field).toBe('email');
    expect(problem?.message).toMatch(/^Email: /);
  });
});
