import { dictionary } from '@zxcvbn-ts/language-common';
import { MIN_PASSWORD_LENGTH } from '../contracts/auth.js';

/**
 * The new-password rule (sign-up). Not exported from the package index: the list it reads is a
 * few hundred kilobytes, so only the server imports it (`@clinic/domain/rules/password`) and the
 * web's pages never carry it.
 */

/** How many of the most common passwords are refused. */
export const COMMON_PASSWORD_COUNT = 1000;

/** Why a new password is refused; each code has its message in `AUTH_MESSAGES`. */
export type PasswordProblem = 'auth/weak-password' | 'auth/blank-password' | 'auth/common-password';

let common: ReadonlySet<string> | null = null;
/** The most common passwords, lower case (zxcvbn's list is ranked by frequency in real leaks). */
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()));
  return common;
}

/**
 * Why `password` may not be a new password, or null when it may: fewer than 6 characters
 * (the spec's rule), only whitespace, or one of the 1,000 most common passwords in any letter case.
 */
export function newPasswordProblem(password: string): PasswordProblem | null {
  if (password.length < MIN_PASSWORD_LENGTH) return 'auth/weak-password';
  if (password.trim() === '') return 'auth/blank-password';
  if (commonPasswords().has(password.toLowerCase())) return 'auth/common-password';
  return null;
}
