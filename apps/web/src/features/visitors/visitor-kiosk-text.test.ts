import { DEFAULT_VISITOR_POLICY } from '@clinic/domain/rules/visitors';
import { describe, expect, it } from 'vitest';
import { kioskI18n } from '../../ui/kiosk-i18n';
import { badgeTextOf, choiceLabel, formatWallTime, policyLines } from './visitor-kiosk-text';

const en = kioskI18n.getFixedT('en');
const de = kioskI18n.getFixedT('de');
const es = kioskI18n.getFixedT('es');

describe('the visitor kiosk policy lines', () => {
  it("keep the spec's words in English for the default policy, and until the policy answers", () => {
    const spec = ['Visiting hours: 8:00 AM to 8:00 PM', 'Maximum 2 visitors per patient at a time'];
    expect(policyLines(DEFAULT_VISITOR_POLICY, en, 'en')).toEqual(spec);
    expect(policyLines(undefined, en, 'en')).toEqual(spec);
  });

  it("follow the organization's hours and limit, with times as the language reads a clock", () => {
    const policy = { visitingHoursStart: '09:30', visitingHoursEnd: '18:00', maxVisitorsPerPatient: 3 };
    expect(policyLines(policy, en, 'en')).toEqual(['Visiting hours: 9:30 AM to 6:00 PM', 'Maximum 3 visitors per patient at a time']);
    expect(policyLines(policy, de, 'de')).toEqual(['Besuchszeiten: 9:30 bis 18:00 Uhr', 'Höchstens 3 Besucher pro Patient gleichzeitig']);
    expect(policyLines({ ...policy, maxVisitorsPerPatient: 1 }, en, 'en')[1]).toBe('Maximum 1 visitor per patient at a time');
  });

  it('say open all day where the hours start and end at the same minute, as the server counts them', () => {
    const allDay = { visitingHoursStart: '00:00', visitingHoursEnd: '00:00', maxVisitorsPerPatient: 2 };
    expect(policyLines(allDay, en, 'en')[0]).toBe('Visiting hours: open 24 hours');
    expect(policyLines(allDay, es, 'es')[0]).toBe('Horario de visitas: abierto las 24 horas');
  });

  it('format midnight and noon on a 12-hour clock in English, a 24-hour clock in German and French', () => {
    expect(formatWallTime('00:05', 'en')).toBe('12:05 AM');
    expect(formatWallTime('12:00', 'en')).toBe('12:00 PM');
    expect(formatWallTime('20:00', 'de')).toBe('20:00');
    expect(formatWallTime('08:05', 'fr')).toBe('8:05');
  });
});

describe('the visitor kiosk choice labels and badge words', () => {
  it('label the server values in the language, an unknown value as it is', () => {
    expect(choiceLabel(en, 'purposes', 'Visit Patient')).toBe('Visit Patient');
    expect(choiceLabel(de, 'purposes', 'Visit Patient')).toBe('Patientenbesuch');
    expect(choiceLabel(es, 'idTypes', 'Passport')).toBe('Pasaporte');
    expect(choiceLabel(de, 'relationships', 'Neighbour')).toBe('Neighbour');
  });

  it('word the badge in the language', () => {
    const text = badgeTextOf(de, 'de');
    expect(text.number('VA1234')).toBe('Besucherausweis-Nummer VA1234');
    expect(text.room('221')).toBe('Zimmer 221');
    expect(text.accessLevel('General')).toBe('Allgemein');
    expect(text.relationship('Family')).toBe('Familie');
    expect(badgeTextOf(en, 'en').validUntil('4:00 PM')).toBe('Valid until 4:00 PM');
  });
});
