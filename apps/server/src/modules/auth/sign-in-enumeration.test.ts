import type * as Argon2 from '@node-rs/argon2';
import { describe, expect, it, vi } from 'vitest';
import { freshAddress, signUpAs, useTestApp } from '../../test/harness.js';

/**
 * A sign-in never tells which e-mails have an account: not by its answer, and not by its cost (an
 * unknown e-mail's password is checked against a hash of nobody's, as long as a known one's takes).
 * Timing is measured by the bench, never asserted here: the password checks are counted instead.
 */
const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof Argon2>();
  return {
    ...real,
    verify: (...args: Parameters<typeof real.verify>) => {
      checks.count += 1;
      return real.verify(...args);
    },
  };
});

const t = useTestApp();
const signIn = (email: string, password: string, remoteAddress = freshAddress()) =>
  t.anon.post('/api/auth/sign-in', { email, password }, { remoteAddress });

/** The answer to a try and how many password hashes it checked. */
async function tryCounted(email: string, password: string) {
  const before = checks.count;
  const res = await signIn(email, password);
  return { status: res.statusCode, body: res.json(), checked: checks.count - before };
}

describe('sign-in with an unknown e-mail and with a wrong password', () => {
  it('both answer 401 with one code and one message, and both check one password hash', async () => {
    await signUpAs(t.app, 'known@example.org');
    const unknown = await tryCounted('unknown@example.org', 'some-password');
    const wrong = await tryCounted('known@example.org', 'some-password');
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({
      success: false,
      code: 'auth/invalid-credential',
      message: 'Incorrect email or password.',
      error: 'Incorrect email or password.',
    });
    expect(wrong).toEqual(unknown);
    expect(unknown.checked).toBe(1);
  });

  it('both are locked alike after 5 failures: the same 429, with no password checked', async () => {
    await signUpAs(t.app, 'locked-known@example.org');
    for (let i = 0; i < 5; i++) {
      await signIn('locked-known@example.org', `wrong-${i}`);
      await signIn('locked-unknown@example.org', `wrong-${i}`);
    }
    const known = await tryCounted('locked-known@example.org', 'secret-pass');
    const unknown = await tryCounted('locked-unknown@example.org', 'secret-pass');
    expect(known.status).toBe(429);
    expect(known.body.code).toBe('auth/too-many-requests');
    expect(unknown).toEqual(known);
    expect(known.checked).toBe(0);
  });
});
