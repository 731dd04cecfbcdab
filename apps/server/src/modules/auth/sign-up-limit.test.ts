import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countRows, floodRateLimit, freshAddress, useTestApp } from '../../test/harness.js';
import { SIGN_UPS_PER_ADDRESS_PER_HOUR, SIGN_UPS_PER_HOUR_OVERALL } from './auth.service.js';

const t = useTestApp({ seed: false });

const signUp = (email: string, remoteAddress: string, password = 'secret-pass') =>
  t.post('/api/auth/sign-up', { email, password }, { remoteAddress });

const userCount = (pattern: string) => countRows(t.database.db, 'users', sql`email like ${pattern}`);

describe('sign-up abuse limits', () => {
  it('allows 20 sign-ups per address per hour, then answers 429 request/rate-limited and creates nothing; another address still signs up', async () => {
    expect(SIGN_UPS_PER_ADDRESS_PER_HOUR).toBe(20);
    const address = freshAddress();
    for (let i = 0; i < 20; i++) expect((await signUp(`serial-${i}@flood.test`, address)).statusCode).toBe(201);
    const refused = await signUp('serial-20@flood.test', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'request/rate-limited' });
    expect(await userCount('serial-%@flood.test')).toBe(20);
    expect((await signUp('serial-20@flood.test', freshAddress())).statusCode).toBe(201);
  });

  it('checks the limit before anything else is worked out: an address over it gets 429 even for an e-mail already taken', async () => {
    const address = freshAddress();
    for (let i = 0; i < 20; i++) await signUp(`taken-${i}@flood.test`, address);
    expect((await signUp('taken-0@flood.test', address)).statusCode).toBe(429);
  });

  it('lets the address sign up again once its hits are more than an hour old', async () => {
    const address = freshAddress();
    for (let i = 0; i < 20; i++) await signUp(`hourly-${i}@flood.test`, address);
    expect((await signUp('hourly-20@flood.test', address)).statusCode).toBe(429);
    await t.database.db.execute(sql`update rate_limit_hits set at = at - interval '1 hour 1 second' where key = ${address}`);
    expect((await signUp('hourly-20@flood.test', address)).statusCode).toBe(201);
  });

  it('25 simultaneous sign-ups from one address: exactly 20 accounts are created, the other 5 are 429', async () => {
    const address = freshAddress();
    const results = await Promise.all(Array.from({ length: 25 }, (_, i) => signUp(`parallel-${i}@flood.test`, address)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect(await userCount('parallel-%@flood.test')).toBe(20);
  });

  it(`refuses every address once ${SIGN_UPS_PER_HOUR_OVERALL} sign-ups were counted in the last hour overall`, async () => {
    await floodRateLimit(t.database.db, 'sign-up', SIGN_UPS_PER_HOUR_OVERALL);
    const res = await signUp('late@flood.test', freshAddress());
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('request/rate-limited');
    expect(await userCount('late@flood.test')).toBe(0);
  });
});
