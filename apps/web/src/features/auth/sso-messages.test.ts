import { SSO_ERRORS } from '@clinic/domain/contracts/sso';
import { describe, expect, it } from 'vitest';
import { SSO_GENERIC_ERROR, ssoDestination, ssoErrorMessage } from './sso-messages';

describe('single sign-on messages of the login screen', () => {
  it('shows the catalogue message of a known code', () => {
    expect(ssoErrorMessage('state')).toBe(SSO_ERRORS.state);
    expect(ssoErrorMessage('email')).toBe(SSO_ERRORS.email);
  });

  it('shows the generic message for an unknown code, an inherited property name included', () => {
    expect(ssoErrorMessage('no-such-code')).toBe(SSO_GENERIC_ERROR);
    expect(ssoErrorMessage('constructor')).toBe(SSO_GENERIC_ERROR);
    expect(ssoErrorMessage('')).toBe(SSO_GENERIC_ERROR);
  });
});

const APP = 'https://clinic.example.org';

describe('where a started single sign-on sends the browser', () => {
  it('follows an identity provider address', () => {
    expect(ssoDestination('https://login.example.org/authorize?state=abc', APP)).toBe('https://login.example.org/authorize?state=abc');
  });

  it('never follows a script or data address', () => {
    expect(ssoDestination('javascript:alert(1)', APP)).toBeNull();
    expect(ssoDestination('data:text/html,hi', APP)).toBeNull();
  });
});
