import { describe, expect, it } from 'vitest';
import { assessRisk } from '../rules/risk-score.js';
import { computeQueueStats, deriveQueuePatient, publicBoard } from '../rules/queue-status.js';
import {
  KIOSK_REQUIRED_MESSAGE,
  TRIAGE_EMPTY_MESSAGE,
  VITAL_BOUNDS,
  aiRiskAssessBody,
  assignClinicianBody,
  kioskCaseBody,
  publicBoardEntryDto,
  publicBoardQuery,
  queueEntryDto,
  queueStatsDto,
  queueStatusUpdateBody,
  recordVitalsBody,
  riskAssessmentDto,
  triageAssessBody,
} from './triage.js';

const messages = (r: { success: boolean; error?: { issues: Array<{ message: string; path: PropertyKey[] }> } }) =>
  r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('triage assess body', () => {
  it('refuses empty or blank symptoms with the page\'s message', () => {
    for (const symptoms of ['', '   \n']) {
      const r = triageAssessBody.safeParse({ symptoms });
      expect(messages(r)).toEqual([`symptoms: ${TRIAGE_EMPTY_MESSAGE}`]);
    }
    expect(messages(triageAssessBody.safeParse({}))).toEqual([`symptoms: ${TRIAGE_EMPTY_MESSAGE}`]);
  });

  it('accepts 1 to 2000 characters after trimming, not 2001', () => {
    expect(triageAssessBody.parse({ symptoms: '  a  ' })).toEqual({ symptoms: 'a' });
    expect(triageAssessBody.safeParse({ symptoms: 'x'.repeat(2000) }).success).toBe(true);
    expect(triageAssessBody.safeParse({ symptoms: 'x'.repeat(2001) }).success).toBe(false);
  });
});

describe('record vitals body', () => {
  const single = (field: string, value: number) =>
    field === 'systolic' || field === 'diastolic'
      ? { bloodPressure: field === 'systolic' ? { systolic: value } : { diastolic: value }, heartRate: 70 }
      : { [field]: value };

  it.each(Object.entries(VITAL_BOUNDS))('%s accepts its bounds and refuses one step outside', (field, b) => {
    const step = field === 'temperature' ? 0.1 : 1;
    expect(recordVitalsBody.safeParse(single(field, b.min)).success).toBe(true);
    expect(recordVitalsBody.safeParse(single(field, b.max)).success).toBe(true);
    expect(recordVitalsBody.safeParse(single(field, b.min - step)).success).toBe(false);
    expect(recordVitalsBody.safeParse(single(field, b.max + step)).success).toBe(false);
  });

  it('accepts a decimal temperature but whole numbers only for the other vitals', () => {
    expect(recordVitalsBody.safeParse({ temperature: 98.6 }).success).toBe(true);
    expect(recordVitalsBody.safeParse({ heartRate: 72.5 }).success).toBe(false);
  });

  it('defaults to room air', () => {
    expect(recordVitalsBody.parse({ heartRate: 80 }).supplementalOxygen).toBe(false);
    expect(recordVitalsBody.parse({ heartRate: 80, supplementalOxygen: true }).supplementalOxygen).toBe(true);
  });

  it('needs at least one measurement; the oxygen flag alone is not one', () => {
    expect(messages(recordVitalsBody.safeParse({}))).toEqual([': Record at least one vital sign']);
    expect(recordVitalsBody.safeParse({ supplementalOxygen: true }).success).toBe(false);
  });

  it('refuses a systolic pressure at or below the diastolic', () => {
    expect(recordVitalsBody.safeParse({ bloodPressure: { systolic: 120, diastolic: 80 } }).success).toBe(true);
    const r = recordVitalsBody.safeParse({ bloodPressure: { systolic: 80, diastolic: 80 } });
    expect(messages(r)).toEqual(['bloodPressure.systolic: Systolic pressure must be above diastolic']);
  });
});

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

  it('accepts the patient flow test\'s submission and drops the fields the server sets', () => {
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
    expect(messages(kioskCaseBody.safeParse({ patientName: 'Cher', chiefComplaint: 'cough' }))).toEqual([
      `lastName: ${KIOSK_REQUIRED_MESSAGE}`,
    ]);
  });

  it('splits symptoms on commas, trims them and drops empty ones', () => {
    expect(kioskCaseBody.parse({ ...valid, symptoms: ' cough, ,fever ,' }).symptoms).toEqual(['cough', 'fever']);
  });

  it.each([
    ['painLevel', 0, true], ['painLevel', 10, true], ['painLevel', -1, false], ['painLevel', 11, false],
    ['painLevel', 5.5, false], ['age', 0, true], ['age', 130, true], ['age', 131, false], ['age', -1, false],
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
    ['firstName', 100], ['lastName', 100], ['patientName', 200], ['chiefComplaint', 1000], ['notes', 5000],
    ['emergencyContact', 200], ['phoneNumber', 40], ['emergencyPhone', 40],
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

describe('queue action bodies', () => {
  it('assign needs a clinician id or name', () => {
    expect(assignClinicianBody.safeParse({ clinicianId: 'user_1' }).success).toBe(true);
    expect(assignClinicianBody.safeParse({ clinicianName: 'Dr Grey' }).success).toBe(true);
    expect(messages(assignClinicianBody.safeParse({ clinicianName: ' ' }))).toEqual([
      'clinicianId: Name the clinician by id or by name',
    ]);
  });

  it('status update takes a known status and an ISO start time', () => {
    expect(
      queueStatusUpdateBody.parse({ status: 'in-progress', startedAt: '2025-03-01T10:00:00.000Z', startedBy: 'u1' }),
    ).toEqual({ status: 'in-progress', startedAt: '2025-03-01T10:00:00.000Z', startedBy: 'u1' });
    expect(queueStatusUpdateBody.safeParse({ status: 'done' }).success).toBe(false);
    expect(queueStatusUpdateBody.safeParse({ status: 'in-progress', startedAt: 'yesterday' }).success).toBe(false);
  });
});

describe('AI risk assess body', () => {
  it('takes what assessRisk reads from a queue patient and ignores the rest', () => {
    const body = aiRiskAssessBody.parse({
      patient: {
        id: 'q1',
        patientName: 'Jane Doe',
        age: 80,
        symptoms: 'chest pain, nausea',
        chiefComplaint: 'chest pain',
        vitalSigns: { heartRate: 110, bloodPressure: { systolic: 150, diastolic: 90 }, temperature: null },
        medicalHistory: ['diabetes'],
        riskScore: 12,
      },
    });
    expect(body.patient).not.toHaveProperty('patientName');
    expect(body.patient.symptoms).toEqual(['chest pain', 'nausea']);
    expect(assessRisk(body.patient).riskScore).toBe(100);
  });

  it('applies the vital bounds', () => {
    expect(aiRiskAssessBody.safeParse({ patient: { vitalSigns: { heartRate: 301 } } }).success).toBe(false);
    expect(aiRiskAssessBody.safeParse({ patient: {} }).success).toBe(true);
  });
});

describe('response DTOs match what the rules produce', () => {
  const stored = {
    id: 'q1',
    queueNumber: 3,
    patientId: 'p1',
    patientName: 'Jane Doe',
    age: 70,
    gender: 'female',
    chiefComplaint: 'shortness of breath',
    symptoms: ['cough'],
    vitalSigns: { heartRate: 115, oxygenSaturation: 91, respiratoryRate: 26, temperature: 101.2 },
    medicalHistory: ['COPD'],
    allergies: [],
    currentMedications: ['salbutamol'],
    painLevel: 3,
    status: 'waiting' as const,
    source: 'kiosk',
    departmentId: 'general',
    assignedClinicianId: null,
    assignedClinicianName: null,
    createdAt: '2025-03-01T10:00:00.000Z',
    startedAt: null,
    startedBy: null,
  };
  const entry = deriveQueuePatient(stored, '2025-03-01T10:40:00.000Z');

  it('a derived queue entry is a valid queue entry DTO', () => {
    expect(queueEntryDto.parse(entry)).toMatchObject({ waitTime: 40, riskScore: entry.riskScore });
  });

  it('assessRisk gives a valid risk assessment DTO', () => {
    expect(riskAssessmentDto.safeParse(assessRisk(stored)).success).toBe(true);
  });

  it('computed stats are valid queue stats', () => {
    expect(queueStatsDto.safeParse(computeQueueStats([entry])).success).toBe(true);
  });

  it('a public board entry keeps the five public fields and strips everything else', () => {
    const parsed = publicBoardEntryDto.parse({ ...entry, initials: 'J.D.' });
    expect(Object.keys(parsed).sort()).toEqual(['initials', 'queueNumber', 'status', 'urgencyLevel', 'waitTime']);
    expect(publicBoardEntryDto.array().parse(publicBoard([entry]))).toEqual(publicBoard([entry]));
  });

  it('the public board query defaults the organization to default-clinic', () => {
    expect(publicBoardQuery.parse({})).toEqual({ organizationId: 'default-clinic' });
    expect(publicBoardQuery.parse({ organizationId: 'org_2', clinicId: 'c1' })).toEqual({
      organizationId: 'org_2',
      clinicId: 'c1',
    });
  });
});
