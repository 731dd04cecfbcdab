import type { VisitorKioskPolicy } from '@clinic/domain/contracts/visitors';
import { DEFAULT_VISITOR_POLICY } from '@clinic/domain/rules/visitors';
import type { TFunction } from 'i18next';
import type { VisitorBadgeText } from './components/VisitorBadge';

/** The part of the kiosk policy the welcome step shows. */
export type VisitingPolicy = Pick<VisitorKioskPolicy, 'visitingHoursStart' | 'visitingHoursEnd' | 'maxVisitorsPerPatient'>;

/**
 * A local wall time `HH:MM` as a clock reads in `language`: "8:00 AM" in English, "08:00" in
 * German. The time is formatted as UTC so the browser's own zone never shifts it; the spaces some
 * engines put before AM/PM (narrow or non-breaking) become plain ones, as the spec writes them.
 */
export function formatWallTime(hhmm: string, language: string): string {
  const [hour, minute] = hhmm.split(':').map(Number);
  const time = new Date(Date.UTC(2000, 0, 1, hour, minute));
  const text = new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(time);
  return text.replace(/[\u202f\u00a0]/g, ' ');
}

/**
 * The welcome step's two policy lines from the organization's settings (the spec's defaults until
 * the policy answers): visiting hours, or open all day where start and end are the same minute (as
 * the server counts them), and the visitors allowed per patient.
 */
export function policyLines(policy: VisitingPolicy | undefined, t: TFunction, language: string): [string, string] {
  const { visitingHoursStart: start, visitingHoursEnd: end, maxVisitorsPerPatient: max } = policy ?? DEFAULT_VISITOR_POLICY;
  const hours =
    start === end
      ? t('visitorKiosk.hoursAllDay')
      : t('visitorKiosk.hours', { start: formatWallTime(start, language), end: formatWallTime(end, language) });
  const visitors = max === 1 ? t('visitorKiosk.maxVisitorsOne') : t('visitorKiosk.maxVisitors', { max });
  return [hours, visitors];
}

/** A label of one of the kiosk's choice lists (its value stays the server's); an unknown value as is. */
export function choiceLabel(t: TFunction, list: 'relationships' | 'purposes' | 'idTypes', value: string): string {
  return t(`visitorKiosk.${list}.${value}`, { defaultValue: value });
}

/** The badge's words in the kiosk's language. */
export function badgeTextOf(t: TFunction, language: string): VisitorBadgeText {
  return {
    title: t('visitorKiosk.badge.title'),
    number: (number) => t('visitorKiosk.badge.number', { number }),
    floor: (floor) => t('visitorKiosk.badge.floor', { floor }),
    room: (room) => t('visitorKiosk.badge.room', { room }),
    validUntil: (time) => t('visitorKiosk.badge.validUntil', { time }),
    qrAlt: t('visitorKiosk.badge.qrAlt'),
    relationship: (value) => choiceLabel(t, 'relationships', value),
    purpose: (value) => choiceLabel(t, 'purposes', value),
    accessLevel: (value) => t(`visitorKiosk.badge.accessLevels.${value}`, { defaultValue: value }),
    badgeType: (value) => t(`visitorKiosk.badge.badgeTypes.${value}`, { defaultValue: value }),
    time: (date) => formatClockTime(date, language),
  };
}

/** An instant's time of day in the browser's zone, as a clock reads in `language`. */
export function formatClockTime(date: Date, language: string): string {
  return new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit' }).format(date).replace(/[\u202f\u00a0]/g, ' ');
}
