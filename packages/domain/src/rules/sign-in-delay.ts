/**
 * The progressive slow-down of password guessing. A sign-in try that
 * follows recent failures waits on the server before its password is checked, longer after each
 * failure, so guessing slows down while a person who mistypes once notices nothing. The wait comes
 * before the check, whatever its outcome, so a client that gives up early learns nothing.
 */

/** Failures of one e-mail that cost the next try nothing. */
export const EMAIL_FAILURES_WITHOUT_DELAY = 1;
/**
 * Failures from one address that cost the next try nothing. Higher than for an e-mail: a hospital
 * behind one NAT shares the address, and one person's typos must not slow everybody down.
 */
export const ADDRESS_FAILURES_WITHOUT_DELAY = 10;
/** The wait after the first failure past the free ones; it doubles with each further failure. */
export const SIGN_IN_DELAY_FIRST_MS = 250;
/** The longest wait. */
export const SIGN_IN_DELAY_MAX_MS = 4000;

/**
 * How long a try waits, given the recent failures before it: nothing up to `freeFailures`, then
 * 250 ms, 500 ms, 1 s, 2 s, and 4 s from there on.
 */
export function signInDelayMs(priorFailures: number, freeFailures = EMAIL_FAILURES_WITHOUT_DELAY): number {
  const over = Math.floor(priorFailures) - freeFailures;
  if (!(over > 0)) return 0;
  if (over > 16) return SIGN_IN_DELAY_MAX_MS;
  return Math.min(SIGN_IN_DELAY_FIRST_MS * 2 ** (over - 1), SIGN_IN_DELAY_MAX_MS);
}

/** The wait of one try: the longer of what its e-mail's and its address's recent failures ask. */
export function signInTryDelayMs(priorFailures: { email: number; address: number }): number {
  return Math.max(
    signInDelayMs(priorFailures.email, EMAIL_FAILURES_WITHOUT_DELAY),
    signInDelayMs(priorFailures.address, ADDRESS_FAILURES_WITHOUT_DELAY),
  );
}
