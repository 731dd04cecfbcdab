import { describe, expect, it } from 'vitest';
import type { VitalSignsInput } from './news2.js';
import { computeQueueStats, derivedAt, queueScoring, type QueueStatus } from './queue-status.js';
import { queueSummaryAt } from './queue-summary.js';
import { URGENCY_THRESHOLDS } from './risk-levels.js';

const NOW = new Date('2026-12-06T12:00:00Z');
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000);

/** Entries across the scoring: calm, every urgency, a NEWS2 from one parameter of 3, a high NEWS2, started and closed. */
const ENTRIES: Array<{
  status: QueueStatus;
  createdAt: Date;
  startedAt: Date | null;
  closedAt: Date | null;
  age: number | null;
  symptoms: string[];
  medicalHistory: string[];
  chiefComplaint: string;
  vitalSigns: VitalSignsInput | null;
}> = [
  {
    status: 'waiting',
    createdAt: minutesAgo(5),
    startedAt: null,
    closedAt: null,
    age: 30,
    symptoms: [],
    medicalHistory: [],
    chiefComplaint: 'Sore knee',
    vitalSigns: null,
  },
  {
    status: 'waiting',
    createdAt: minutesAgo(40),
    startedAt: null,
    closedAt: null,
    age: 70,
    symptoms: ['fever', 'cough'],
    medicalHistory: ['diabetes'],
    chiefComplaint: 'Cough',
    vitalSigns: null,
  },
  {
    status: 'waiting',
    createdAt: minutesAgo(12),
    startedAt: null,
    closedAt: null,
    age: 82,
    symptoms: ['chest pain'],
    medicalHistory: ['heart disease'],
    chiefComplaint: 'Chest pain',
    vitalSigns: null,
  },
  {
    status: 'waiting',
    createdAt: minutesAgo(3),
    startedAt: null,
    closedAt: null,
    age: 45,
    symptoms: [],
    medicalHistory: [],
    chiefComplaint: 'Dizzy',
    vitalSigns: {
      heartRate: 80,
      respiratoryRate: 16,
      oxygenSaturation: 91,
      temperature: 98.6,
      bloodPressure: { systolic: 120, diastolic: 80 },
      glasgowComaScale: 15,
      supplementalOxygen: false,
    },
  },
  {
    status: 'in-progress',
    createdAt: minutesAgo(90),
    startedAt: minutesAgo(20),
    closedAt: null,
    age: 60,
    symptoms: ['shortness of breath'],
    medicalHistory: ['copd'],
    chiefComplaint: 'Breathless',
    vitalSigns: {
      heartRate: 135,
      respiratoryRate: 27,
      oxygenSaturation: 90,
      temperature: 101.5,
      bloodPressure: { systolic: 88, diastolic: 60 },
      glasgowComaScale: 14,
      supplementalOxygen: true,
    },
  },
  {
    status: 'completed',
    createdAt: minutesAgo(200),
    startedAt: minutesAgo(150),
    closedAt: null,
    age: 8,
    symptoms: ['rash'],
    medicalHistory: [],
    chiefComplaint: 'Rash',
    vitalSigns: null,
  },
  {
    status: 'cancelled',
    createdAt: minutesAgo(60),
    startedAt: null,
    closedAt: minutesAgo(30),
    age: null,
    symptoms: [],
    medicalHistory: [],
    chiefComplaint: 'Left',
    vitalSigns: null,
  },
];

describe('queueSummaryAt', () => {
  it('gives the stats the full derivation gives, from the stored risk score and the vital signs', () => {
    const full = ENTRIES.map((e) => ({
      ...derivedAt({ ...e, estimatedTime: 30 }, queueScoring(e), NOW),
      status: e.status,
      startedAt: e.startedAt,
    }));
    const summary = ENTRIES.map((e) => queueSummaryAt({ ...e, riskScore: queueScoring(e).riskScore }, NOW));
    for (const [i, s] of summary.entries()) {
      const f = full[i];
      expect({ ...s, news2: s.news2?.band ?? null }).toEqual({
        status: f.status,
        startedAt: f.startedAt,
        waitTime: f.waitTime,
        riskScore: f.riskScore,
        urgencyLevel: f.urgencyLevel,
        requiresImmediateAttention: f.requiresImmediateAttention,
        news2: f.news2?.band ?? null,
      });
    }
    expect(computeQueueStats(summary, { doctorsAvailable: 2 })).toEqual(computeQueueStats(full, { doctorsAvailable: 2 }));
    // The set covers more than one urgency and a NEWS2 band above low, so the comparison means something.
    expect(new Set(full.map((f) => f.urgencyLevel)).size).toBeGreaterThan(2);
    expect(full.some((f) => f.news2 && f.news2.band !== 'low')).toBe(true);
  });

  it('takes the urgency and immediate attention at each threshold of the score', () => {
    const at = (riskScore: number) =>
      queueSummaryAt({ status: 'waiting', createdAt: NOW, startedAt: null, closedAt: null, riskScore, vitalSigns: null }, NOW);
    for (const { min, level } of URGENCY_THRESHOLDS) expect(at(min).urgencyLevel).toBe(level);
    for (const { min, level } of URGENCY_THRESHOLDS.filter((t) => t.min > 0)) expect(at(min - 1).urgencyLevel).not.toBe(level);
    expect(at(100).requiresImmediateAttention).toBe(true);
    expect(at(0)).toMatchObject({ requiresImmediateAttention: false, waitTime: 0, news2: null });
  });

  it('stops the wait at the start of care, or at the close of an entry never started', () => {
    const base = { status: 'completed' as const, createdAt: minutesAgo(60), riskScore: 10, vitalSigns: null };
    expect(queueSummaryAt({ ...base, startedAt: minutesAgo(45), closedAt: null }, NOW).waitTime).toBe(15);
    expect(queueSummaryAt({ ...base, status: 'cancelled', startedAt: null, closedAt: minutesAgo(20) }, NOW).waitTime).toBe(40);
  });
});
