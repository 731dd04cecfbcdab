import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows, useTestApp, type UsedTestApp } from '../test/harness.js';

/** Invitation links are built from the configured origin, never from a Host header a client wrote. */
describe('links handed out by the server', () => {
  const configured = useTestApp({ publicUrl: 'https://clinic.example.org/app', production: true, as: 'admin' });
  const unconfigured = useTestApp({ production: true, as: 'admin' });

  const invite = (t: UsedTestApp, email: string) =>
    t.post('/api/organizations/invite', { email, role: 'Nurse' }, { headers: { host: 'evil.example' } });

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
