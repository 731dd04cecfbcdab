import { z } from 'zod';
import type { Role } from '../rules/access.js';
import { emailAddress } from './common.js';

/** The roles a first single sign-on may give: never above Manager. */
export const SSO_DEFAULT_ROLES = ['Viewer', 'Staff', 'Nurse', 'Doctor', 'Manager'] as const satisfies readonly Role[];

/** An e-mail domain an organization claims (lower case, at least one dot, no scheme or path). */
export const ssoDomainName = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/, 'Enter a domain such as hospital.org');

/** One claimed domain as Settings shows it: the TXT record that proves it, and whether it was found. */
export const ssoDomain = z.object({
  domain: z.string(),
  /** The TXT record to publish on the domain: `clinicflow-verification=<token>`. */
  txtRecord: z.string(),
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
});
export type SsoDomain = z.infer<typeof ssoDomain>;

/** `GET /api/organizations/sso` (and the answer of its `PUT`): the client secret is never read back. */
export const ssoConfiguration = z.object({
  enabled: z.boolean(),
  issuer: z.string(),
  clientId: z.string(),
  /** A client secret is saved (it is write-only). */
  hasClientSecret: z.boolean(),
  domains: z.array(ssoDomain),
  enforce: z.boolean(),
  defaultRole: z.enum(SSO_DEFAULT_ROLES),
  /** Where the identity provider sends the person back: register it as the client's redirect URI. */
  redirectUri: z.string(),
  /** The organization's sign-in link, `/login?sso=<organizationId>`, which needs no domain. */
  signInUrl: z.string(),
});
export type SsoConfiguration = z.infer<typeof ssoConfiguration>;

/**
 * `PUT /api/organizations/sso` body. The issuer is discovered and checked when saved enabled (a
 * failure is a 400 naming `issuer`); `clientSecret` is write-only (absent keeps the saved one, null
 * removes it); `domains` is the full list claimed (a new one starts unverified, a removed one is
 * released).
 */
export const ssoConfigurationBody = z.strictObject({
  enabled: z.boolean(),
  issuer: z.url({ protocol: /^https?$/, error: 'Enter the issuer URL of your identity provider' }).max(500),
  clientId: z.string().trim().min(1, 'Enter the client ID').max(500),
  clientSecret: z.string().min(1).max(4000).nullable().optional(),
  domains: z.array(ssoDomainName).max(20),
  enforce: z.boolean(),
  defaultRole: z.enum(SSO_DEFAULT_ROLES),
});
export type SsoConfigurationBody = z.infer<typeof ssoConfigurationBody>;

/** `GET` and `PUT /api/organizations/sso` answer. */
export const ssoConfigurationResponse = z.object({ success: z.literal(true), ssoConfiguration });

/** `POST /api/organizations/sso/domains/:domain/verify`: looks up the domain's TXT record now. */
export const ssoDomainParams = z.strictObject({ domain: ssoDomainName });

/** `POST /api/organizations/sso/domains/:domain/verify` answer: the domain, now verified. */
export const ssoDomainVerifyResponse = z.object({ success: z.literal(true), domain: ssoDomain });

/** The TXT record that proves an organization holds a domain (`clinicflow-verification=<token>`). */
export const ssoTxtRecord = (token: string) => `clinicflow-verification=${token}`;

/** The verify call's refusal when the domain's TXT records do not hold the organization's record (400). */
export const SSO_DOMAIN_UNVERIFIED_MESSAGE =
  'The TXT record was not found on this domain yet. DNS changes can take a while to appear; try again later.';
/** The verify call's refusal when another organization verified the domain first (409). */
export const SSO_DOMAIN_TAKEN_MESSAGE = 'Another organization has already verified this domain.';

/** `POST /api/auth/sso/start` body: the person's e-mail, or the organization of an SSO link. */
export const ssoStartBody = z.union([z.strictObject({ email: emailAddress }), z.strictObject({ organizationId: z.string().min(1).max(100) })]);
export type SsoStartBody = z.infer<typeof ssoStartBody>;

/**
 * `POST /api/auth/sso/start` answer: where the browser goes next. Same shape whatever the e-mail:
 * the identity provider's authorization address, or `/login?sso_error=disabled`.
 */
export const ssoStartReply = z.object({ success: z.literal(true), redirectUrl: z.string() });

/**
 * `GET /api/auth/sso/callback` query: the identity provider's authorization response. Parameters
 * it may add besides these (`session_state`, ...) are kept for the response's own checks.
 */
export const ssoCallbackQuery = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(500).optional(),
  iss: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
});

/** `GET /api/auth/sso/callback` answer: a 302 to `redirectUrl` (`/dashboard`, `/login?sso_error=…` or `/login?sso_link=…`). */
export const ssoCallbackReply = z.object({ success: z.literal(true), redirectUrl: z.string() });

/** `POST /api/auth/sso/link` body: the link request the callback left, confirmed by the signed-in account. */
export const ssoLinkBody = z.strictObject({ token: z.string().min(16).max(200) });

/**
 * Why a single sign-on did not sign the person in: the callback redirects to
 * `/login?sso_error=<code>` and the login screen shows the message.
 */
export const SSO_ERRORS = {
  state: 'This sign-in was started in another browser or has expired. Start single sign-on again.',
  provider: 'Your identity provider refused the sign-in. Try again or ask your administrator.',
  token: 'Your identity provider’s answer could not be verified. Nothing was changed; ask your administrator to check the single sign-on settings.',
  email: 'Your identity provider did not confirm your e-mail address, so no account was created.',
  disabled: 'Single sign-on is not set up for this organization.',
  domain: 'Your e-mail address is not in a domain your organization has verified, so no account was created. Ask your administrator to invite you.',
  account: 'This account cannot sign in with single sign-on. Ask your administrator.',
} as const;
export type SsoErrorCode = keyof typeof SSO_ERRORS;

/** The message the login screen shows when an organization signs its members in with single sign-on only. */
export const SSO_ENFORCED_MESSAGE = 'Your organization signs you in with single sign-on. Use “Sign in with single sign-on”.';

/** The login screen's note when an SSO sign-in matched an existing account that is not yet linked (`/login?sso_link=<token>`). */
export const SSO_LINK_MESSAGE = 'An account with this e-mail already exists. Sign in with your password to link it to single sign-on.';
