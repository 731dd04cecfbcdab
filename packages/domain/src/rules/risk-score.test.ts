import { describe, expect, it } from 'vitest';
import {
  AGE_RISK_TABLE,
  CRITICAL_SYMPTOM_KEYWORDS,
  MILD_SYMPTOM_KEYWORDS,
  SERIOUS_CONDITION_KEYWORDS,
  SEVERE_SYMPTOM_KEYWORDS,
  VITAL_RISK_KEYS,
  VITAL_RISK_TABLES,
  ageRiskPoints,
  assessRisk,
  assessmentBand,
  assessmentText,
  chiefComplaintRiskPoints,
  clinicalList,
  clinicalPriority,
  computeRiskScore,
  glasgowComaScaleRiskPoints,
  heartRateRiskPoints,
  historyRiskPoints,
  needsImmediateAttention,
  oxygenSaturationRiskPoints,
  respiratoryRateRiskPoints,
  riskBreakdown,
  riskFactorSeverity,
  riskFactors,
  riskBand,
  riskRecommendations,
  symptomRiskPoints,
  systolicRiskPoints,
  temperatureRiskPoints,
  urgencyForScore,
  type RiskTable,
  type RiskTableSide,
  type VitalRiskTable,
} from './risk-score.js';

describe('risk score bands, both sides of every edge', () => {
  it.each([
    [76, 30],
    [75, 20],
    [66, 20],
    [65, 0],
    [30, 0],
    [12, 0],
    [11, 10],
    [5, 10],
    [4.9, 20],
    [4, 20],
    [1, 20],
    [0.9, 35],
    [0, 35],
  ])('age %d gives %d', (age, points) => expect(ageRiskPoints(age)).toBe(points));

  it.each([
    [151, 40],
    [150, 25],
    [121, 25],
    [120, 15],
    [101, 15],
    [100, 0],
    [60, 0],
    [59, 15],
    [50, 15],
    [49, 25],
    [40, 25],
    [39, 40],
  ])('heart rate %d gives %d', (bpm, points) => expect(heartRateRiskPoints(bpm)).toBe(points));

  it.each([
    [181, 40],
    [180, 25],
    [161, 25],
    [160, 15],
    [141, 15],
    [140, 0],
    [100, 0],
    [99, 15],
    [90, 15],
    [89, 25],
    [80, 25],
    [79, 40],
  ])('systolic %d gives %d', (mmHg, points) => expect(systolicRiskPoints(mmHg)).toBe(points));

  it.each([
    [84, 50],
    [85, 40],
    [89, 40],
    [90, 30],
    [92, 30],
    [93, 15],
    [94, 15],
    [95, 0],
    [100, 0],
  ])('SpO2 %d gives %d', (spo2, points) => expect(oxygenSaturationRiskPoints(spo2)).toBe(points));

  it.each([
    [104.1, 40],
    [104, 25],
    [102.1, 25],
    [102, 15],
    [100.5, 15],
    [100.4, 0],
    [98.6, 0],
    [96.5, 0],
    [96.4, 20],
    [95, 20],
    [94.9, 30],
  ])('temperature %d F gives %d', (f, points) => expect(temperatureRiskPoints(f)).toBe(points));

  it.each([
    [31, 40],
    [30, 25],
    [25, 25],
    [24, 0],
    [12, 0],
    [11, 25],
    [10, 25],
    [9, 40],
  ])('respiratory rate %d gives %d', (rate, points) => expect(respiratoryRateRiskPoints(rate)).toBe(points));

  it.each([
    [3, 50],
    [8, 50],
    [9, 35],
    [12, 35],
    [13, 20],
    [14, 20],
    [15, 0],
  ])('GCS %d gives %d', (gcs, points) => expect(glasgowComaScaleRiskPoints(gcs)).toBe(points));
});

describe('threshold tables', () => {
  const tables: Record<string, RiskTable> = { age: AGE_RISK_TABLE, ...VITAL_RISK_TABLES };
  const limits = (side?: RiskTableSide) => side?.bands.map((b) => b.limit) ?? [];

  it.each(Object.entries(tables))('%s lists its bands from the most extreme inward, and its sides do not overlap', (_, table) => {
    const above = limits(table.above);
    const below = limits(table.below);
    expect(above.length + below.length).toBeGreaterThan(0);
    expect(above).toEqual([...above].sort((a, b) => b - a));
    expect(below).toEqual([...below].sort((a, b) => a - b));
    // A table with one side only has nothing to overlap: the empty side's bound is infinite.
    expect(Math.min(...above, Infinity)).toBeGreaterThanOrEqual(Math.max(...below, -Infinity));
  });

  it.each(VITAL_RISK_KEYS)('the %s factor is named after the side of the band that gave its points', (key) => {
    const table: VitalRiskTable = VITAL_RISK_TABLES[key];
    for (const side of ['above', 'below'] as const) {
      for (const limit of limits(table[side])) {
        const value = side === 'above' ? limit + 0.1 : limit - 0.1;
        const vitalSigns = key === 'systolic' ? { bloodPressure: { systolic: value } } : { [key]: value };
        const [found] = riskFactors({ vitalSigns });
        expect(found).toMatchObject({ id: table.id, factor: table[side]?.factor, points: riskBand(table, value)?.points });
        expect(found.points).toBe(riskBreakdown({ vitalSigns })[key]);
      }
    }
  });

  it('a value on a limit is in the band inside it, not the one the limit opens', () => {
    expect(riskBand(VITAL_RISK_TABLES.heartRate, 100)).toBeNull();
    expect(riskBand(VITAL_RISK_TABLES.heartRate, 101)).toMatchObject({ side: 'above', limit: 100, points: 15, factor: 'Tachycardia' });
    expect(riskBand(VITAL_RISK_TABLES.heartRate, 59)).toMatchObject({ side: 'below', limit: 60, points: 15, factor: 'Bradycardia' });
    expect(riskBand(AGE_RISK_TABLE, 75)).toMatchObject({ limit: 65, factor: 'Age over 65' });
  });
});

describe('symptom, history and chief complaint keywords', () => {
  it("the spec's critical words are in the critical list", () => {
    expect(CRITICAL_SYMPTOM_KEYWORDS).toEqual(expect.arrayContaining(['chest pain', 'stroke', 'seizure', 'anaphylaxis']));
  });

  it.each(CRITICAL_SYMPTOM_KEYWORDS)('symptom "%s" gives 50', (k) => expect(symptomRiskPoints(k)).toBe(50));
  it.each(SEVERE_SYMPTOM_KEYWORDS)('symptom "%s" gives 30', (k) => expect(symptomRiskPoints(k)).toBe(30));
  it.each(MILD_SYMPTOM_KEYWORDS)('symptom "%s" gives 15', (k) => expect(symptomRiskPoints(k)).toBe(15));

  it('a symptom with no keyword gives 0, and matching ignores case', () => {
    expect(symptomRiskPoints('itchy eyes')).toBe(0);
    expect(symptomRiskPoints('Chest Pain radiating to the arm')).toBe(50);
  });

  it('"severe" makes any symptom severe, and the highest level wins', () => {
    expect(symptomRiskPoints('severe back pain')).toBe(30);
    expect(symptomRiskPoints('headache after a seizure')).toBe(50);
  });

  it('each symptom adds its points, from a list or a comma-separated text', () => {
    expect(riskBreakdown({ symptoms: ['cough', 'fever', 'seizure'] }).symptoms).toBe(80);
    expect(riskBreakdown({ symptoms: 'cough, fever, , seizure' }).symptoms).toBe(80);
  });

  it.each(SERIOUS_CONDITION_KEYWORDS)('history item "%s" adds 25', (k) => expect(historyRiskPoints([k])).toBe(25));

  it('each serious history item adds 25; other items add nothing', () => {
    expect(historyRiskPoints(['Type 2 Diabetes', 'COPD', 'broken toe in 2010'])).toBe(50);
    expect(historyRiskPoints('diabetes; hypertension\nappendectomy')).toBe(50);
    expect(historyRiskPoints(undefined)).toBe(0);
  });

  it.each([
    ['chest pain since noon', 50],
    ['possible heart attack', 50],
    ['stroke symptoms', 45],
    ['left arm paralysis', 45],
    ['severe headache', 30],
    ['EMERGENCY', 30],
    ['severe chest pain', 50],
    ['sprained ankle', 0],
  ])('chief complaint "%s" adds %d (first rule wins)', (text, points) => {
    expect(chiefComplaintRiskPoints(text)).toBe(points);
  });
});

describe('computeRiskScore', () => {
  it('adds every part', () => {
    const input = {
      age: 70, // 20
      symptoms: ['cough'], // 15
      vitalSigns: { heartRate: 105, oxygenSaturation: 94 }, // 15 + 15
      medicalHistory: ['asthma'], // 25
    };
    expect(computeRiskScore(input)).toBe(90);
  });

  it('is capped at 100', () => {
    expect(computeRiskScore({ age: 80, chiefComplaint: 'chest pain', symptoms: ['stroke'] })).toBe(100);
  });

  it('is 0 with nothing known, and ignores values that are not finite numbers', () => {
    expect(computeRiskScore({})).toBe(0);
    expect(computeRiskScore({ age: null, vitalSigns: { heartRate: Number.NaN, bloodPressure: null } })).toBe(0);
  });
});

describe('urgency, immediate attention and clinical priority', () => {
  it.each([
    [100, 'emergency'],
    [90, 'emergency'],
    [89, 'urgent'],
    [75, 'urgent'],
    [74, 'high'],
    [50, 'high'],
    [49, 'medium'],
    [25, 'medium'],
    [24, 'low'],
    [0, 'low'],
  ])('score %d is %s', (score, level) => expect(urgencyForScore(score)).toBe(level));

  it('immediate attention applies above 80, not at 80', () => {
    expect(needsImmediateAttention(80)).toBe(false);
    expect(needsImmediateAttention(81)).toBe(true);
  });

  it.each([
    [{ riskScore: 40, age: 75 }, 40],
    [{ riskScore: 40, age: 76 }, 50],
    [{ riskScore: 40, age: 2 }, 40],
    [{ riskScore: 40, age: 1.9 }, 55],
    [{ riskScore: 40, age: 30, waitTime: 60 }, 40],
    [{ riskScore: 40, age: 30, waitTime: 61 }, 60],
    [{ riskScore: 40, age: 80, waitTime: 90 }, 70],
    [{ riskScore: 40, age: 1, waitTime: 90 }, 75],
    [{ riskScore: 85, age: 80, waitTime: 90 }, 100],
    [{ riskScore: 40 }, 40],
  ])('clinical priority of %o is %d', (p, priority) => expect(clinicalPriority(p)).toBe(priority));
});

describe('assessment text bands', () => {
  it.each([
    [100, 'critical'],
    [85, 'critical'],
    [84, 'urgent'],
    [70, 'urgent'],
    [69, 'moderate'],
    [50, 'moderate'],
    [49, 'low-urgency'],
    [30, 'low-urgency'],
    [29, 'stable'],
    [0, 'stable'],
  ])('score %d is %s', (score, band) => expect(assessmentBand(score).band).toBe(band));

  it('the texts name the time each band allows', () => {
    expect(assessmentText(85)).toMatch(/immediate/i);
    expect(assessmentText(70)).toContain('15 minutes');
    expect(assessmentText(50)).toContain('30 minutes');
    expect(assessmentText(30)).toContain('1 to 2 hours');
    expect(assessmentText(0)).toMatch(/stable/i);
  });
});

describe('risk factors', () => {
  it.each([
    [40, 'critical'],
    [39, 'high'],
    [25, 'high'],
    [24, 'moderate'],
    [15, 'moderate'],
    [14, 'low'],
  ] as const)('%d points is a %s factor', (points, severity) => expect(riskFactorSeverity(points)).toBe(severity));

  it('lists one factor per contributing item with what to do about it', () => {
    const factors = riskFactors({
      age: 80,
      symptoms: ['chest pain', 'itchy eyes'],
      vitalSigns: { heartRate: 45, bloodPressure: { systolic: 85 }, temperature: 103 },
      medicalHistory: ['diabetes', 'tonsillectomy'],
      chiefComplaint: 'chest pain',
    });
    expect(factors.map((f) => [f.id, f.factor, f.points])).toEqual([
      ['age', 'Age over 75', 30],
      ['symptom-1', 'Critical symptom', 50],
      ['heart-rate', 'Bradycardia', 25],
      ['systolic', 'Hypotension', 25],
      ['temperature', 'Fever', 25],
      ['history-1', 'Serious medical history', 25],
      ['chief-complaint', 'High-risk chief complaint', 50],
    ]);
    expect(factors.every((f) => f.mitigation.length > 0 && f.description.length > 0)).toBe(true);
  });

  it("names each vital sign's direction", () => {
    const names = (vitalSigns: object) => riskFactors({ vitalSigns }).map((f) => f.factor);
    expect(names({ heartRate: 130, bloodPressure: { systolic: 170 }, respiratoryRate: 28 })).toEqual(['Tachycardia', 'Hypertension', 'Tachypnea']);
    expect(names({ respiratoryRate: 8, temperature: 94, oxygenSaturation: 88, glasgowComaScale: 10 })).toEqual([
      'Low oxygen saturation',
      'Low body temperature',
      'Bradypnea',
      'Reduced consciousness',
    ]);
  });

  it("names a child's age band", () => {
    expect(riskFactors({ age: 0 })[0].factor).toBe('Child under 1');
    expect(riskFactors({ age: 3 })[0].factor).toBe('Child under 5');
    expect(riskFactors({ age: 8 })[0].factor).toBe('Child under 12');
    expect(riskFactors({ age: 70 })[0].factor).toBe('Age over 65');
  });

  it('has none for a healthy adult', () => {
    expect(riskFactors({ age: 30, symptoms: ['itchy eyes'] })).toEqual([]);
  });
});

describe('recommendations', () => {
  it('chest pain asks for an ECG within 10 minutes, most pressing first', () => {
    const recs = riskRecommendations({ chiefComplaint: 'Chest pain', vitalSigns: { heartRate: 125 } });
    expect(recs.map((r) => r.id)).toEqual(['ecg-10-minutes', 'evaluation-15-minutes', 'cardiac-monitoring']);
    expect(recs[0]).toMatchObject({ priority: 'critical', evidenceLevel: 'A', applicable: true });
    expect(recs[0].rationale).toMatch(/chest pain/i);
  });

  it('always starts from the score band, routine care when stable', () => {
    expect(riskRecommendations({}).map((r) => r.id)).toEqual(['routine-care']);
  });

  it('adds stroke, anaphylaxis, neuro, oxygen, respiratory and sepsis recommendations from their findings', () => {
    const ids = riskRecommendations({
      symptoms: ['stroke', 'anaphylaxis'],
      vitalSigns: { glasgowComaScale: 12, oxygenSaturation: 90, respiratoryRate: 26, temperature: 101 },
    }).map((r) => r.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'stroke-pathway',
        'anaphylaxis-protocol',
        'neuro-observations',
        'oxygen-therapy',
        'respiratory-assessment',
        'sepsis-screen',
        'immediate-evaluation',
      ]),
    );
  });

  it('a high NEWS2 asks for the emergency response, a single 3 for the urgent one, a low one for neither', () => {
    const ids = (vitalSigns: object) => riskRecommendations({ vitalSigns }).map((r) => r.id);
    expect(ids({ heartRate: 135, respiratoryRate: 26, glasgowComaScale: 14 })).toContain('news2-emergency');
    expect(ids({ bloodPressure: { systolic: 88 } })).toContain('news2-urgent');
    expect(ids({ heartRate: 95 })).not.toContain('news2-urgent');
  });
});

describe('assessRisk', () => {
  it('assesses a stable adult as low risk with routine care', () => {
    const a = assessRisk({ age: 30, symptoms: ['itchy eyes'] });
    expect(a).toMatchObject({
      riskScore: 0,
      urgencyLevel: 'low',
      clinicalPriority: 0,
      requiresImmediateAttention: false,
      assessmentBand: 'stable',
      riskFactors: [],
      aiConfidence: 0.85,
      news2: null,
      clinicalGuidelines: ['Clinic triage protocol'],
    });
  });

  it('assesses an elderly patient with chest pain as an emergency needing immediate attention', () => {
    const a = assessRisk({
      age: 80,
      chiefComplaint: 'chest pain',
      vitalSigns: { heartRate: 110, oxygenSaturation: 97, respiratoryRate: 18, glasgowComaScale: 15 },
      waitTime: 5,
    });
    expect(a.riskScore).toBe(95);
    expect(a.urgencyLevel).toBe('emergency');
    expect(a.requiresImmediateAttention).toBe(true);
    expect(a.clinicalPriority).toBe(100);
    expect(a.assessment).toBe(assessmentText(95));
    expect(a.news2?.score).toBe(1);
    expect(a.recommendations[0].priority).toBe('critical');
    expect(a.clinicalGuidelines).toContain('AHA/ACC 2021 Chest Pain Guideline');
    expect(a.breakdown).toMatchObject({ age: 30, chiefComplaint: 50, heartRate: 15 });
  });
});

describe('clinicalList', () => {
  it('splits text on commas, semicolons and lines, trims, and drops empties', () => {
    expect(clinicalList(' a, b ;c\n\n, ')).toEqual(['a', 'b', 'c']);
    expect(clinicalList(['x ', '', ' y'])).toEqual(['x', 'y']);
    expect(clinicalList(null)).toEqual([]);
  });
});
