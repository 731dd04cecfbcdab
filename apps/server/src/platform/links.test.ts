import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, rows, signInAs, type TestApp } from '../test/harness.js';

/** Invitation links are built from the configured origin, never from a Host header a client wrote (finding 11). */
describe('links handed out by the server', () => {
  let configured: TestApp;
  let unconfigured: TestApp;
  beforeAll(async () => {
    configured = await createTestApp({ publicUrl: 'https://clinic.example.org/app', production: true });
    unconfigured = await createTestApp({ production: true });
  });
  afterAll(async () => {
    await configured.close();
    await unconfigured.close();
  });

  const invite = async (t: TestApp, email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/organizations/invite',
      headers: { ...(await signInAs(t.app, 'admin@demo.clinic')), host: 'evil.example' },
      payload: { email, role: 'Nurse' },
    });

  it('an invitation link points at PUBLIC_URL whatever the Host header says', async () => {
    const res = await invite(configured, 'linked@example.org');
    expect(res.statusCode).toBe(201);
    expect(res.json().invitation.acceptUrl).toMatch(/^https:\/\/clinic\.example\.org\/login\?invite=[A-Za-z0-9_-]+$/);
  });

  it('in production without PUBLIC_URL no link is built from the Host header, and no invitation is written', async () => {
    const res = await invite(unconfigured, 'unlinked@example.org');
    expect(res.statusCode).toBe(503);
    expect(res.body).not.toContain('evil.example');
    expect(await rows(unconfigured.database.db, sql`select 1 from invitations where email = 'unlinked@example.org'`)).toEqual([]);
  });
});
