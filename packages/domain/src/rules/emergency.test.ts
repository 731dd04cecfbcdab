import { describe, expect, it } from 'vitest';
import {
  alertTransition,
  alertsForScoring,
  computeErMetrics,
  defaultAlertPriority,
  entryLocation,
  erRiskLevel,
  isReadmission,
  matchProtocol,
  erMedian,
  erPercent,
  predictedOutcome,
  timeToTreatment,
  triageCounts,
  triageStatus,
  type ErMetricsInput,
} from './emergency.js';
import { computeNews2 } from './news2.js';
import { HEALTHY_ADULT_VITALS } from './news2.fixtures.js';

describe('risk level, predicted outcome and time to treatment from the score', () => {
  it.each([
    [0, 'LOW'],
    [24, 'LOW'],
    [25, 'MEDIUM'],
    [49, 'MEDIUM'],
    [50, 'HIGH'],
    [80, 'HIGH'],
    [81, 'CRITICAL'],
    [100, 'CRITICAL'],
  ] as const)('score %i is %s', (score, level) => expect(erRiskLevel(score)).toBe(level));

  it.each([
    [0, 'good'],
    [29, 'good'],
    [30, 'fair'],
    [49, 'fair'],
    [50, 'guarded'],
    [69, 'guarded'],
    [70, 'poor'],
    [84, 'poor'],
    [85, 'critical'],
    [100, 'critical'],
  ] as const)('score %i predicts %s', (score, outcome) => expect(predictedOutcome(score)).toBe(outcome));

  it('is the band target minus the wait so far, negative when overdue, null without a target', () => {
    expect(timeToTreatment(85, 0)).toBe(0);
    expect(timeToTreatment(85, 4)).toBe(-4);
    expect(timeToTreatment(70, 10)).toBe(5);
    expect(timeToTreatment(69, 30)).toBe(0);
    expect(timeToTreatment(69, 31)).toBe(-1);
    expect(timeToTreatment(30, 20)).toBe(100);
    expect(timeToTreatment(29, 20)).toBeNull();
  });
});

describe('alerts a scoring raises', () => {
  it('raises HIGH_RISK only above 80', () => {
    expect(alertsForScoring({ riskScore: 80, news2: null })).toEqual([]);
    expect(alertsForScoring({ riskScore: 81, news2: null })).toEqual([expect.objectContaining({ type: 'HIGH_RISK', severity: 'CRITICAL' })]);
  });

  it('raises VITALS at NEWS2 7 (CRITICAL), not at 6 without a single 3', () => {
    // Pulse 111 (2), respiratory rate 21 (2), SpO2 94 (1), systolic 101 (1): 6, no single 3.
    const six = computeNews2({
      ...HEALTHY_ADULT_VITALS,
      heartRate: 111,
      respiratoryRate: 21,
      oxygenSaturation: 94,
      bloodPressure: { systolic: 101 },
    })!;
    expect(six.score).toBe(6);
    expect(six.singleParameterThree).toBe(false);
    expect(alertsForScoring({ riskScore: 0, news2: six })).toEqual([]);
    const seven = computeNews2({
      ...HEALTHY_ADULT_VITALS,
      heartRate: 111,
      respiratoryRate: 21,
      oxygenSaturation: 93,
      bloodPressure: { systolic: 101 },
    })!;
    expect(seven.score).toBe(7);
    expect(alertsForScoring({ riskScore: 0, news2: seven })).toEqual([
      { type: 'VITALS', severity: 'CRITICAL', message: 'NEWS2 7: emergency assessment by a clinical team.' },
    ]);
  });

  it('raises VITALS (HIGH) when one parameter scores 3 under a total of 7, naming it', () => {
    const gcs = computeNews2({ ...HEALTHY_ADULT_VITALS, glasgowComaScale: 14 })!;
    expect(gcs.score).toBe(3);
    expect(alertsForScoring({ riskScore: 0, news2: gcs })).toEqual([
      { type: 'VITALS', severity: 'HIGH', message: 'NEWS2 3 with a score of 3 in consciousness: urgent review.' },
    ]);
    const two = computeNews2({ ...HEALTHY_ADULT_VITALS, oxygenSaturation: 92 })!;
    expect(two.score).toBe(2);
    expect(alertsForScoring({ riskScore: 0, news2: two })).toEqual([]);
  });

  it('raises both causes when both rules are met', () => {
    const news2 = computeNews2({ ...HEALTHY_ADULT_VITALS, oxygenSaturation: 85, respiratoryRate: 30, heartRate: 140 })!;
    expect(alertsForScoring({ riskScore: 95, news2 }).map((a) => a.type)).toEqual(['HIGH_RISK', 'VITALS']);
  });

  it('gives CRITICAL priority 1 down to LOW priority 4', () => {
    expect([defaultAlertPriority('CRITICAL'), defaultAlertPriority('HIGH'), defaultAlertPriority('MEDIUM'), defaultAlertPriority('LOW')]).toEqual([
      1, 2, 3, 4,
    ]);
  });
});

describe('alert transitions', () => {
  it('allows ACTIVE -> ACKNOWLEDGED -> RESOLVED and ACTIVE -> RESOLVED', () => {
    expect(alertTransition('ACTIVE', 'acknowledge')).toEqual({ ok: true, from: 'ACTIVE', to: 'ACKNOWLEDGED' });
    expect(alertTransition('ACKNOWLEDGED', 'resolve')).toEqual({ ok: true, from: 'ACKNOWLEDGED', to: 'RESOLVED' });
    expect(alertTransition('ACTIVE', 'resolve')).toEqual({ ok: true, from: 'ACTIVE', to: 'RESOLVED' });
  });

  it.each([
    ['ACKNOWLEDGED', 'acknowledge'],
    ['RESOLVED', 'acknowledge'],
    ['RESOLVED', 'resolve'],
  ] as const)('refuses %s -> %s with a conflict', (from, action) => {
    expect(alertTransition(from, action)).toMatchObject({
      ok: false,
      code: 'conflict/alert-transition',
      message: expect.stringContaining(`Cannot ${action} an alert that is ${from}`),
    });
  });
});

describe('mass-casualty triage', () => {
  it('counts each colour and reports the most urgent present', () => {
    expect(triageStatus(triageCounts([]))).toBeNull();
    expect(triageStatus(triageCounts(['BLACK']))).toBe('BLACK');
    expect(triageStatus(triageCounts(['GREEN', 'BLACK']))).toBe('GREEN');
    expect(triageStatus(triageCounts(['GREEN', 'YELLOW', 'BLACK']))).toBe('YELLOW');
    const counts = triageCounts(['GREEN', 'RED', 'YELLOW', 'GREEN', 'BLACK']);
    expect(counts).toEqual({ RED: 1, YELLOW: 1, GREEN: 2, BLACK: 1 });
    expect(triageStatus(counts)).toBe('RED');
  });
});

describe('metrics arithmetic', () => {
  it('takes the median of odd and even counts, and percents with one decimal', () => {
    expect(erMedian([])).toBeNull();
    expect(erMedian([7])).toBe(7);
    expect(erMedian([9, 1, 5])).toBe(5);
    expect(erMedian([10, 2, 4, 8])).toBe(6);
    expect(erMedian([1, 2])).toBe(1.5);
    expect(erPercent(1, 3)).toBe(33.3);
    expect(erPercent(2, 3)).toBe(66.7);
    expect(erPercent(1, 0)).toBeNull();
    expect(erPercent(1, null)).toBeNull();
  });

  it('counts a readmission within 30 days of a previous discharge, not at 30 days and a minute', () => {
    const visit = new Date('2026-03-31T12:00:00Z');
    expect(isReadmission(visit, [new Date('2026-03-01T12:00:00Z')])).toBe(true);
    expect(isReadmission(visit, [new Date('2026-03-01T11:59:00Z')])).toBe(false);
    expect(isReadmission(visit, [visit])).toBe(false);
    expect(isReadmission(visit, [])).toBe(false);
  });

  const dayStart = new Date('2026-03-10T08:00:00Z');
  const at = (minutes: number) => new Date(dayStart.getTime() + minutes * 60_000);
  const base: ErMetricsInput = {
    dayStart,
    now: at(240),
    entries: [],
    bedCount: null,
    doctorsGivingCare: 0,
    doctorsActiveToday: 0,
    satisfactionRatings: [],
    emergencyVisits: 0,
    readmissions: 0,
    deaths: null,
  };

  it('says "no data" (null) for every average and rate of an empty day', () => {
    expect(computeErMetrics(base)).toEqual({
      totalPatients: 0,
      criticalPatients: 0,
      averageWaitTime: null,
      averageTreatmentTime: null,
      bedOccupancy: null,
      staffUtilization: null,
      patientSatisfaction: null,
      mortalityRate: null,
      readmissionRate: null,
      throughput: 0,
      doorToProviderMinutes: null,
      leftWithoutBeingSeen: 0,
    });
  });

  it('computes each figure of a known day', () => {
    const m = computeErMetrics({
      ...base,
      entries: [
        // Yesterday's arrival, started today after 30 min, ended 50 min later: counts for wait and treatment, not today's arrivals.
        { status: 'completed', createdAt: at(-20), startedAt: at(10), endedAt: at(60), riskScore: 90 },
        // Today: waited 10, treated 20, admitted.
        { status: 'admitted', createdAt: at(20), startedAt: at(30), endedAt: at(50), riskScore: 95 },
        // Today: waited 20, in care now.
        { status: 'in-progress', createdAt: at(100), startedAt: at(120), riskScore: 60 },
        // Today: waiting, critical.
        { status: 'waiting', createdAt: at(200), riskScore: 81 },
        // Today: cancelled from waiting (left without being seen).
        { status: 'cancelled', createdAt: at(40), endedAt: at(90), riskScore: 10 },
      ],
      bedCount: 8,
      doctorsGivingCare: 1,
      doctorsActiveToday: 3,
      satisfactionRatings: [5, 4, 4],
      emergencyVisits: 4,
      readmissions: 1,
      deaths: 0,
    });
    expect(m).toEqual({
      totalPatients: 4,
      criticalPatients: 2,
      averageWaitTime: 20, // (30 + 10 + 20) / 3
      averageTreatmentTime: 35, // (50 + 20) / 2
      bedOccupancy: 12.5, // 1 in care / 8 beds
      staffUtilization: 33.3,
      patientSatisfaction: 4.3,
      mortalityRate: 0,
      readmissionRate: 25,
      throughput: 0.5, // 2 left after care in 4 hours
      doorToProviderMinutes: 20,
      leftWithoutBeingSeen: 1,
    });
  });

  it('divides throughput by at least one hour early in the day', () => {
    const m = computeErMetrics({
      ...base,
      now: at(15),
      entries: [{ status: 'completed', createdAt: at(1), startedAt: at(2), endedAt: at(10), riskScore: 0 }],
    });
    expect(m.throughput).toBe(1);
  });
});

describe('protocol links and locations', () => {
  const protocols = [
    { id: 'stemi', keywords: ['chest pain', 'STEMI'] },
    { id: 'sepsis', keywords: ['fever', 'sepsis'] },
    { id: 'empty', keywords: [' '] },
  ];
  it('links the first protocol whose keyword any text contains, ignoring case', () => {
    expect(matchProtocol(['Risk score 95/100', 'Crushing CHEST PAIN'], protocols)?.id).toBe('stemi');
    expect(matchProtocol([null, 'fever and chest pain'], protocols)?.id).toBe('stemi');
    expect(matchProtocol(['Fever for two days'], protocols)?.id).toBe('sepsis');
    expect(matchProtocol(['Sprained wrist'], protocols)).toBeNull();
    expect(matchProtocol([], protocols)).toBeNull();
  });

  it('places waiting patients in the waiting room and others in their department', () => {
    expect(entryLocation('waiting', 'emergency')).toBe('Waiting room');
    expect(entryLocation('in-progress', 'emergency')).toBe('Emergency treatment area');
    expect(entryLocation('completed', 'general')).toBe('General');
  });
});
