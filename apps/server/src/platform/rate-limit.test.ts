import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDb } from '../db/client.js';
import { createTwoInstances, rows, type TwoInstances } from '../test/harness.js';
import { kioskCase } from '../test/kiosk-check-ins.js';
import { RateLimiter } from './rate-limit.js';

describe.skipIf(!process.env.DATABASE_URL)('per-address limits across two instances on one PostgreSQL database', () => {
  let instances: TwoInstances;
  let both: FastifyInstance[];

  beforeAll(async () => {
    instances = await createTwoInstances();
    both = [instances.app1, instances.app2];
  });
  afterAll(async () => {
    await instances?.close();
  });

  /** Sends `count` requests from `remoteAddress`, alternately to each instance; returns their statuses. */
  async function alternate(count: number, remoteAddress: string, send: (app: FastifyInstance, i: number) => Promise<LightMyRequestResponse>) {
    const codes: number[] = [];
    for (let i = 0; i < count; i += 1) codes.push((await send(both[i % 2], i)).statusCode);
    return codes;
  }

  it('refuses the 31st kiosk check-in of one address in a minute whichever instance takes it, and counts it in the database', async () => {
    const remoteAddress = '10.98.0.1';
    const checkIn = (app: FastifyInstance, i: number, from = remoteAddress) =>
      app.inject({ method: 'POST', url: '/api/triage/case', payload: kioskCase(`Alternate${i}`), remoteAddress: from });
    const codes = await alternate(30, remoteAddress, checkIn);
    expect(codes.every((c) => c === 201)).toBe(true);
    for (const app of both) {
      const refused = await checkIn(app, 99);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ success: false, code: 'request/rate-limited' });
    }
    const [row] = await rows<{ points: number }>(
      instances.test.database.db,
      sql`select points from rate_limits where key like ${`%kiosk:${remoteAddress}`}`,
    );
    expect(row.points).toBeGreaterThanOrEqual(31);
    const elsewhere = await checkIn(instances.app2, 100, '10.98.0.9');
    expect(elsewhere.statusCode).toBe(201);
  });

  it("refuses the public board's 121st read of one address in a minute whichever instance takes it", async () => {
    const remoteAddress = '10.98.0.2';
    const read = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/api/triage/cds-queue/public', remoteAddress });
    const codes = await alternate(120, remoteAddress, read);
    expect(codes.filter((c) => c !== 200)).toEqual([]);
    expect((await read(instances.app1)).statusCode).toBe(429);
    expect((await read(instances.app2)).statusCode).toBe(429);
  });
});

describe('RateLimiter', () => {
  it("keeps counting in this instance's memory while the database does not answer: the third hit of a limit of two is refused", async () => {
    const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none', connectionTimeoutMillis: 2_000 });
    pool.on('error', () => {});
    const db = drizzle(pool) as unknown as AppDb;
    const limiter = new RateLimiter(2, 60_000);
    try {
      await limiter.hit(db, 'unreachable:10.97.0.1');
      await limiter.hit(db, 'unreachable:10.97.0.1');
      await expect(limiter.hit(db, 'unreachable:10.97.0.1')).rejects.toMatchObject({ code: 'request/rate-limited' });
      await limiter.hit(db, 'unreachable:10.97.0.2');
    } finally {
      await pool.end();
    }
  });
});
