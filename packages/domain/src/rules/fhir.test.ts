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

  it('never read year 0 or 1 as 1900 or 1901', () => {
    expect(parseDateParam('0000')).toBeNull();
    expect(parseDateParam('lt0001-01-01')!.start.toISOString()).toBe('0001-01-01T00:00:00.000Z');
    expect(parseDateParam('0050-03-01')!.start.toISOString()).toBe('0050-03-01T00:00:00.000Z');
  });

  it('refuse a year outside the range they are given, at its boundary', () => {
    const people = { minYear: 1900, maxYear: 2100 };
    expect(parseDateParam('le1899-12-31', people)).toBeNull();
    expect(parseDateParam('ge1900-01-01', people)!.start.toISOString()).toBe('1900-01-01T00:00:00.000Z');
    expect(parseDateParam('2100', people)!.end.toISOString()).toBe('2101-01-01T00:00:00.000Z');
    expect(parseDateParam('le9999-12-31', people)).toBeNull();
    expect(parseDateParam('gt2101-01', people)).toBeNull();
    expect(parseDateParam('lt2101-01-01T00:00:00Z', people)).toBeNull();
  });

  it('refuse an impossible day carried by an instant', () => {
    expect(parseDateParam('ge2026-02-30T10:00:00Z')).toBeNull();
    expect(parseDateParam('ge2024-02-29T10:00:00Z')!.start.toISOString()).toBe('2024-02-29T10:00:00.000Z');
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
