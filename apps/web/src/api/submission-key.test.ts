import { describe, expect, it, vi } from 'vitest';
import { newIdempotencyKey } from './idempotency-key';
import { submissionKeys } from './submission-key';

const body = { firstName: 'Ana', lastName: 'Lee', chiefComplaint: 'Cough', symptoms: [], organizationId: 'o', clinicId: 'c' };

describe('submission keys', () => {
  it('keep one key while the same body is sent again, and give a new one for a changed body or after clear', () => {
    const keys = submissionKeys();
    const first = keys.keyFor(body);
    expect(first).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(keys.keyFor({ ...body })).toBe(first);
    const changed = keys.keyFor({ ...body, chiefComplaint: 'Cough and fever' });
    expect(changed).not.toBe(first);
    keys.clear();
    expect(keys.keyFor({ ...body, chiefComplaint: 'Cough and fever' })).not.toBe(changed);
  });

  it('make each key with the given function', () => {
    let n = 0;
    const keys = submissionKeys(() => `key-${++n}`);
    expect(keys.keyFor({ message: 'Room 4' })).toBe('key-1');
    expect(keys.keyFor({ message: 'Room 4' })).toBe('key-1');
    expect(keys.keyFor({ message: 'Room 5' })).toBe('key-2');
  });

  it('are valid keys without crypto.randomUUID (a kiosk on plain http)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (a: Uint8Array) => real.getRandomValues(a) });
    try {
      expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{32}$/);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
