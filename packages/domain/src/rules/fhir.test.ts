import { describe, expect, it } from 'vitest';
import { dateMatches, encounterId, observationId, parseDateParam, searchsetBundle, vitalObservations } from './fhir.js';

describe('FHIR date search values', () => {
  it('cover the range of their precision', () => {
    const day = parseDateParam('2026-01-15')!;
    expect(dateMatches(new Date('2026-01-15T00:00:00Z'), day)).toBe(true);
    expect(dateMatches(new Date('2026-01-15T23:59:59.999Z'), day)).toBe(true);
    expect(dateMatches(new Date('2026-01-16T00:00:00Z'), day)).toBe(false);
    const month = parseDateParam('2026-02')!;
    expect(month.end.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(parseDateParam('2026')!.end.toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('compare by their prefix', () => {
    const at = new Date('2026-01-15T10:00:00Z');
    expect(dateMatches(at, parseDateParam('ge2026-01-15')!)).toBe(true);
    expect(dateMatches(at, parseDateParam('gt2026-01-15')!)).toBe(false);
    expect(dateMatches(at, parseDateParam('le2026-01-15')!)).toBe(true);
    expect(dateMatches(at, parseDateParam('lt2026-01-15')!)).toBe(false);
    expect(dateMatches(at, parseDateParam('lt2026-01-15T10:00:01Z')!)).toBe(true);
  });

  it('refuse what is not a date', () => {
    for (const bad of ['yesterday', '2026-13', '2026-02-30', 'ne2026', '26-01-01', '2026-01-15T10:00']) expect(parseDateParam(bad), bad).toBeNull();
  });
});

describe('vital-sign Observations', () => {
  const source = {
    entryId: 'e1',
    patientId: 'p1',
    recordedAt: new Date('2026-01-15T10:00:00Z'),
    vitals: { heartRate: 70, bloodPressure: { systolic: 120, diastolic: null }, temperature: 98.6 },
  };

  it('publish only what was recorded, with LOINC codes and UCUM units', () => {
    const observations = vitalObservations(source);
    expect(observations.map((o) => o.code.coding![0].code)).toEqual(['8867-4', '85354-9', '8310-5']);
    expect(observations[1].component).toHaveLength(1);
    expect(observations[2].valueQuantity).toEqual({ value: 98.6, unit: 'degF', system: 'http://unitsofmeasure.org', code: '[degF]' });
    expect(vitalObservations({ ...source, vitals: null })).toEqual([]);
  });

  it('have ids that name their entry and vital', () => {
    const [heart] = vitalObservations(source);
    expect(observationId.parse(heart.id!)).toEqual({ entryId: 'e1', code: '8867-4' });
    expect(observationId.parse('e1-sys')).toBeNull();
    expect(encounterId.parse('q-abc')).toEqual({ kind: 'queue', id: 'abc' });
    expect(encounterId.parse('x-abc')).toBeNull();
  });
});

describe('searchset Bundles', () => {
  it('link to the next and previous pages', () => {
    const page = (offset: number) =>
      searchsetBundle({ resources: [], total: 45, offset, count: 20, selfUrl: new URL('http://h/fhir/R4/Patient?family=x') }, 'http://h/fhir/R4');
    expect(page(0).link!.map((l) => l.relation)).toEqual(['self', 'next']);
    expect(page(40).link!.map((l) => l.relation)).toEqual(['self', 'previous']);
    expect(page(20).link!.find((l) => l.relation === 'next')!.url).toBe('http://h/fhir/R4/Patient?family=x&_count=20&_offset=40');
  });
});
