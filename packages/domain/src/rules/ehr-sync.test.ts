import { describe, expect, it } from 'vitest';
import { EHR_SYNC_RUN_STATUSES } from '../contracts/integrations.js';
import {
  OAUTH_DESCRIPTION_MAX,
  OAUTH_ERROR_MAX,
  epicAuthMethodOf,
  isOpenSyncRun,
  patientFromFhir,
  signInRefusal,
  syncChanges,
  type SyncedValues,
} from './ehr-sync.js';

const values = (over: Partial<SyncedValues> = {}): SyncedValues => ({
  firstName: 'Ana',
  lastName: 'Lopez',
  dateOfBirth: '1980-02-03',
  gender: 'female',
  phone: '555-0100',
  email: null,
  street: null,
  city: null,
  state: null,
  zipCode: null,
  country: 'USA',
  ...over,
});

describe('patientFromFhir', () => {
  it('reads the official name, birth date, gender, contact points and home address', () => {
    const read = patientFromFhir({
      resourceType: 'Patient',
      id: 'p1',
      identifier: [{ system: 'urn:mrn', value: ' 123 ' }, { value: 'X9' }, { system: 'urn:empty' }],
      name: [
        { use: 'old', family: 'Old', given: ['Name'] },
        { use: 'official', family: 'Lopez', given: ['Ana', 'Maria'] },
      ],
      birthDate: '1980-02-03',
      gender: 'female',
      telecom: [
        { system: 'phone', value: '555-0199', use: 'work' },
        { system: 'phone', value: '555-0100', use: 'mobile' },
        { system: 'email', value: 'ana@example.org' },
      ],
      address: [
        { use: 'work', city: 'Elsewhere' },
        { use: 'home', line: ['1 Main St', 'Apt 2'], city: 'Springfield', state: 'IL', postalCode: '62701', country: 'USA' },
      ],
    });
    expect(read).toEqual({
      ok: true,
      externalId: 'p1',
      identifiers: ['urn:mrn|123', '|X9'],
      values: {
        firstName: 'Ana Maria',
        lastName: 'Lopez',
        dateOfBirth: '1980-02-03',
        gender: 'female',
        phone: '555-0100',
        email: 'ana@example.org',
        street: '1 Main St, Apt 2',
        city: 'Springfield',
        state: 'IL',
        zipCode: '62701',
        country: 'USA',
      },
    });
  });

  it('keeps no value for an unknown gender, a partial birth date and missing parts', () => {
    const read = patientFromFhir({
      resourceType: 'Patient',
      id: 'p2',
      name: [{ family: 'Kim', given: ['Jo'] }],
      gender: 'unknown',
      birthDate: '1980-02',
    });
    expect(read.ok && read.values).toMatchObject({ gender: null, dateOfBirth: null, phone: null, street: null, country: null });
  });

  it.each([
    ['another resource', { resourceType: 'Observation', id: 'o1' }, 'Not a Patient with an id'],
    ['no id', { resourceType: 'Patient', name: [{ family: 'Kim', given: ['Jo'] }] }, 'Not a Patient with an id'],
    ['no given name', { resourceType: 'Patient', id: 'p3', name: [{ family: 'Kim' }] }, 'No family and given name'],
    ['no family name', { resourceType: 'Patient', id: 'p4', name: [{ given: ['Jo'] }] }, 'No family and given name'],
    ['inactive', { resourceType: 'Patient', id: 'p5', active: false, name: [{ family: 'Kim', given: ['Jo'] }] }, 'Inactive in the EHR'],
  ])('skips %s', (_name, resource, reason) => {
    expect(patientFromFhir(resource)).toMatchObject({ ok: false, reason });
  });

  const person = { resourceType: 'Patient', id: 'p6', name: [{ family: 'Kim', given: ['Jo'] }] };
  it.each([
    [
      'a name with a text-direction control',
      { ...person, name: [{ family: 'Kim\u202E', given: ['Jo'] }] },
      /Last name cannot contain text-direction/,
    ],
    ['an impossible birth date', { ...person, birthDate: '2023-02-31' }, /real date between 1900 and 2100/],
    ['a birth date before 1900', { ...person, birthDate: '0000-01-01' }, /real date between 1900 and 2100/],
    ['a formula instead of a phone number', { ...person, telecom: [{ system: 'phone', value: '=HYPERLINK("x")' }] }, /valid phone number/],
    ['an e-mail that is not one', { ...person, telecom: [{ system: 'email', value: '=cmd|x' }] }, /valid email/],
    ['a postal code a user could not type', { ...person, address: [{ postalCode: '=1+1' }] }, /valid ZIP code/],
  ])('skips a Patient with %s, as the patient form refuses it', (_name, resource, reason) => {
    const read = patientFromFhir(resource);
    expect(read.ok).toBe(false);
    expect(!read.ok && read.reason).toMatch(reason);
  });

  it('keeps an e-mail as the patient form does (lower-cased)', () => {
    const read = patientFromFhir({ ...person, telecom: [{ system: 'email', value: 'Jo.Kim@Example.org' }] });
    expect(read.ok && read.values.email).toBe('jo.kim@example.org');
  });
});

describe('syncChanges', () => {
  it('fills only empty fields before any sync; the clinic’s values stand', () => {
    const current = values({ phone: '555-7777', city: null });
    expect(syncChanges(current, null, values({ phone: '555-0100', city: 'Springfield' }))).toEqual({ city: 'Springfield' });
  });

  it('updates a field the clinic has not edited since the last sync', () => {
    const baseline = values();
    expect(syncChanges(values(), baseline, values({ phone: '555-0200' }))).toEqual({ phone: '555-0200' });
  });

  it('keeps a field the clinic edited since the last sync', () => {
    expect(syncChanges(values({ phone: '555-7777' }), values(), values({ phone: '555-0200' }))).toEqual({});
  });

  it('changes nothing when the EHR is unchanged, and never clears a value the EHR dropped', () => {
    expect(syncChanges(values(), values(), values())).toEqual({});
    expect(syncChanges(values(), values(), values({ phone: null }))).toEqual({});
  });
});

describe('epicAuthMethodOf', () => {
  it('keeps the saved method, else the bearer token a connection saved before the choice was using, else SMART', () => {
    expect(epicAuthMethodOf('smart-backend', true)).toBe('smart-backend');
    expect(epicAuthMethodOf('bearer-token', false)).toBe('bearer-token');
    expect(epicAuthMethodOf(undefined, true)).toBe('bearer-token');
    expect(epicAuthMethodOf(undefined, false)).toBe('smart-backend');
    expect(epicAuthMethodOf(null, false)).toBe('smart-backend');
  });
});

describe('signInRefusal', () => {
  it("gives the token endpoint's OAuth error and description", () => {
    expect(signInRefusal({ error: 'invalid_client', error_description: 'jti already used' })).toBe(
      'The EHR refused the sign-in: invalid_client (jti already used)',
    );
    expect(signInRefusal({ error: 'invalid_grant' })).toBe('The EHR refused the sign-in: invalid_grant');
  });

  it('is null for an answer that is not an OAuth refusal', () => {
    for (const answer of [null, 'text', {}, { error: '' }, { error: 42 }, { error: ' \n ' }]) expect(signInRefusal(answer)).toBeNull();
  });

  it('keeps one printable line, trimmed at its limits', () => {
    expect(signInRefusal({ error: 'invalid_client', error_description: 'bad\r\nkey\u202E here\u0000' })).toBe(
      'The EHR refused the sign-in: invalid_client (bad key here)',
    );
    const atLimit = 'd'.repeat(OAUTH_DESCRIPTION_MAX);
    expect(signInRefusal({ error: 'e', error_description: atLimit })).toBe(`The EHR refused the sign-in: e (${atLimit})`);
    const over = signInRefusal({ error: 'x'.repeat(OAUTH_ERROR_MAX + 1), error_description: 'd'.repeat(OAUTH_DESCRIPTION_MAX + 1) })!;
    expect(over).toBe(`The EHR refused the sign-in: ${'x'.repeat(OAUTH_ERROR_MAX - 1)}… (${'d'.repeat(OAUTH_DESCRIPTION_MAX - 1)}…)`);
  });
});

describe('isOpenSyncRun', () => {
  it('is true while a run waits or runs', () => {
    expect(EHR_SYNC_RUN_STATUSES.filter(isOpenSyncRun)).toEqual(['queued', 'running']);
  });
});
