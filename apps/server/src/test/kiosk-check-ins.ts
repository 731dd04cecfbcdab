import { expect } from 'vitest';
import { freshAddress, type UsedTestApp } from './harness.js';

/** A kiosk check-in's body of one adult with chest pain, named `lastName`. */
export const kioskCase = (lastName: string) => ({
  firstName: 'Maria',
  lastName,
  dateOfBirth: '1950-04-02',
  phoneNumber: '(555) 201-3344',
  chiefComplaint: 'Chest pain since this morning',
  symptoms: ['chest pain'],
  painLevel: 7,
});

/** Who a series of kiosk check-ins is: the last name gets a running number, the phone prefix four digits of it. */
export interface KioskPerson {
  firstName: string;
  lastName: string;
  /** The phone number without its last four digits, e.g. `555-010-`. */
  phonePrefix: string;
  chiefComplaint: string;
}

/** Kiosk check-ins of new people; `made` counts them, so the last one's last name is `lastName + made`. */
export interface KioskCheckIns {
  (over?: Record<string, unknown>): Promise<string>;
  made: number;
}

/**
 * A test's kiosk check-ins: each posts `POST /api/triage/case` anonymously from an address of its
 * own (no shared rate limit), as a new person (`person`, then `over`), expects 201 and returns the
 * queue entry's id.
 */
export function kioskCheckIns(t: Pick<UsedTestApp, 'anon'>, person: KioskPerson): KioskCheckIns {
  const checkIn = async (over: Record<string, unknown> = {}) => {
    checkIn.made += 1;
    const { firstName, lastName, phonePrefix, chiefComplaint } = person;
    const n = checkIn.made;
    const res = await t.anon.post(
      '/api/triage/case',
      { firstName, lastName: `${lastName}${n}`, phoneNumber: `${phonePrefix}${String(1000 + n)}`, chiefComplaint, ...over },
      { remoteAddress: freshAddress() },
    );
    expect(res.statusCode).toBe(201);
    return res.json().case.id as string;
  };
  checkIn.made = 0;
  return checkIn;
}
