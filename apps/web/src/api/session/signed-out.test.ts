import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../client';
import { sessionQueryKey } from './get-session';
import { forgetEndedSession, isSessionEnded } from './signed-out';

describe('a session the server ended', () => {
  it('is told by its 401 auth/required, not by other refusals', () => {
    expect(isSessionEnded(new ApiError('Please sign in to continue.', 401, 'auth/required'))).toBe(true);
    expect(isSessionEnded(new ApiError('Invalid email or password.', 401, 'auth/invalid-credentials'))).toBe(false);
    expect(isSessionEnded(new ApiError('Forbidden', 403, 'access/forbidden'))).toBe(false);
    expect(isSessionEnded(new Error('boom'))).toBe(false);
  });

  it('signs the page out: the session reads as signed out and no other answer stays cached', () => {
    const client = new QueryClient();
    client.setQueryData(sessionQueryKey, { user: { id: 'u1' } });
    client.setQueryData(['patients', 'org-1'], [{ id: 'p1', name: 'Someone' }]);
    forgetEndedSession(client);
    expect(client.getQueryData(sessionQueryKey)).toBeNull();
    expect(client.getQueryData(['patients', 'org-1'])).toBeUndefined();
  });

  it('leaves a page that was not signed in as it is', () => {
    const client = new QueryClient();
    client.setQueryData(sessionQueryKey, null);
    client.setQueryData(['public-clinic'], { name: 'Demo' });
    forgetEndedSession(client);
    expect(client.getQueryData(['public-clinic'])).toEqual({ name: 'Demo' });
  });
});
