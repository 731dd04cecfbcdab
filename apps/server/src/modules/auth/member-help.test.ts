import { describe, expect, it } from 'vitest';
import { auditEventsOf, freshAddress, memberIdOf, useTestApp } from '../../test/harness.js';

const t = useTestApp();
const ORG = 'default-clinic';
const idOf = (email: string) => memberIdOf(t.database.db, ORG, email);
const link = async (who: string, email: string) => t.as(who).post(`/api/organizations/members/${await idOf(email)}/password-reset-link`);
const mfaReset = async (who: string, email: string) => t.as(who).post(`/api/organizations/members/${await idOf(email)}/mfa/reset`);

describe("an Admin's help for a member (reset link, second factor reset) under the rank rules", () => {
  it('an Admin helps a Nurse; not the Owner, not themselves (403, nothing audited)', async () => {
    const before = (await auditEventsOf(t.database.db, 'member.password-reset-link-created')).length;
    for (const target of ['owner@demo.clinic', 'admin@demo.clinic']) {
      const res = await link('admin', target);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('access/forbidden');
      expect((await mfaReset('admin', target)).statusCode).toBe(403);
    }
    expect((await auditEventsOf(t.database.db, 'member.password-reset-link-created')).length).toBe(before);
    const ok = await link('admin', 'nurse@demo.clinic');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().resetUrl).toMatch(/\/login\?reset=/);
    expect(new Date(ok.json().expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    expect((await mfaReset('admin', 'nurse@demo.clinic')).statusCode).toBe(200);
    expect((await auditEventsOf(t.database.db, 'member.mfa-reset')).some((a) => a.details?.email === 'nurse@demo.clinic')).toBe(true);
  });

  it('an Owner helps an Admin; a Manager (below Admin) may not use either route', async () => {
    expect((await link('owner', 'admin@demo.clinic')).statusCode).toBe(200);
    expect((await link('manager', 'nurse@demo.clinic')).statusCode).toBe(403);
    expect((await mfaReset('manager', 'nurse@demo.clinic')).statusCode).toBe(403);
  });

  it('a new link replaces the earlier one: only the latest works, once', async () => {
    const first = new URL((await link('admin', 'staff@demo.clinic')).json().resetUrl).searchParams.get('reset')!;
    const second = new URL((await link('admin', 'staff@demo.clinic')).json().resetUrl).searchParams.get('reset')!;
    const reset = (token: string) =>
      t.anon.post('/api/auth/password/reset', { token, newPassword: 'A-new-pass-2024!' }, { remoteAddress: freshAddress() });
    expect((await reset(first)).json().code).toBe('auth/invalid-link');
    expect((await reset(second)).statusCode).toBe(200);
    expect((await reset(second)).json().code).toBe('auth/invalid-link');
  });
});
