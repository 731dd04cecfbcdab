import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countRows, freshAddress, useTestApp } from './harness.js';

/**
 * Requests the fuzz tier found answered wrongly, kept as plain tests so that each stays fixed
 * whatever the generator draws next time.
 */
const t = useTestApp({ as: 'owner' });

describe('requests the fuzz tier found', () => {
  it('a FHIR path id over the router length limit answers 400 with an OperationOutcome', async () => {
    const res = await t.get(`/fhir/R4/Observation/${'x'.repeat(10_000)}`, { remoteAddress: freshAddress() });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/fhir+json');
    expect(res.json()).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'invalid' }] });
  });

  it('an /api path id over the router length limit still answers 400 in the one error shape', async () => {
    const res = await t.get(`/api/patients/${'x'.repeat(10_000)}`, { remoteAddress: freshAddress() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'request/invalid-url' });
  });

  it('a wrong current password when changing it is a 400 naming the field', async () => {
    const res = await t.post('/api/auth/password', { currentPassword: 'not-the-password', newPassword: 'Another-pass-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'auth/wrong-current-password', issues: [{ path: 'currentPassword' }] });
  });

  it('a lone surrogate in a text field is a 400 naming the field, and nothing is stored', async () => {
    const res = await t.put('/api/emergency-dashboard/facility', '{"facilityId":"ER-\\ud800","bedCount":12}', {
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'validation/invalid-text', issues: [{ path: 'facilityId' }] });
    expect(await countRows(t.database.db, 'emergency_facilities', sql`facility_code like 'ER-%'`)).toBe(0);
  });

  it('a lone surrogate deep in a list is refused too; a paired one (an emoji) is text like any other', async () => {
    const refused = await t.post('/api/patients', '{"firstName":"Ana","allergies":["nuts","\\udc00x"]}', {
      headers: { 'content-type': 'application/json' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'validation/invalid-text', issues: [{ path: 'allergies.1' }] });
    const emoji = await t.put('/api/emergency-dashboard/facility', { facilityId: 'ER-😀', bedCount: 12 });
    expect(emoji.statusCode).toBe(200);
  });

  it('a NUL in ?organizationId= is a 400 naming the field, on the API and on the FHIR server', async () => {
    const api = await t.get('/api/patients?organizationId=%00');
    expect(api.statusCode).toBe(400);
    expect(api.json()).toMatchObject({ success: false, code: 'validation/invalid', issues: [{ path: 'organizationId' }] });
    const fhir = await t.get('/fhir/R4/Patient?organizationId=%00');
    expect(fhir.statusCode).toBe(400);
    expect(fhir.json()).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'invalid' }] });
  });

  it('text the database cannot store in a FHIR search is a 400 OperationOutcome, as on the API', async () => {
    for (const query of ['family=%00', 'name=a%00b', 'email=%00', 'identifier=%00']) {
      const res = await t.get(`/fhir/R4/Patient?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'invalid' }] });
    }
  });
});
