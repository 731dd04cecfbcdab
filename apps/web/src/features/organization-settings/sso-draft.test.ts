import type { SsoConfiguration } from '@clinic/domain/contracts/sso';
import { describe, expect, it } from 'vitest';
import { validateForm } from '../../ui/zod-form';
import { SSO_FORM, absoluteUrl, domainToAdd, ssoBodyOf, ssoDraftOf } from './sso-draft';

const saved: SsoConfiguration = {
  enabled: true,
  issuer: 'https://login.hospital.org',
  clientId: 'clinicflow',
  hasClientSecret: true,
  domains: [{ domain: 'hospital.org', txtRecord: 'clinicflow-verification=abc', verified: true, verifiedAt: '2026-01-02T03:04:05.000Z' }],
  enforce: false,
  defaultRole: 'Staff',
  redirectUri: 'https://clinic.example.org/api/auth/sso/callback',
  signInUrl: '/login?sso=org-1',
};

describe('single sign-on draft: the write-only client secret', () => {
  it('keeps the saved secret when none is typed: the body leaves it out', () => {
    const body = validateForm(SSO_FORM, ssoDraftOf(saved)).data;
    expect(body).not.toBeNull();
    expect(body).not.toHaveProperty('clientSecret');
    expect(body?.domains).toEqual(['hospital.org']);
  });

  it('replaces it with the one typed', () => {
    expect(ssoBodyOf({ ...ssoDraftOf(saved), clientSecret: 'new-secret' }).clientSecret).toBe('new-secret');
  });

  it('removes it with null, whatever was typed', () => {
    expect(ssoBodyOf({ ...ssoDraftOf(saved), clientSecret: 'typed', removeClientSecret: true }).clientSecret).toBeNull();
  });
});

describe('single sign-on draft: fields the contract refuses', () => {
  it('puts a missing issuer and client id at their fields', () => {
    const errors = validateForm(SSO_FORM, { ...ssoDraftOf(saved), issuer: 'not a url', clientId: ' ' }).errors;
    expect(Object.keys(errors ?? {}).sort()).toEqual(['clientId', 'issuer']);
  });

  it('puts a wrong domain at its row', () => {
    const errors = validateForm(SSO_FORM, { ...ssoDraftOf(saved), domains: ['hospital.org', 'not a domain'] }).errors;
    expect(errors).toEqual({ 'domains.1': 'Enter a domain such as hospital.org' });
  });
});

describe('adding a domain', () => {
  it('reads it as the contract does', () => {
    expect(domainToAdd('  North.Hospital.ORG ', [])).toEqual({ domain: 'north.hospital.org' });
  });

  it('refuses what is not a domain, and one listed already', () => {
    expect(domainToAdd('https://hospital.org/', [])).toEqual({ error: 'Enter a domain such as hospital.org' });
    expect(domainToAdd('Hospital.org', ['hospital.org'])).toEqual({ error: 'hospital.org is listed already.' });
  });
});

describe('the sign-in link', () => {
  it('is made absolute on this site when the server gives a path', () => {
    expect(absoluteUrl('/login?sso=org-1', 'https://clinic.example.org')).toBe('https://clinic.example.org/login?sso=org-1');
    expect(absoluteUrl('https://other.example.org/login?sso=x', 'https://clinic.example.org')).toBe('https://other.example.org/login?sso=x');
  });
});
