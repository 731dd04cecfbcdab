import { SSO_ERRORS } from '@clinic/domain/contracts/sso';

/** Shown for an `sso_error` code the screen does not know (a newer server, an edited address). */
export const SSO_GENERIC_ERROR = 'Single sign-on did not complete. Try again or ask your administrator.';

/** The login screen's message for the callback's `?sso_error=<code>`: the catalogue's text, or the generic one. */
export function ssoErrorMessage(code: string): string {
  return Object.hasOwn(SSO_ERRORS, code) ? SSO_ERRORS[code as keyof typeof SSO_ERRORS] : SSO_GENERIC_ERROR;
}

/**
 * Where the browser may go to start a single sign-on: an http(s) address only, so a reply that is
 * not an identity provider's address (a `javascript:` URL) is never followed.
 */
export function ssoDestination(redirectUrl: string, base: string = window.location.origin): string | null {
  try {
    const url = new URL(redirectUrl, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
