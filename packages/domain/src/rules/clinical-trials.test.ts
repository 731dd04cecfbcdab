import { describe, expect, it } from 'vitest';
import { addDays } from './clinic-time.js';
import {
  ageInMonths,
  compliancePercent,
  DEFAULT_VISIT_PLAN,
  enrollmentPercent,
  enrollmentRefusal,
  isSeriousAdverseEvent,
  reportingDueDate,
  visitSchedule,
  type EligibilityTrial,
} from './clinical-trials.js';

const trial = (over: Partial<EligibilityTrial> = {}): EligibilityTrial => ({
  status: 'Recruiting',
  ageMin: 6,
  ageMax: 17,
  ageUnit: 'years',
  targetEnrollment: 10,
  currentEnrollment: 3,
  ...over,
});
const patient = (dateOfBirth: string, alreadyEnrolled = false) => ({ dateOfBirth, alreadyEnrolled });

describe('enrollmentPercent', () => {
  it('rounds current / target to a whole percent', () => {
    expect(enrollmentPercent(1, 3)).toBe(33);
    expect(enrollmentPercent(2, 3)).toBe(67);
    expect(enrollmentPercent(1, 8)).toBe(13); // 12.5 rounds up
    expect(enrollmentPercent(1, 200)).toBe(1); // 0.5 rounds up
    expect(enrollmentPercent(1, 201)).toBe(0);
    expect(enrollmentPercent(50, 50)).toBe(100);
    expect(enrollmentPercent(0, 40)).toBe(0);
  });
  it('is 0 without a target', () => {
    expect(enrollmentPercent(5, 0)).toBe(0);
  });
});

describe('ageInMonths', () => {
  it('counts whole months, the day of the month deciding', () => {
    expect(ageInMonths('2024-03-15', '2024-09-14')).toBe(5);
    expect(ageInMonths('2024-03-15', '2024-09-15')).toBe(6);
    expect(ageInMonths('2024-03-15', '2024-03-14')).toBeNull();
    expect(ageInMonths('not a date', '2024-03-14')).toBeNull();
  });
});

describe('enrollmentRefusal', () => {
  const on = '2026-06-10';
  it('admits ages exactly at the minimum and the maximum in years', () => {
    expect(enrollmentRefusal(trial(), patient('2020-06-10'), on)).toBeNull(); // 6 today
    expect(enrollmentRefusal(trial(), patient('2008-06-11'), on)).toBeNull(); // 17, 18 tomorrow
  });
  it('refuses one day under the minimum and at the year past the maximum, in years', () => {
    expect(enrollmentRefusal(trial(), patient('2020-06-11'), on)?.code).toBe('trials/age-out-of-range'); // 5
    expect(enrollmentRefusal(trial(), patient('2008-06-10'), on)?.code).toBe('trials/age-out-of-range'); // 18 today
  });
  it('admits ages exactly at the minimum and the maximum in months, and refuses one day outside', () => {
    const months = trial({ ageMin: 6, ageMax: 24, ageUnit: 'months' });
    expect(enrollmentRefusal(months, patient('2025-12-10'), on)).toBeNull(); // 6 months today
    expect(enrollmentRefusal(months, patient('2025-12-11'), on)?.code).toBe('trials/age-out-of-range'); // 5 months
    expect(enrollmentRefusal(months, patient('2024-06-11'), on)).toBeNull(); // 23 months... 24 tomorrow
    expect(enrollmentRefusal(months, patient('2024-06-10'), on)).toBeNull(); // 24 months today
    expect(enrollmentRefusal(months, patient('2024-05-10'), on)?.code).toBe('trials/age-out-of-range'); // 25 months
  });
  it('refuses a trial that is not recruiting, whatever else', () => {
    for (const status of ['Active', 'Completed', 'Suspended', 'Terminated']) {
      expect(enrollmentRefusal(trial({ status }), patient('2015-01-01'), on)).toEqual({
        code: 'trials/not-recruiting',
        message: 'This trial is not recruiting.',
      });
    }
  });
  it('refuses an unknown age, an enrolled patient and a full trial, each with its own code', () => {
    expect(enrollmentRefusal(trial(), { dateOfBirth: null, alreadyEnrolled: false }, on)?.code).toBe('trials/age-unknown');
    expect(enrollmentRefusal(trial(), patient('2015-01-01', true), on)?.code).toBe('trials/already-enrolled');
    expect(enrollmentRefusal(trial({ currentEnrollment: 10 }), patient('2015-01-01'), on)?.code).toBe('trials/enrollment-full');
    expect(enrollmentRefusal(trial({ currentEnrollment: 9 }), patient('2015-01-01'), on)).toBeNull();
  });
});

describe('compliancePercent', () => {
  const v = (scheduledDate: string, completedDate: string | null = null) => ({ scheduledDate, completedDate });
  it('is completed visits over visits due so far, a visit due today counting', () => {
    const visits = [v('2026-01-01', '2026-01-01'), v('2026-02-01', '2026-02-02'), v('2026-03-01'), v('2026-04-01')];
    expect(compliancePercent(visits, '2026-02-28')).toBe(100);
    expect(compliancePercent(visits, '2026-03-01')).toBe(67);
    expect(compliancePercent(visits, '2026-04-01')).toBe(50);
  });
  it('is null while no visit is due', () => {
    expect(compliancePercent([v('2026-05-01')], '2026-04-30')).toBeNull();
    expect(compliancePercent([], '2026-04-30')).toBeNull();
  });
});

describe('serious adverse events', () => {
  it('are the Severe and Life-threatening ones', () => {
    expect(['Mild', 'Moderate', 'Severe', 'Life-threatening'].map(isSeriousAdverseEvent)).toEqual([false, false, true, true]);
  });
  it('are due 7 days after a life-threatening event and 15 after a severe one', () => {
    expect(reportingDueDate('Life-threatening', '2026-02-25')).toBe('2026-03-04');
    expect(reportingDueDate('Severe', '2026-12-20')).toBe('2027-01-04');
    expect(reportingDueDate('Moderate', '2026-12-20')).toBeNull();
    expect(reportingDueDate('Mild', '2026-12-20')).toBeNull();
  });
});

describe('visitSchedule', () => {
  it('numbers the planned visits and dates them from the enrolment', () => {
    const schedule = visitSchedule(DEFAULT_VISIT_PLAN, '2026-01-01');
    expect(schedule.map((s) => [s.visitNumber, s.scheduledDate])).toEqual([
      [1, '2026-01-01'],
      [2, '2026-01-08'],
      [3, '2026-01-29'],
      [4, '2026-03-26'],
      [5, '2026-06-18'],
    ]);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });
});
