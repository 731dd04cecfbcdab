import { z } from 'zod';
import { PERMISSIONS, ROLES } from '../rules/access.js';
import { FEATURES_BY_TIER, PLAN_FEATURES, type Feature } from '../rules/plans.js';
import { emailAddress, idSchema, personName } from './common.js';
import { clinicDto, organizationDto } from './organizations.js';

/** Shortest password accepted at sign-up. */
export const MIN_PASSWORD_LENGTH = 6;
/** Longest password accepted (argon2 input stays bounded). */
export const MAX_PASSWORD_LENGTH = 256;

/**
 * Sign-in error codes and the exact messages the web shows (platform-core section 8). An unknown
 * e-mail and a wrong password share one code and one message, `auth/invalid-credential`: the
 * spec's two texts ("No user found with this email address.", "Incorrect password. Please try
 * again.") told anyone which addresses have an account (docs/decisions.md).
 */
export const AUTH_MESSAGES = {
  'auth/invalid-credential': 'Incorrect email or password.',
  'auth/invalid-email': 'Invalid email address format.',
  'auth/user-disabled': 'This account has been disabled.',
  'auth/too-many-requests': 'Too many failed attempts. Please try again later.',
  'auth/email-already-in-use': 'An account with this email already exists.',
  'auth/weak-password': 'Password should be at least 6 characters.',
  'auth/blank-password': 'Password cannot be only spaces.',
  'auth/common-password': 'This password is too common. Please choose a less common one.',
  'auth/network-request-failed': 'Network error. Please check your connection.',
} as const;
/** A sign-in error code. */
export type AuthCode = keyof typeof AUTH_MESSAGES;
/** Shown when a failure has no catalogued message. */
export const AUTH_FALLBACK_MESSAGE = 'Authentication failed. Please try again.';

/** The catalogue message for a code, else the server's message, else the fallback. */
export function authMessage(code: string | undefined, serverMessage?: string): string {
  if (code && code in AUTH_MESSAGES) return AUTH_MESSAGES[code as AuthCode];
  return serverMessage || AUTH_FALLBACK_MESSAGE;
}

/** Sign-in body. */
export const signInBody = z.object({
  email: z.string().max(254),
  password: z.string().min(1).max(MAX_PASSWORD_LENGTH),
  /**
   * The link request a single sign-on left for this account (`/login?sso_link=`): a member whose
   * organization enforces single sign-on may use the password to link it.
   */
  ssoLink: z.string().min(16).max(200).optional(),
});
/** Sign-up body (the password rule, `rules/password.ts`, is checked separately to answer its own codes). */
export const signUpBody = signInBody.omit({ ssoLink: true }).extend({
  /** The invitation the account is made to accept: its organization's password policy applies. */
  invitationToken: z.string().max(200).optional(),
  firstName: personName(z.string().trim().max(100).optional(), 'First name'),
  lastName: personName(z.string().trim().max(100).optional(), 'Last name'),
});
/** Sign-in body type. */
export type SignInBody = z.infer<typeof signInBody>;

/** Parses an e-mail for sign-in; null when its shape is wrong. */
export function parseEmail(value: string): string | null {
  const r = emailAddress.safeParse(value);
  return r.success ? r.data : null;
}

/** The signed-in user as the API returns it. */
export const userDto = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  status: z.string(),
  currentOrganizationId: z.string().nullable(),
  currentClinicId: z.string().nullable(),
  /** True once the person proved they read this address (a verification link or an invitation's token). */
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
/** The signed-in user. */
export type UserDto = z.infer<typeof userDto>;

/** The caller's membership in the current organization. */
export const organizationUserDto = z.object({
  id: z.string(),
  organizationId: z.string(),
  userId: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.enum(ROLES),
  department: z.string().nullable(),
  title: z.string().nullable(),
  permissions: z.record(z.enum(PERMISSIONS), z.boolean()),
  status: z.string(),
  invitedBy: z.string().nullable(),
  invitedAt: z.string().nullable(),
  joinedAt: z.string().nullable(),
  lastActiveAt: z.string().nullable(),
});
/** A membership. */
export type OrganizationUserDto = z.infer<typeof organizationUserDto>;

/** A single-use link token (e-mail verification). */
export const linkToken = z
  .string()
  .min(10)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/);
/** `POST /api/auth/verify-email` body: the token of the mailed link. */
export const verifyEmailBody = z.object({ token: linkToken });

/** `PUT /api/auth/profile` body. */
export const profileBody = z.object({
  organizationId: idSchema,
  clinicId: idSchema.optional(),
});

/** A reply that carries nothing but its success (sign-out, a second factor turned off, a session ended). */
export const authOkResponse = z.object({ success: z.literal(true) });

/** The session token, answered to API clients only (a request without an Origin header); browsers get the cookie alone. */
const apiClientToken = z.string().optional();

/** `POST /api/auth/sign-in` (and the second factor's `POST /api/auth/mfa`) reply: the signed-in user. */
export const signInResponse = z.object({ success: z.literal(true), user: userDto, token: apiClientToken });

/** `POST /api/auth/sign-up` reply: the new user, signed in, and whether a verification link was mailed. */
export const signUpResponse = signInResponse.extend({ verificationSent: z.boolean() });

/** `POST /api/auth/verify-email` reply: the address now verified. */
export const verifyEmailResponse = z.object({ success: z.literal(true), email: z.string(), message: z.string() });

/** `POST /api/auth/verify-email/resend` reply: a message once a link is mailed, none when the address was verified already. */
export const resendVerificationResponse = z.object({ success: z.literal(true), alreadyVerified: z.boolean(), message: z.string().optional() });

/** Every feature of the feature table and of the plans, as the session lists them. */
const KNOWN_FEATURES = [
  ...new Set<Feature>(
    [...Object.values(FEATURES_BY_TIER.consumer), ...Object.values(FEATURES_BY_TIER.clinic), ...Object.values(PLAN_FEATURES)].flat(),
  ),
] as [Feature, ...Feature[]];

/** `GET /api/auth/session` reply: the signed-in user, their membership, organization and clinics, and their features. */
export const sessionResponse = z.object({
  success: z.literal(true),
  user: userDto,
  organizationUser: organizationUserDto.nullable(),
  organization: organizationDto.nullable(),
  clinics: z.array(clinicDto),
  clinic: clinicDto.nullable(),
  features: z.array(z.enum(KNOWN_FEATURES)),
  /** How many organizations the user is an active member of; absent when none. */
  organizationCount: z.number().int().optional(),
  /** The member's second factor, and whether the organization makes them enrol before any staff screen. */
  security: z.object({ mfaEnabled: z.boolean(), mfaEnrolmentRequired: z.boolean() }),
});
/** The signed-in session as the web reads it. */
export type SessionReply = z.output<typeof sessionResponse>;

/** `PUT /api/auth/profile` reply: the organization and clinic now current. */
export const profileResponse = z.object({ success: z.literal(true), organizationId: z.string(), clinicId: z.string().nullable() });

/** A success with nothing more to say. */
export type AuthOkReply = z.output<typeof authOkResponse>;
