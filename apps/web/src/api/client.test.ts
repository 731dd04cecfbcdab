import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api, ApiError, UNREADABLE_REPLY } from './client.js';

const visitorReply = z.object({ success: z.literal(true), visitor: z.object({ id: z.string(), name: z.string() }) });

function answering(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('api() reading a reply through its contract', () => {
  it('returns the parsed reply, without fields the contract does not name', async () => {
    answering(200, { success: true, visitor: { id: 'v1', name: 'Ann', extra: 1 } });
    await expect(api('/api/visitors/v1', { reply: visitorReply })).resolves.toEqual({ success: true, visitor: { id: 'v1', name: 'Ann' } });
  });

  it('refuses a reply that breaks its contract with a message for the person', async () => {
    answering(200, { success: true, visitor: { id: 'v1' } });
    const failure = await api('/api/visitors/v1', { reply: visitorReply }).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ message: UNREADABLE_REPLY, code: 'api/unreadable-reply' });
  });

  it('still reports a refusal by its own message before any parsing', async () => {
    answering(404, { success: false, message: 'Visitor not found', code: 'not-found' });
    await expect(api('/api/visitors/v2', { reply: visitorReply })).rejects.toMatchObject({ message: 'Visitor not found', status: 404 });
  });
});
