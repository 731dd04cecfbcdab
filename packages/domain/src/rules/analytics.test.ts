import { describe, expect, it } from 'vitest';
import { EMPTY_PERIOD_SUMS, analyticsOverviewOf, figuresOf, periodWindows, targetWaitMinutes, trendPercent } from './analytics.js';

describe('analytics rules', () => {
  it('cuts a period ending now and the one of the same length before it', () => {
    const now = new Date('2026-03-15T12:00:00Z');
    const w = periodWindows('week', now);
    expect(w.current).toEqual({ from: new Date('2026-03-08T12:00:00Z'), to: now });
    expect(w.previous).toEqual({ from: new Date('2026-03-01T12:00:00Z'), to: new Date('2026-03-08T12:00:00Z') });
    expect(periodWindows('quarter', now).current.from).toEqual(new Date('2025-12-15T12:00:00Z'));
    expect(periodWindows('month', now).previous.from).toEqual(new Date('2026-01-14T12:00:00Z'));
  });

  it('gives a trend in percent of the previous value to one decimal, none without a base', () => {
    expect(trendPercent(110, 100)).toBe(10);
    expect(trendPercent(2, 3)).toBe(-33.3);
    expect(trendPercent(100, 100)).toBe(0);
    expect(trendPercent(5, 0)).toBeNull();
    expect(trendPercent(null, 4)).toBeNull();
    expect(trendPercent(4, null)).toBeNull();
  });

  it('takes the target wait of the score band, none for a stable score', () => {
    expect(targetWaitMinutes(85)).toBe(0);
    expect(targetWaitMinutes(84)).toBe(15);
    expect(targetWaitMinutes(70)).toBe(15);
    expect(targetWaitMinutes(69)).toBe(30);
    expect(targetWaitMinutes(30)).toBe(120);
    expect(targetWaitMinutes(29)).toBeNull();
  });

  it('computes each figure from the sums, and nothing from an empty period', () => {
    const f = figuresOf(
      {
        visits: 10,
        ratingSum: 13,
        ratings: 3,
        prioritiesCompared: 3,
        prioritiesMatched: 2,
        started: 8,
        startedWithinTarget: 7,
        completed: 6,
        careMinutes: 185,
        feeCents: 100_001,
        patientsCompleted: 3,
        doctorCareMinutes: 240,
        doctorDays: 1,
      },
      8,
    );
    expect(f).toEqual({
      patientSatisfaction: 4.3,
      aiAccuracy: 66.7,
      treatmentEfficiency: 87.5,
      revenuePerPatient: 333.34,
      totalVisits: 10,
      avgTreatmentTime: 31,
      resourceUtilization: 50,
    });
    expect(figuresOf(EMPTY_PERIOD_SUMS)).toEqual({
      patientSatisfaction: null,
      aiAccuracy: null,
      treatmentEfficiency: null,
      revenuePerPatient: null,
      totalVisits: 0,
      avgTreatmentTime: null,
      resourceUtilization: null,
    });
  });

  it('names the period on every figure', () => {
    const o = analyticsOverviewOf(EMPTY_PERIOD_SUMS, EMPTY_PERIOD_SUMS, 'month');
    expect(Object.values(o).every((f) => f.period === 'month')).toBe(true);
    expect(o.totalVisits).toEqual({ value: 0, trend: null, period: 'month' });
  });
});
