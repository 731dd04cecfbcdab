import { describe, expect, it } from 'vitest';
import { EMPTY_VISITOR_FORM, missingFields, symptomList, VISITOR_REQUIRED, visitorCheckInBodyFrom, visitorKioskField } from './visitor-kiosk-form';

describe('the visitor kiosk form', () => {
  it('names the missing fields of a step', () => {
    const missing = missingFields({ ...EMPTY_VISITOR_FORM, firstName: 'Ana', phone: ' ' }, VISITOR_REQUIRED.info);
    expect(missing).toEqual(['lastName', 'phone', 'relationship', 'visitPurpose', 'patientName']);
    expect(missingFields({ ...EMPTY_VISITOR_FORM, idType: 'Passport', idNumber: 'X1' }, VISITOR_REQUIRED.security)).toEqual(['healthScreening']);
  });

  it('splits symptoms on commas and turns the temperature into a number', () => {
    expect(symptomList('cough, fever,  ,sore throat')).toEqual(['cough', 'fever', 'sore throat']);
    const body = visitorCheckInBodyFrom({ ...EMPTY_VISITOR_FORM, firstName: ' Ana ', temperature: '98.6', symptoms: '' });
    expect(body).toMatchObject({ firstName: 'Ana', temperature: 98.6, symptoms: [], email: undefined });
    expect(visitorCheckInBodyFrom(EMPTY_VISITOR_FORM).temperature).toBeUndefined();
  });

  it("sends an answer with a digit as the patient's room only where the organization finds patients by room", () => {
    const form = { ...EMPTY_VISITOR_FORM, patientName: ' Room 412 ' };
    expect(visitorCheckInBodyFrom(form, true)).toMatchObject({ patientName: undefined, patientRoom: 'Room 412' });
    expect(visitorCheckInBodyFrom(form)).toMatchObject({ patientName: 'Room 412', patientRoom: undefined });
    expect(visitorCheckInBodyFrom({ ...form, patientName: 'Grace Hopper' }, true)).toMatchObject({
      patientName: 'Grace Hopper',
      patientRoom: undefined,
    });
  });

  it('puts an issue of a nested part of the body on the field that holds it', () => {
    expect(visitorKioskField('idDocument.number')).toBe('idNumber');
    expect(visitorKioskField('emergencyContact.phone')).toBe('emergencyPhone');
    expect(visitorKioskField('patientRoom')).toBe('patientName');
    expect(visitorKioskField('email')).toBe('email');
  });
});
