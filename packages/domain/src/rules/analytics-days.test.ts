import { describe, expect, it } from 'vitest';
import {
  busiestHoursOf,
  emptyAnalyticsDay,
  histogramMedian,
  mergeDays,
  periodSumsOfDays,
  planDays,
  topComplaintsOf,
  type AnalyticsDay,
} from './analytics-days.js';

const day = (d: string, over: Partial<AnalyticsDay>): AnalyticsDay => ({ ...emptyAnalyticsDay(d), ...over });

describe('planDays', () => {
  const tz = 'America/Los_Angeles';
  // 2026-11-26 10:00 in Los Angeles (UTC-8).
  const now = new Date('2026-11-26T18:00:00Z');

  it('keeps the whole days before yesterday and adds up the partial first day, yesterday and today', () => {
    const plan = planDays({ from: new Date('2026-11-19T18:00:00Z'), to: now }, tz, now);
    // The 19th is partial (from 10:00), the 25th and 26th are yesterday and today.
    expect(plan.kept).toEqual(['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24']);
    expect(plan.live).toEqual([
      { from: new Date('2026-11-19T18:00:00Z'), to: new Date('2026-11-20T08:00:00Z') },
      { from: new Date('2026-11-25T08:00:00Z'), to: now },
    ]);
  });

  it('keeps a first day that starts at local midnight, and the day before yesterday but not yesterday', () => {
    const plan = planDays({ from: new Date('2026-11-24T08:00:00Z'), to: new Date('2026-11-26T08:00:00Z') }, tz, now);
    expect(plan.kept).toEqual(['2026-11-24']);
    expect(plan.live).toEqual([{ from: new Date('2026-11-25T08:00:00Z'), to: new Date('2026-11-26T08:00:00Z') }]);
  });

  it('adds up a window of recent days alone, and an empty window not at all', () => {
    const recent = { from: new Date('2026-11-25T08:00:00Z'), to: now };
    expect(planDays(recent, tz, now)).toEqual({ kept: [], live: [recent] });
    expect(planDays({ from: now, to: now }, tz, now)).toEqual({ kept: [], live: [] });
  });

  it('ends the kept days where a window ends inside a past day', () => {
    const plan = planDays({ from: new Date('2026-11-20T08:00:00Z'), to: new Date('2026-11-22T20:00:00Z') }, tz, now);
    expect(plan.kept).toEqual(['2026-11-20', '2026-11-21']);
    expect(plan.live).toEqual([{ from: new Date('2026-11-22T08:00:00Z'), to: new Date('2026-11-22T20:00:00Z') }]);
  });
});

describe('histogramMedian', () => {
  it('is the middle value of an odd count and the rounded mean of the two middle ones of an even count', () => {
    expect(histogramMedian({ '5': 1, '10': 1, '20': 1, '30': 1, '45': 1 })).toBe(20);
    expect(histogramMedian({ '20': 1, '45': 1 })).toBe(33);
    expect(histogramMedian({ '3': 2, '100': 1 })).toBe(3);
    expect(histogramMedian({ '1': 1, '2': 1 })).toBe(2);
  });

  it('is null without any wait', () => {
    expect(histogramMedian({})).toBeNull();
    expect(histogramMedian({ '7': 0 })).toBeNull();
  });
});

describe('merging days', () => {
  const a = day('2026-11-23', {
    visits: 2,
    completed: 1,
    feeCents: null,
    waits: { '10': 1 },
    levels: { high: { visits: 2, waits: { '10': 1 } } },
    hours: { '9': 2 },
    complaints: { Cough: 2 },
    visitTypes: { high: { visits: 1, feeCents: null } },
    ratingCounts: { '5': 1 },
    careByStarter: { doc: 30, nurse: 15 },
    starterDays: ['doc|2026-11-23', 'nurse|2026-11-23'],
  });
  const b = day('2026-11-24', {
    visits: 1,
    completed: 1,
    feeCents: 15000,
    waits: { '10': 1, '20': 1 },
    levels: { high: { visits: 1, waits: { '20': 1 } } },
    hours: { '9': 1 },
    complaints: { cough: 1, 'Chest pain': 1 },
    visitTypes: { high: { visits: 1, feeCents: 15000 } },
    ratingCounts: { '5': 1, '3': 1 },
    careByStarter: { doc: 60 },
    starterDays: ['doc|2026-11-24', 'doc|2026-11-23'],
  });

  it('adds counts, fees and histograms, and counts each starter-day once', () => {
    const m = mergeDays([a, b]);
    expect(m.visits).toBe(3);
    expect(m.feeCents).toBe(15000);
    expect(m.waits).toEqual({ '10': 2, '20': 1 });
    expect(m.levels.high).toEqual({ visits: 3, waits: { '10': 1, '20': 1 } });
    expect(m.visitTypes.high).toEqual({ visits: 2, feeCents: 15000 });
    expect(m.ratingCounts).toEqual({ '5': 2, '3': 1 });
    expect(m.careByStarter).toEqual({ doc: 90, nurse: 15 });
    expect(m.starterDays.sort()).toEqual(['doc|2026-11-23', 'doc|2026-11-24', 'nurse|2026-11-23']);
    expect(mergeDays([]).feeCents).toBeNull();
  });

  it('counts doctors care and doctor-days of the members who are doctors', () => {
    const sums = periodSumsOfDays([a, b], new Set(['doc']), 2);
    expect(sums.doctorCareMinutes).toBe(90);
    expect(sums.doctorDays).toBe(2);
    expect(sums.patientsCompleted).toBe(2);
    expect(periodSumsOfDays([a, b], new Set(), 0).doctorDays).toBe(0);
  });

  it('puts hours on the weekday of their day (2026-11-23 is a Monday)', () => {
    expect(busiestHoursOf([a, b]).sort((x, y) => x.weekday - y.weekday)).toEqual([
      { weekday: 1, hour: 9, visits: 2 },
      { weekday: 2, hour: 9, visits: 1 },
    ]);
  });

  it('groups complaints case aside, named as most often written, most visits first then by name', () => {
    expect(topComplaintsOf(mergeDays([a, b]).complaints, 10)).toEqual([
      { complaint: 'Cough', visits: 3 },
      { complaint: 'Chest pain', visits: 1 },
    ]);
    expect(topComplaintsOf({ cough: 1, Cough: 1, fever: 3 }, 1)).toEqual([{ complaint: 'fever', visits: 3 }]);
    expect(topComplaintsOf({ cough: 1, Cough: 1 }, 5)).toEqual([{ complaint: 'Cough', visits: 2 }]);
  });
});
