import { afterEach, describe, expect, it, vi } from 'vitest';
import { submitKioskCase } from './submit-kiosk-case';

const body = { firstName: 'Ana', lastName: 'Lee', chiefComplaint: 'Cough', symptoms: [], organizationId: 'o', clinicId: 'c' };

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
