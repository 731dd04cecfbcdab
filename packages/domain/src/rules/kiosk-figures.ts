/**
 * How long a kiosk check-in took (the dashboard's Kiosk tab: average check-in time): from
 * the moment the patient pressed Start Check-In, as the kiosk reports it, to the moment the server
 * received the check-in. A kiosk's clock may be off, and a form may be left open for the next
 * patient: durations outside (0, {@link KIOSK_CHECK_IN_MAX_SECONDS}] are not measurements and
 * count for nothing.
 */

/** The longest check-in counted: an hour (a form left open longer was abandoned, not filled in). */
export const KIOSK_CHECK_IN_MAX_SECONDS = 60 * 60;

/**
 * Seconds from `startedAt` to `receivedAt`, rounded up to whole seconds (a check-in takes at least
 * one); null when unknown, not after the start, or longer than an hour.
 */
export function checkInSeconds(startedAt: string | Date | null | undefined, receivedAt: Date): number | null {
  if (startedAt === null || startedAt === undefined) return null;
  const start = startedAt instanceof Date ? startedAt.getTime() : Date.parse(startedAt);
  if (!Number.isFinite(start)) return null;
  const elapsed = receivedAt.getTime() - start;
  if (elapsed <= 0) return null;
  const seconds = Math.ceil(elapsed / 1000);
  return seconds > KIOSK_CHECK_IN_MAX_SECONDS ? null : seconds;
}

/** "2m 05s" for 125 seconds, "45s" under a minute: the Kiosk tab's average check-in time. */
export function formatCheckInDuration(seconds: number): string {
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole}s`;
  const minutes = Math.floor(whole / 60);
  return `${minutes}m ${String(whole % 60).padStart(2, '0')}s`;
}
