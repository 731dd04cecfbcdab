import { authMessage } from '@clinic/domain/contracts/auth';
import { ApiError } from '../../api/client';

/** The catalogue message for a failed sign-in or sign-up. */
export function authErrorMessage(err: unknown): string {
  if (err instanceof ApiError) return authMessage(err.code, err.message);
  return authMessage(undefined, err instanceof Error ? err.message : undefined);
}

/** The refusal of a password sign-in in an organization that signs its members in with single sign-on only. */
export function isSsoEnforced(err: unknown): boolean {
  return err instanceof ApiError && err.code === 'auth/sso-required';
}
