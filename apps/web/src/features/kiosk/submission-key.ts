/**
 * The kiosk's `Idempotency-Key`s: one per check-in. Submitting the same answers again (a retry
 * after a failure, whose answer may have been lost) reuses the key, so the server gives the
 * check-in it may already have made instead of a second one; changed answers or the next patient
 * get a new key.
 */
export interface SubmissionKeys {
  /** The key for a submission of `body`: the pending one while the body is unchanged, else a new one. */
  keyFor(body: unknown): string;
  /** The check-in was answered (or abandoned): the next submission gets a new key. */
  clear(): void;
}

/** A random key: a UUID, from `getRandomValues` where `randomUUID` is missing (plain http off localhost). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function submissionKeys(newKey: () => string = newIdempotencyKey): SubmissionKeys {
  let pending: { key: string; body: string } | null = null;
  return {
    keyFor(body) {
      const json = JSON.stringify(body);
      if (!pending || pending.body !== json) pending = { key: newKey(), body: json };
      return pending.key;
    },
    clear() {
      pending = null;
    },
  };
}
