import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/**
 * TOTP as RFC 6238 with the settings every authenticator app reads: SHA-1, 6 digits, 30 seconds
 * (the `otpauth` library), and backup codes.
 */

/** The issuer the authenticator app shows beside the account. */
export const TOTP_ISSUER = 'ClinicFlow';
/** Seconds per code. */
export const TOTP_PERIOD = 30;
/** Codes of one step before or after now are accepted too (clocks drift, people type slowly). */
export const TOTP_WINDOW = 1;
/** Backup codes given at enrolment. */
export const BACKUP_CODE_COUNT = 10;

/** The TOTP generator of a base32 secret. */
export function totpOf(secret: string, label = ''): TOTP {
  return new TOTP({ issuer: TOTP_ISSUER, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD, secret: Secret.fromBase32(secret) });
}

/** A new random secret (160 bits, RFC 4226's recommendation), base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The 30-second step `now` falls in. */
export const stepAt = (now: number): number => Math.floor(now / 1000 / TOTP_PERIOD);

/** The step whose code `code` is, within the window around `now`; null when it is none of them. */
export function matchingStep(secret: string, code: string, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  return delta === null ? null : stepAt(now) + delta;
}

// No 0/O or 1/l/i: codes are read off paper.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** New backup codes, `xxxxx-xxxxx` (about 49 bits each). */
export function newBackupCodes(count = BACKUP_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What is stored of a backup code: the SHA-256 of its characters, case and dashes aside. */
export function backupCodeHash(code: string): string {
  return createHash('sha256')
    .update(code.toLowerCase().replace(/[^a-z0-9]/g, ''))
    .digest('hex');
}
