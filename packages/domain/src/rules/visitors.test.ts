import { describe, expect, it } from 'vitest';
import { localTimeToInstant } from './clinic-time.js';
import {
  badgeNumberFrom,
  badgeStatusAt,
  badgeValidUntil,
  DEFAULT_VISITOR_POLICY,
  documentKey,
  failsHealthScreening,
  formatVisitDuration,
  hasOneDecimal,
  isBadgeNumber,
  isWithinVisitingHours,
  maskDocumentNumber,
  matchesWatchList,
  nameKey,
  namesPerson,
  outsideHoursMessage,
  patientLimitReached,
  VISITOR_REQUIRED_MESSAGE,
  visitorFieldsProblem,
  roomKey,
  visitorPolicyOf,
  visitorStatusAt,
  visitMinutes,
} from './visitors.js';

const NY = 'America/New_York';
const at = (zone: string, date: string, time: string) => localTimeToInstant(zone, date, time);

describe('visiting hours', () => {
  const policy = DEFAULT_VISITOR_POLICY;

  it('admit from 8:00 AM and up to 7:59 PM on the organization clock, not at 8:00 PM', () => {
    expect(isWithinVisitingHours(policy, NY, at(NY, '2026-03-10', '07:59'))).toBe(false);
    expect(isWithinVisitingHours(policy, NY, at(NY, '2026-03-10', '08:00'))).toBe(true);
    expect(isWithinVisitingHours(policy, NY, at(NY, '2026-03-10', '19:59'))).toBe(true);
    expect(isWithinVisitingHours(policy, NY, at(NY, '2026-03-10', '19:59:59'))).toBe(true);
    expect(isWithinVisitingHours(policy, NY, at(NY, '2026-03-10', '20:00'))).toBe(false);
  });

  it("read the organization's zone, not the server's: 8:30 PM in New York is 5:30 PM in Los Angeles", () => {
    const instant = at(NY, '2026-07-01', '20:30');
    expect(isWithinVisitingHours(policy, NY, instant)).toBe(false);
    expect(isWithinVisitingHours(policy, 'America/Los_Angeles', instant)).toBe(true);
  });

  it('span midnight when the end is before the start', () => {
    const night = { visitingHoursStart: '22:00', visitingHoursEnd: '06:00' };
    expect(isWithinVisitingHours(night, NY, at(NY, '2026-03-10', '23:00'))).toBe(true);
    expect(isWithinVisitingHours(night, NY, at(NY, '2026-03-10', '05:59'))).toBe(true);
    expect(isWithinVisitingHours(night, NY, at(NY, '2026-03-10', '06:00'))).toBe(false);
  });

  it('come from the settings, each malformed value falling back to the spec', () => {
    expect(visitorPolicyOf({})).toEqual(DEFAULT_VISITOR_POLICY);
    expect(visitorPolicyOf(null)).toEqual(DEFAULT_VISITOR_POLICY);
    expect(visitorPolicyOf({ visitingHoursStart: '09:30', visitingHoursEnd: '25:00', badgeValidHours: 4, maxVisitorsPerPatient: 0 })).toEqual({
      ...DEFAULT_VISITOR_POLICY,
      visitingHoursStart: '09:30',
      badgeValidHours: 4,
    });
    expect(visitorPolicyOf({ visitorPatientLookup: 'room' }).patientLookup).toBe('room');
    expect(visitorPolicyOf({ visitorPatientLookup: 'bed' }).patientLookup).toBe('name');
    expect(outsideHoursMessage(DEFAULT_VISITOR_POLICY)).toContain('8:00 AM to 8:00 PM');
    expect(outsideHoursMessage({ visitingHoursStart: '00:00', visitingHoursEnd: '12:30' })).toContain('12:00 AM to 12:30 PM');
  });
});

describe('room numbers', () => {
  it('compare case, spaces and a leading "Room" aside', () => {
    expect(roomKey(' room b-907 ')).toBe('B-907');
    expect(roomKey('Room 4 12')).toBe('412');
    expect(roomKey('412')).not.toBe(roomKey('4120'));
    expect(roomKey(null)).toBe('');
  });
});

describe('badge numbers', () => {
  it('are V, one capital letter and four digits', () => {
    expect(isBadgeNumber('VA0000')).toBe(true);
    expect(isBadgeNumber('VZ9999')).toBe(true);
    expect(isBadgeNumber('Va1234')).toBe(false);
    expect(isBadgeNumber('VA123')).toBe(false);
    expect(isBadgeNumber('VA12345')).toBe(false);
    expect(isBadgeNumber('XA1234')).toBe(false);
  });

  it('are drawn over the whole range, the extremes included', () => {
    expect(badgeNumberFrom(() => 0)).toBe('VA0000');
    expect(badgeNumberFrom(() => 0.999999999)).toBe('VZ9999');
    for (let i = 0; i < 200; i++) expect(isBadgeNumber(badgeNumberFrom(Math.random))).toBe(true);
  });

  it('are valid 8 hours by default, or the hours the organization sets', () => {
    const issued = new Date('2026-03-10T14:00:00Z');
    expect(badgeValidUntil(issued).toISOString()).toBe('2026-03-10T22:00:00.000Z');
    expect(badgeValidUntil(issued, 4).toISOString()).toBe('2026-03-10T18:00:00.000Z');
  });
});

describe('statuses and expiry', () => {
  const checkIn = new Date('2026-03-10T14:00:00Z');
  const validUntil = badgeValidUntil(checkIn);
  const open = { checkOutTime: null, restrictedAt: null, validUntil };

  it('a visitor still in at exactly 8 hours is Expired, a second before still Checked In', () => {
    expect(visitorStatusAt(open, new Date(validUntil.getTime() - 1000))).toBe('Checked In');
    expect(visitorStatusAt(open, validUntil)).toBe('Expired');
    expect(badgeStatusAt(open, new Date(validUntil.getTime() - 1000))).toBe('valid');
    expect(badgeStatusAt(open, validUntil)).toBe('expired');
  });

  it('checked out beats expired; restricted beats everything', () => {
    const later = new Date(validUntil.getTime() + 3_600_000);
    expect(visitorStatusAt({ ...open, checkOutTime: checkIn }, later)).toBe('Checked Out');
    expect(badgeStatusAt({ ...open, checkOutTime: checkIn }, later)).toBe('checked-out');
    expect(visitorStatusAt({ ...open, checkOutTime: checkIn, restrictedAt: checkIn }, later)).toBe('Restricted');
    expect(badgeStatusAt({ ...open, restrictedAt: checkIn }, checkIn)).toBe('restricted');
    expect(badgeStatusAt({ ...open, revokedAt: checkIn }, checkIn)).toBe('checked-out');
  });
});

describe('per-patient limit', () => {
  it('takes a second visitor and refuses the third, or what the organization sets', () => {
    expect(patientLimitReached(0)).toBe(false);
    expect(patientLimitReached(1)).toBe(false);
    expect(patientLimitReached(2)).toBe(true);
    expect(patientLimitReached(2, 3)).toBe(false);
    expect(patientLimitReached(3, 3)).toBe(true);
  });
});

describe('health screening', () => {
  it('refuses at 100.4 °F and above, admits at 100.3 °F', () => {
    expect(failsHealthScreening(100.3, [])).toBe(false);
    expect(failsHealthScreening(100.4, [])).toBe(true);
    expect(failsHealthScreening(0.1 + 100.3, [])).toBe(true); // 100.39999… as a float is still 100.4 typed
    expect(failsHealthScreening(103, [])).toBe(true);
    expect(failsHealthScreening(undefined, [])).toBe(false);
  });

  it('refuses any reported symptom, and ignores blank entries', () => {
    expect(failsHealthScreening(98.6, ['cough'])).toBe(true);
    expect(failsHealthScreening(98.6, ['', '  '])).toBe(false);
    expect(failsHealthScreening(null, null)).toBe(false);
  });

  it('takes temperatures with one decimal at most', () => {
    expect(hasOneDecimal(98.6)).toBe(true);
    expect(hasOneDecimal(100)).toBe(true);
    expect(hasOneDecimal(98.65)).toBe(false);
  });
});

describe('required fields', () => {
  const complete = {
    firstName: 'Ana',
    lastName: 'Lopez',
    phone: '555-0100',
    relationship: 'Family',
    visitPurpose: 'Visit Patient',
    patientName: 'John Smith',
    idDocument: { type: 'Passport', number: 'X1234567' },
    healthScreening: true,
  };

  it('pass when every required field is there', () => {
    expect(visitorFieldsProblem(complete)).toBeNull();
  });

  it("take the patient's room number in place of the name", () => {
    expect(visitorFieldsProblem({ ...complete, patientName: '', patientRoom: '412' })).toBeNull();
    expect(visitorFieldsProblem({ ...complete, patientName: '', patientRoom: ' ' })).toBe(VISITOR_REQUIRED_MESSAGE);
  });

  it.each([
    ['first name', { firstName: ' ' }],
    ['last name', { lastName: '' }],
    ['phone', { phone: undefined }],
    ['patient name', { patientName: '' }],
    ['relationship outside the list', { relationship: 'Neighbour' }],
    ['purpose outside the list', { visitPurpose: 'visit patient' }],
    ['ID document type', { idDocument: { type: 'Library card', number: '1' } }],
    ['ID document number', { idDocument: { type: 'Passport', number: '' } }],
    ['unconfirmed health screening', { healthScreening: false }],
  ])('refuse a missing or invalid %s with the spec text', (_what, change) => {
    expect(visitorFieldsProblem({ ...complete, ...change })).toBe(VISITOR_REQUIRED_MESSAGE);
  });
});

describe('matching people', () => {
  it('compares names without case, accents, commas or extra spaces', () => {
    expect(nameKey('  José  GARCÍA ')).toBe('jose garcia');
    expect(namesPerson('jose garcia', 'José', 'García')).toBe(true);
    expect(namesPerson('GARCIA, Jose', 'José', 'García')).toBe(true);
    expect(namesPerson('Jose Garcias', 'José', 'García')).toBe(false);
    expect(namesPerson('   ', 'José', 'García')).toBe(false);
  });

  it('matches the watch list on the name and the phone or ID number, never the name alone', () => {
    const entry = { firstName: 'Rex', lastName: 'Banner', phoneDigits: '5550199', documentKey: 'D1234567' };
    expect(matchesWatchList(entry, { firstName: 'rex', lastName: 'BANNER', phone: '555-0199' })).toBe(true);
    expect(matchesWatchList(entry, { firstName: 'Rex', lastName: 'Banner', phone: '555-0000', idNumber: 'd-123 4567' })).toBe(true);
    expect(matchesWatchList(entry, { firstName: 'Rex', lastName: 'Banner', phone: '555-0000', idNumber: 'Z9' })).toBe(false);
    expect(matchesWatchList(entry, { firstName: 'Rex', lastName: 'Bannerman', phone: '555-0199' })).toBe(false);
    expect(matchesWatchList({ ...entry, phoneDigits: null, documentKey: null }, { firstName: 'Rex', lastName: 'Banner', phone: '' })).toBe(false);
    expect(documentKey(' ab-12 ')).toBe('AB12');
  });

  it('masks an ID number but the last 4', () => {
    expect(maskDocumentNumber('D1234567')).toBe('•••• 4567');
    expect(maskDocumentNumber('123')).toBe('••••');
    expect(maskDocumentNumber(null)).toBeNull();
  });
});

describe('visit duration', () => {
  it('reads Nm under 60 minutes and Nh Nm from 60', () => {
    expect(formatVisitDuration(0)).toBe('0m');
    expect(formatVisitDuration(59)).toBe('59m');
    expect(formatVisitDuration(60)).toBe('1h 0m');
    expect(formatVisitDuration(125)).toBe('2h 5m');
  });

  it('counts whole minutes to check-out, or to now while the visit lasts', () => {
    const inAt = new Date('2026-03-10T14:00:00Z');
    expect(visitMinutes(inAt, new Date('2026-03-10T14:59:59Z'), new Date('2026-03-11T00:00:00Z'))).toBe(59);
    expect(visitMinutes(inAt, null, new Date('2026-03-10T15:00:00Z'))).toBe(60);
    expect(visitMinutes(inAt, null, new Date('2026-03-10T13:00:00Z'))).toBe(0);
  });
});
