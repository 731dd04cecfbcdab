import { describe, expect, it } from 'vitest';
import {
  celsiusToFahrenheit,
  computeNews2,
  fahrenheitToCelsius,
  news2Band,
  news2ConsciousnessPoints,
  news2Label,
  news2OxygenSaturationPoints,
  news2PulsePoints,
  news2RespiratoryRatePoints,
  news2SupplementalOxygenPoints,
  news2SystolicPoints,
  news2TemperaturePoints,
} from './news2.js';
import { HEALTHY_ADULT_VITALS } from './news2.fixtures.js';

describe('NEWS2 parameter bands, both sides of every edge', () => {
  it.each([
    [8, 3],
    [9, 1],
    [11, 1],
    [12, 0],
    [20, 0],
    [21, 2],
    [24, 2],
    [25, 3],
  ])('respiratory rate %d scores %d', (rate, points) => {
    expect(news2RespiratoryRatePoints(rate)).toBe(points);
  });

  it.each([
    [91, 3],
    [92, 2],
    [93, 2],
    [94, 1],
    [95, 1],
    [96, 0],
    [100, 0],
  ])('SpO2 (scale 1) %d scores %d', (spo2, points) => {
    expect(news2OxygenSaturationPoints(spo2)).toBe(points);
  });

  it('supplemental oxygen scores 2 and air scores 0', () => {
    expect(news2SupplementalOxygenPoints(true)).toBe(2);
    expect(news2SupplementalOxygenPoints(false)).toBe(0);
  });

  it.each([
    [90, 3],
    [91, 2],
    [100, 2],
    [101, 1],
    [110, 1],
    [111, 0],
    [219, 0],
    [220, 3],
  ])('systolic %d scores %d', (systolic, points) => {
    expect(news2SystolicPoints(systolic)).toBe(points);
  });

  it.each([
    [40, 3],
    [41, 1],
    [50, 1],
    [51, 0],
    [90, 0],
    [91, 1],
    [110, 1],
    [111, 2],
    [130, 2],
    [131, 3],
  ])('pulse %d scores %d', (pulse, points) => {
    expect(news2PulsePoints(pulse)).toBe(points);
  });

  it.each([
    [15, 0],
    [14, 3],
    [3, 3],
  ])('GCS %d scores %d for consciousness', (gcs, points) => {
    expect(news2ConsciousnessPoints(gcs)).toBe(points);
  });

  it.each([
    [35.0, 3],
    [35.1, 1],
    [36.0, 1],
    [36.1, 0],
    [38.0, 0],
    [38.1, 1],
    [39.0, 1],
    [39.1, 2],
  ])('temperature %d C scores %d', (celsius, points) => {
    expect(news2TemperaturePoints(celsius)).toBe(points);
  });

  it('temperature is rounded to one decimal before banding, so 35.04 C counts as 35.0', () => {
    expect(news2TemperaturePoints(35.04)).toBe(3);
    expect(news2TemperaturePoints(35.05)).toBe(1);
  });
});

describe('NEWS2 bands of the total', () => {
  it.each([
    [0, false, 'low'],
    [4, false, 'low'],
    [3, true, 'low-medium'],
    [4, true, 'low-medium'],
    [5, false, 'medium'],
    [6, true, 'medium'],
    [7, false, 'high'],
    [7, true, 'high'],
  ] as const)('total %d with a single 3 = %s is %s', (score, three, band) => {
    expect(news2Band(score, three)).toBe(band);
  });
});

describe('Fahrenheit and Celsius', () => {
  it('converts the usual reference points', () => {
    expect(fahrenheitToCelsius(32)).toBe(0);
    expect(fahrenheitToCelsius(212)).toBe(100);
    expect(fahrenheitToCelsius(98.6)).toBeCloseTo(37, 10);
    expect(celsiusToFahrenheit(37)).toBeCloseTo(98.6, 10);
  });

  it('95.0 F is 35.0 C (3 points) and 95.2 F is 35.1 C (1 point) in the full score', () => {
    expect(computeNews2({ ...HEALTHY_ADULT_VITALS, temperature: 95.0 })?.points.temperature).toBe(3);
    expect(computeNews2({ ...HEALTHY_ADULT_VITALS, temperature: 95.2 })?.points.temperature).toBe(1);
  });
});

describe('computeNews2', () => {
  it('scores a healthy adult 0, low, complete', () => {
    expect(computeNews2(HEALTHY_ADULT_VITALS)).toEqual({
      score: 0,
      band: 'low',
      points: {
        respiratoryRate: 0,
        oxygenSaturation: 0,
        supplementalOxygen: 0,
        systolic: 0,
        pulse: 0,
        consciousness: 0,
        temperature: 0,
      },
      missing: [],
      complete: true,
      singleParameterThree: false,
    });
  });

  it('adds every parameter: a sick patient on oxygen reaches the high band', () => {
    const r = computeNews2({
      heartRate: 135, // 3
      bloodPressure: { systolic: 95 }, // 2
      oxygenSaturation: 93, // 2
      temperature: 102.4, // 39.1 C: 2
      respiratoryRate: 26, // 3
      glasgowComaScale: 14, // 3
      supplementalOxygen: true, // 2
    });
    expect(r?.score).toBe(17);
    expect(r?.band).toBe('high');
    expect(r?.singleParameterThree).toBe(true);
  });

  it('a single 3 with a total under 5 gives low-medium', () => {
    const r = computeNews2({ ...HEALTHY_ADULT_VITALS, glasgowComaScale: 13 });
    expect(r?.score).toBe(3);
    expect(r?.band).toBe('low-medium');
  });

  it('returns null when no vitals are known', () => {
    expect(computeNews2(null)).toBeNull();
    expect(computeNews2(undefined)).toBeNull();
    expect(computeNews2({})).toBeNull();
    expect(computeNews2({ heartRate: null, bloodPressure: { systolic: null } })).toBeNull();
  });

  it('returns null when only the oxygen flag is known, since nothing was measured', () => {
    expect(computeNews2({ supplementalOxygen: true })).toBeNull();
  });

  it('scores partial vitals and lists what was missing', () => {
    const r = computeNews2({ heartRate: 120, oxygenSaturation: 94 });
    expect(r?.score).toBe(3);
    expect(r?.complete).toBe(false);
    expect(r?.points.respiratoryRate).toBeNull();
    expect(r?.missing).toEqual(['respiratoryRate', 'supplementalOxygen', 'systolic', 'consciousness', 'temperature']);
  });

  it('ignores values that are not finite numbers', () => {
    const r = computeNews2({ heartRate: Number.NaN, respiratoryRate: 16 });
    expect(r?.points.pulse).toBeNull();
    expect(r?.missing).toContain('pulse');
  });

  it('labels a result "NEWS2 n"', () => {
    expect(news2Label({ score: 6 })).toBe('NEWS2 6');
  });
});
