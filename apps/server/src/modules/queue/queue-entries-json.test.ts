import { compareQueueOrder, queueEntryDto, type QueueEntryDto } from '@clinic/domain';
import { describe, expect, it } from 'vitest';
import { queueEntriesJson } from './queue-entries-json.js';
import { toQueueEntryDto, type QueueEntryView } from './queue-entries.js';

const now = new Date('2026-12-07T10:00:00Z');
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);

function entry(id: string, over: Partial<QueueEntryView>): QueueEntryView {
  return {
    organizationId: 'org-json',
    id,
    queueNumber: Number(id.replace(/\D/g, '')),
    patientId: null,
    firstName: 'Ann',
    lastName: `Lee ${id}`,
    age: 40,
    gender: 'female',
    chiefComplaint: 'Cough',
    symptoms: ['cough'],
    vitalSigns: null,
    supplementalOxygen: false,
    medicalHistory: [],
    allergies: [],
    currentMedications: [],
    painLevel: null,
    status: 'waiting',
    source: 'kiosk',
    department: 'general',
    assignedTo: null,
    estimatedTime: 30,
    createdAt: minutesAgo(10),
    startedAt: null,
    startedBy: null,
    endedAt: null,
    ...over,
  };
}

/** Entries of every kind: vital signs (with oxygen), care started, assigned, text with quotes, the same inputs twice. */
const rows: QueueEntryView[] = [
  entry('e1', {}),
  entry('e2', {
    age: 78,
    chiefComplaint: 'Chest pain, "crushing"',
    symptoms: ['chest pain', 'sweating'],
    medicalHistory: ['heart disease'],
    allergies: ['penicillin'],
    currentMedications: ['aspirin'],
    painLevel: 8,
    createdAt: minutesAgo(45),
  }),
  entry('e3', {
    vitalSigns: { heartRate: 135, oxygenSaturation: 89, respiratoryRate: 28, bloodPressure: { systolic: 95, diastolic: 60 }, temperature: 101.3 },
    supplementalOxygen: true,
    status: 'in-progress',
    startedAt: minutesAgo(5),
    startedBy: 'user-1',
    assignedTo: 'user-1',
    createdAt: minutesAgo(30),
  }),
  // The same inputs as e1 (one kept scoring), checked in later: ordered by check-in.
  entry('e4', { createdAt: minutesAgo(3), gender: null, age: null }),
  entry('e5', { age: 2, chiefComplaint: 'Fever', symptoms: ['fever', 'rash'], createdAt: minutesAgo(10) }),
];
const name = (row: QueueEntryView) => (row.assignedTo ? 'Dr. Ada Quinn' : null);

describe('the waiting room entries as JSON text', () => {
  it('are the entries the contract gives, in queue order, whether the scoring was kept already or not', () => {
    const expected = rows
      .map((row) => ({ row, dto: queueEntryDto.parse(toQueueEntryDto(row, now, name(row))) }))
      .sort((a, b) => compareQueueOrder({ ...a.dto, createdAt: a.row.createdAt }, { ...b.dto, createdAt: b.row.createdAt }))
      .map(({ dto }) => dto);
    for (let read = 0; read < 2; read += 1) {
      const written = JSON.parse(queueEntriesJson(rows, now, name).json.toString()) as QueueEntryDto[];
      expect(written).toEqual(expected);
      expect(written.map((e) => Object.keys(e).sort())).toEqual(expected.map((e) => Object.keys(e).sort()));
    }
    expect(expected.map((e) => e.id)).not.toEqual(rows.map((r) => r.id));
  });

  it('gives the stats each entry in the rows’ order, with its status and start', () => {
    const { stats } = queueEntriesJson(rows, now, name);
    expect(stats.map((s) => s.status)).toEqual(rows.map((r) => r.status));
    expect(stats[2]).toMatchObject({ status: 'in-progress', startedAt: rows[2].startedAt, waitTime: 25 });
    expect(stats.map((s) => s.riskScore)).toEqual(rows.map((r) => toQueueEntryDto(r, now).riskScore));
  });

  it('writes an empty queue as an empty list', () => {
    expect(queueEntriesJson([], now, name)).toEqual({ json: Buffer.from('[]'), stats: [] });
  });
});
