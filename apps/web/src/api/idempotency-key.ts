/**
 * A random `Idempotency-Key` for a creation a client may send again after a lost answer (the
 * kiosk's check-in, the test pages' kiosk submissions): a UUID, from `getRandomValues` where
 * `randomUUID` is missing (plain http off localhost).
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
