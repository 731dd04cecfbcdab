import { adminHealthResponse } from '@clinic/domain';
import { describe, expect, it } from 'vitest';
import { migrationState } from '../../db/migration-state.js';
import { createOtherOrganization, useTestApp } from '../../test/harness.js';

describe('GET /api/admin/health', () => {
  const t = useTestApp({ as: 'admin' });
  const onPostgres = Boolean(process.env.DATABASE_URL);
  const health = async () => {
    const res = await t.get('/api/admin/health');
    expect(res.statusCode).toBe(200);
    return { res, body: adminHealthResponse.parse(res.json()) };
  };

  it("reports the platform's state to an Admin", async () => {
    const { res, body } = await health();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(body.status).toBe('ok');
    expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(body.database.status).toBe('ok');
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(body.database.latencyMs).toBeLessThan(5000);
    expect(body.migrations.expected).toMatch(/^\d{4}_[a-z0-9-]+$/);
    expect(body.migrations).toMatchObject({ applied: body.migrations.expected, upToDate: true });
    expect(body.migrations.count).toBe(Number(body.migrations.expected!.slice(0, 4)) + 1);
  });

  it.runIf(onPostgres)('on PostgreSQL, reports the listener and the connection pool', async () => {
    const { body } = await health();
    expect(t.url).toBeDefined();
    expect(body.database).toMatchObject({ kind: 'postgres', listen: 'listening' });
    expect(body.database.pool).toMatchObject({ max: 10, waiting: 0 });
    expect(body.database.pool!.total).toBeGreaterThanOrEqual(body.database.pool!.idle);
  });

  it.skipIf(onPostgres)('on the embedded database, reports no listener and no pool', async () => {
    const { body } = await health();
    expect(t.url).toBeUndefined();
    expect(body.database).toMatchObject({ kind: 'embedded', listen: 'embedded', pool: null });
  });

  it('names nothing of any organization', async () => {
    await createOtherOrganization(t.app, 'owner@health-other.example');
    const res = await t.as('owner').get('/api/admin/health');
    expect(res.statusCode).toBe(200);
    for (const text of ['Demo', 'Other Health', '@', 'organization', 'clinic_server', '127.0.0.1']) expect(res.body).not.toContain(text);
  });

  it('refuses a Nurse (403) and a caller signed out (401)', async () => {
    const nurse = await t.as('nurse').get('/api/admin/health');
    expect(nurse.statusCode).toBe(403);
    expect(nurse.body).not.toContain('latencyMs');
    const anonymous = await t.anon.get('/api/admin/health');
    expect(anonymous.statusCode).toBe(401);
  });

  it('reads the migrations table as the login role, not only as the owner', async () => {
    const asApp = await migrationState(t.appDatabase.db);
    const asOwner = await migrationState(t.database.db);
    expect(asApp).toEqual(asOwner);
    expect(asApp.count).toBeGreaterThan(0);
  });

  it('stays the cheap public check at /api/health', async () => {
    const res = await t.anon.get('/api/health');
    expect(res.json()).toEqual({ success: true, status: 'ok', database: 'ok' });
  });
});
