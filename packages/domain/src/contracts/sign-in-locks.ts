import { z } from 'zod';
import { emailAddress } from './common.js';

/** A member's e-mail whose sign-in is paused after too many failures, as an Admin sees it. */
export const signInLockDto = z.object({
  email: z.string(),
  /** Failed tries counted in the window. */
  failures: z.number().int(),
  lastFailureAt: z.string(),
  /** When sign-in opens again by itself if nobody clears the lock and nobody fails again. */
  lockedUntil: z.string(),
});
/** A sign-in lock. */
export type SignInLockDto = z.infer<typeof signInLockDto>;

/** `DELETE /api/organizations/sign-in-locks` body: the member's e-mail whose lock to clear. */
export const clearSignInLockBody = z.object({ email: emailAddress });
/** The clear-lock body. */
export type ClearSignInLockBody = z.infer<typeof clearSignInLockBody>;

/** `GET /api/organizations/sign-in-locks` reply. */
export const signInLockListResponse = z.object({ success: z.literal(true), locks: z.array(signInLockDto) });

/** `DELETE /api/organizations/sign-in-locks` reply: whether there was a lock to clear. */
export const clearSignInLockResponse = z.object({ success: z.literal(true), cleared: z.boolean() });
