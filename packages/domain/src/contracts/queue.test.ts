import { describe, expect, it } from 'vitest';
import { computeQueueStats, deriveQueuePatient, publicBoard } from '../rules/queue-status.js';
import { VITAL_BOUNDS } from './clinical-fields.js';
import {
  assignClinicianBody,
  publicBoardEntryDto,
  publicBoardQuery,
  queueEntryDto,
  queueStatsDto,
  queueStatusUpdateBody,
  recordVitalsBody,
} from './queue.js';

const messages = (r: { success: boolean; error?: { issues: Array<{ message: string; path: PropertyKey[] }> } }) =>
  r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

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

describe('queue action bodies', () => {
  it('assign needs a clinician id or name', () => {
    expect(assignClinicianBody.safeParse({ clinicianId: 'user_1' }).success).toBe(true);
    expect(assignClinicianBody.safeParse({ clinicianName: 'Dr Grey' }).success).toBe(true);
    expect(messages(assignClinicianBody.safeParse({ clinicianName: ' ' }))).toEqual(['clinicianId: Name the clinician by id or by name']);
  });

  it('status update takes a known status and an ISO start time', () => {
    expect(queueStatusUpdateBody.parse({ status: 'in-progress', startedAt: '2025-03-01T10:00:00.000Z', startedBy: 'u1' })).toEqual({
      status: 'in-progress',
      startedAt: '2025-03-01T10:00:00.000Z',
      startedBy: 'u1',
    });
    expect(queueStatusUpdateBody.safeParse({ status: 'done' }).success).toBe(false);
    expect(queueStatusUpdateBody.safeParse({ status: 'in-progress', startedAt: 'yesterday' }).success).toBe(false);
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
