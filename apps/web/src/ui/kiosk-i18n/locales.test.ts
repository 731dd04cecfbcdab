import { KIOSK_FAILURE_MESSAGE, KIOSK_REQUIRED_MESSAGE } from '@clinic/domain/contracts/kiosk';
import {
  ID_DOCUMENT_TYPES,
  VISIT_PURPOSES,
  VISITOR_ACCESS_LEVELS,
  VISITOR_RELATIONSHIPS,
  VISITOR_REQUIRED_MESSAGE,
} from '@clinic/domain/rules/visitors';
import { describe, expect, it } from 'vitest';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';

/** Every key path of a translation file, `a.b.c`, with its value. */
function entries(tree: unknown, prefix = ''): Array<[string, unknown]> {
  if (tree === null || typeof tree !== 'object') return [[prefix, tree]];
  return Object.entries(tree).flatMap(([k, v]) => entries(v, prefix ? `${prefix}.${k}` : k));
}
const keys = (tree: unknown) =>
  entries(tree)
    .map(([k]) => k)
    .sort();
const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('kiosk translation files', () => {
  const english = new Map(entries(en));

  it.each([
    ['es', es],
    ['fr', fr],
    ['de', de],
  ])('%s has every English key, no other, each a non-empty text with the same placeholders', (_lng, file) => {
    expect(keys(file)).toEqual(keys(en));
    for (const [key, value] of entries(file)) {
      expect(typeof value, key).toBe('string');
      expect(String(value).trim(), key).not.toBe('');
      expect(placeholders(value), key).toEqual(placeholders(english.get(key)));
    }
  });

  it('keeps the spec texts in English word for word', () => {
    expect(en.common.required).toBe(KIOSK_REQUIRED_MESSAGE);
    expect(en.common.failure).toBe(KIOSK_FAILURE_MESSAGE);
    expect(en.kiosk.steps).toEqual({
      welcome: 'Welcome',
      patient: 'Patient Information',
      medical: 'Medical Information',
      complete: 'Check-in Complete!',
    });
    expect(en.emergency.whatBrings).toBe('What brings you to the emergency room?');
    expect(en.emergency.stayHere).toBe('Stay here: a nurse is coming to you now');
    expect(en.visitorKiosk.steps).toEqual({
      welcome: 'Welcome, Visitor',
      info: 'Visitor Information',
      security: 'Security Check',
      badge: 'Check-In Complete!',
    });
    expect(en.visitorKiosk.required).toBe(VISITOR_REQUIRED_MESSAGE);
    expect(en.visitorKiosk.failure).toBe('Check-in could not be completed. Please try again or ask at the front desk.');
  });

  it("labels every value of the visitor kiosk's lists, in English as the value itself", () => {
    const lists: Array<[Record<string, string>, readonly string[]]> = [
      [en.visitorKiosk.relationships, VISITOR_RELATIONSHIPS],
      [en.visitorKiosk.purposes, VISIT_PURPOSES],
      [en.visitorKiosk.idTypes, ID_DOCUMENT_TYPES],
      [en.visitorKiosk.badge.accessLevels, VISITOR_ACCESS_LEVELS],
    ];
    for (const [labels, values] of lists) expect(labels).toEqual(Object.fromEntries(values.map((v) => [v, v])));
  });
});
