import { newIdempotencyKey } from '../../api/idempotency-key';

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

export { newIdempotencyKey };

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
