import { afterEach, describe, expect, it, vi } from 'vitest';
import { submitKioskCase } from './api/submit-kiosk-case';
import { newIdempotencyKey, submissionKeys } from './submission-key';

const body = { firstName: 'Ana', lastName: 'Lee', chiefComplaint: 'Cough', symptoms: [], organizationId: 'o', clinicId: 'c' };

describe('kiosk submission keys', () => {
  it('keep one key while the same answers are sent again, and give a new one for changed answers or after clear', () => {
    const keys = submissionKeys();
    const first = keys.keyFor(body);
    expect(first).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(keys.keyFor({ ...body })).toBe(first);
    const changed = keys.keyFor({ ...body, chiefComplaint: 'Cough and fever' });
    expect(changed).not.toBe(first);
    keys.clear();
    expect(keys.keyFor({ ...body, chiefComplaint: 'Cough and fever' })).not.toBe(changed);
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

describe('submitKioskCase', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the submission key as the Idempotency-Key header', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ success: true, case: { id: 'x' }, queueNumber: 4 }), { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    const answer = await submitKioskCase({ body, idempotencyKey: 'key-12345678' });
    expect(answer.queueNumber).toBe(4);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/triage/case');
    expect(init.headers).toEqual({ 'content-type': 'application/json', 'Idempotency-Key': 'key-12345678' });
    expect(JSON.parse(init.body as string)).toEqual(body);
  });
});
