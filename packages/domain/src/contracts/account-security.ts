import { z } from 'zod';
import { MAX_PASSWORD_LENGTH } from './auth.js';

/**
 * Sign-in security: two-factor sign-in with a TOTP app, password change and reset,
 * and the member's own sessions.
 */

/** A code from the authenticator app (6 digits) or a backup code (`xxxxx-xxxxx`). */
export const mfaCode = z.string().trim().min(6).max(20);

/** `POST /api/auth/mfa/enroll` answer: the secret to add to an authenticator app, as text and as a QR code. */
export const mfaEnrollResponse = z.object({
  success: z.literal(true),
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code, a `data:image/png` URL made on the server. */
  qr: z.string(),
});

/** `POST /api/auth/mfa/confirm` body: a code of the new secret proves the app has it. */
export const mfaConfirmBody = z.object({ code: mfaCode });
/** `POST /api/auth/mfa/confirm` answer: the 10 backup codes, shown this once. */
export const mfaConfirmResponse = z.object({ success: z.literal(true), backupCodes: z.array(z.string()) });

/** `POST /api/auth/mfa` body: the second step of a sign-in. */
export const mfaSignInBody = z.object({ mfaToken: z.string().min(1).max(200), code: mfaCode });

/** `POST /api/auth/mfa/disable` body: the password and a current code (or a backup code). */
export const mfaDisableBody = z.object({ password: z.string().min(1).max(MAX_PASSWORD_LENGTH), code: mfaCode });

/** `POST /api/auth/password` body. */
export const changePasswordBody = z.object({
  currentPassword: z.string().min(1).max(MAX_PASSWORD_LENGTH),
  newPassword: z.string().min(1).max(MAX_PASSWORD_LENGTH),
});

/** `POST /api/auth/password/forgot` body. */
export const forgotPasswordBody = z.object({ email: z.string().trim().max(254) });
/** What the forgot-password request always answers, whether or not the e-mail has an account. */
export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for that email, we have sent a link to reset the password. The link is valid for 30 minutes.';

/** `POST /api/auth/password/reset` body: the link's token and the new password. */
export const resetPasswordBody = z.object({ token: z.string().min(1).max(200), newPassword: z.string().min(1).max(MAX_PASSWORD_LENGTH) });

/** How long a reset link works. */
export const RESET_LINK_MINUTES = 30;

/** One of the member's sessions (the sessions list). */
export const sessionDto = z.object({
  id: z.string(),
  /** The browser's user agent, as sent. */
  device: z.string(),
  /** The address of the last request seen (the sign-in's until then). */
  address: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** This browser's own session. */
  current: z.boolean(),
});
/** A session. */
export type SessionDto = z.infer<typeof sessionDto>;

/** `GET /api/auth/sessions` answer. */
export const sessionListResponse = z.object({ success: z.literal(true), sessions: z.array(sessionDto) });

/** `GET /api/auth/security` answer: the signed-in member's second factor. */
export const accountSecurityResponse = z.object({
  success: z.literal(true),
  mfa: z.object({
    enabled: z.boolean(),
    enabledAt: z.string().nullable(),
    backupCodesLeft: z.number(),
    /** One of the member's organizations requires two-factor sign-in. */
    required: z.boolean(),
  }),
});
/** The account security state. */
export type AccountSecurity = z.infer<typeof accountSecurityResponse>['mfa'];

/** `POST /api/auth/password` reply: how many of the member's other sessions ended. */
export const changePasswordResponse = z.object({ success: z.literal(true), sessionsEnded: z.number().int() });

/** `POST /api/auth/sessions/sign-out-others` reply: how many sessions ended. */
export const endOtherSessionsResponse = changePasswordResponse;

/** `POST /api/auth/password/forgot` reply: the same message whatever the e-mail, and whether mail can go out at all. */
export const forgotPasswordResponse = z.object({ success: z.literal(true), mailConfigured: z.boolean(), message: z.string() });

/** `POST /api/auth/password/reset` reply: the account whose password changed. */
export const resetPasswordResponse = z.object({ success: z.literal(true), email: z.string(), message: z.string() });

/** `POST /api/organizations/members/{memberId}/password-reset-link` reply: the single-use link, shown to the Admin. */
export const memberResetLinkResponse = z.object({ success: z.literal(true), resetUrl: z.string(), expiresAt: z.string() });

/** `POST /api/organizations/members/{memberId}/password-reset-email` reply: where the link went (never the link). */
export const memberResetEmailResponse = z.object({ success: z.literal(true), email: z.string(), expiresAt: z.string(), message: z.string() });
