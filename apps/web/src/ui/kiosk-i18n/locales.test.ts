import { KIOSK_FAILURE_MESSAGE, KIOSK_REQUIRED_MESSAGE } from '@clinic/domain/contracts/kiosk';
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
  });
});
