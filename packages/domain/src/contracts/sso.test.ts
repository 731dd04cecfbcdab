import { describe, expect, it } from 'vitest';
import { SSO_DEFAULT_ROLES, ssoConfigurationBody, ssoDomainName, ssoStartBody, ssoTxtRecord } from './sso.js';

const body = {
  enabled: true,
  issuer: 'https://login.hospital.org/tenant/v2.0',
  clientId: 'clinicflow',
  domains: ['hospital.org'],
  enforce: false,
  defaultRole: 'Staff',
};

describe('single sign-on contracts', () => {
  it('read a domain in lower case and refuse anything but a bare domain name', () => {
    expect(ssoDomainName.parse(' Hospital.ORG ')).toBe('hospital.org');
    for (const bad of ['hospital', 'https://hospital.org', 'hospital.org/path', '-hospital.org', 'user@hospital.org', 'a..org']) {
      expect(ssoDomainName.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('never give a first sign-in a role above Manager', () => {
    expect(SSO_DEFAULT_ROLES).toEqual(['Viewer', 'Staff', 'Nurse', 'Doctor', 'Manager']);
    expect(ssoConfigurationBody.safeParse({ ...body, defaultRole: 'Manager' }).success).toBe(true);
    expect(ssoConfigurationBody.safeParse({ ...body, defaultRole: 'Admin' }).success).toBe(false);
    expect(ssoConfigurationBody.safeParse({ ...body, defaultRole: 'Owner' }).success).toBe(false);
  });

  it('take an http or https issuer only, and keep the client secret write-only (absent, null or a value)', () => {
    expect(ssoConfigurationBody.safeParse({ ...body, issuer: 'ftp://idp.hospital.org' }).success).toBe(false);
    expect(ssoConfigurationBody.parse(body).clientSecret).toBeUndefined();
    expect(ssoConfigurationBody.parse({ ...body, clientSecret: null }).clientSecret).toBeNull();
    expect(ssoConfigurationBody.safeParse({ ...body, clientSecret: '' }).success).toBe(false);
  });

  it('start with an e-mail or an organization, never both', () => {
    expect(ssoStartBody.parse({ email: 'Ada@Hospital.org' })).toEqual({ email: 'ada@hospital.org' });
    expect(ssoStartBody.parse({ organizationId: 'org-1' })).toEqual({ organizationId: 'org-1' });
    expect(ssoStartBody.safeParse({ email: 'ada@hospital.org', organizationId: 'org-1' }).success).toBe(false);
  });

  it('name the TXT record that proves a domain', () => {
    expect(ssoTxtRecord('abc')).toBe('clinicflow-verification=abc');
  });
});
