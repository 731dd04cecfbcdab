import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { countRows, floodRateLimit, freshAddress, signUpAs, useTestApp } from '../../test/harness.js';
import { ORGANIZATIONS_PER_ADDRESS_PER_HOUR, ORGANIZATIONS_PER_HOUR_OVERALL } from './organization-limit.js';

const t = useTestApp({ seed: false });
let founder: Record<string, string>;
beforeAll(async () => {
  founder = await signUpAs(t.app, 'serial-founder@flood.test');
});

const create = (name: string, remoteAddress: string) => t.as(founder).post('/api/organizations', { name, type: 'clinic' }, { remoteAddress });

const organizationCount = (pattern: string) => countRows(t.database.db, 'organizations', sql`name like ${pattern}`);

describe('organization creation abuse limits', () => {
  it('allows 20 organizations per address per hour, then answers 429 request/rate-limited and creates nothing; another address still creates one', async () => {
    expect(ORGANIZATIONS_PER_ADDRESS_PER_HOUR).toBe(20);
    const address = freshAddress();
    for (let i = 0; i < 20; i++) expect((await create(`Serial ${i}`, address)).statusCode).toBe(201);
    const refused = await create('Serial 20', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'request/rate-limited' });
    expect(await organizationCount('Serial %')).toBe(20);
    expect((await create('Serial 20', freshAddress())).statusCode).toBe(201);
  });

  it('25 simultaneous creations from one address: exactly 20 organizations are created', async () => {
    const address = freshAddress();
    const results = await Promise.all(Array.from({ length: 25 }, (_, i) => create(`Parallel ${i}`, address)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(20);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(5);
    expect(await organizationCount('Parallel %')).toBe(20);
  });

  it(`refuses every address once ${ORGANIZATIONS_PER_HOUR_OVERALL} organizations were counted in the last hour overall`, async () => {
    await floodRateLimit(t.database.db, 'organization', ORGANIZATIONS_PER_HOUR_OVERALL);
    const res = await create('Too Late', freshAddress());
    expect(res.statusCode).toBe(429);
    expect(await organizationCount('Too Late')).toBe(0);
  });
});
