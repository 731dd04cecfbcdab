import { newIdempotencyKey } from './idempotency-key';

/**
 * The `Idempotency-Key`s of a form's submissions (the kiosk's check-in, a composed page): one per
 * submission. Submitting the same body again (a retry after a failure, whose answer may have been
 * lost) reuses the key, so the server gives what it may already have made instead of a second
 * one; a changed body, or the next one after `clear`, gets a new key.
 */
export interface SubmissionKeys {
  /** The key for a submission of `body`: the pending one while the body is unchanged, else a new one. */
  keyFor(body: unknown): string;
  /** The submission was answered (or abandoned): the next one gets a new key. */
  clear(): void;
}

/** New {@link SubmissionKeys}, each key made by `newKey` (a random UUID by default). */
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
