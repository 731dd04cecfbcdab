import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEventsOf, createOtherOrganization, rows, useTestApp } from '../../test/harness.js';

describe('GET /api/triage/{id}', () => {
  const t = useTestApp({ as: 'doctor' });

  it('answers 200 with an assessment another member of the organization made, and audits the read', async () => {
    const made = (await t.as('nurse').post('/api/triage/assess', { symptoms: 'Crushing chest pain' })).json().assessment;
    const before = (await auditEventsOf(t.database.db, 'triage.assessment-read')).length;
    const res = await t.get(`/api/triage/${made.id}`, { remoteAddress: '10.1.2.3' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, assessment: made });
    const audits = await auditEventsOf(t.database.db, 'triage.assessment-read');
    expect(audits).toHaveLength(before + 1);
    const [{ id: doctorId }] = await rows<{ id: string }>(t.database.db, sql`select id from users where email = 'doctor@demo.clinic'`);
    expect(audits.at(-1)).toMatchObject({
      organization_id: 'default-clinic',
      actor_user_id: doctorId,
      entity_type: 'triage_assessment',
      entity_id: made.id,
      ip: '10.1.2.3',
      details: { severity: 'critical' },
    });
  });

  it("answers 404 for another organization's assessment and for an unknown id, auditing no read", async () => {
    const other = await createOtherOrganization(t.app, 'triage-detail@other.org');
    const theirs = (await t.as(other.headers).post('/api/triage/assess', { symptoms: 'a cough' })).json().assessment.id;
    expect((await t.as(other.headers).get(`/api/triage/${theirs}`)).statusCode).toBe(200);
    const before = (await auditEventsOf(t.database.db, 'triage.assessment-read')).length;
    const foreign = await t.get(`/api/triage/${theirs}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ success: false });
    expect(JSON.stringify(foreign.json())).not.toContain('a cough');
    expect((await t.get('/api/triage/no-such-assessment')).statusCode).toBe(404);
    expect(await auditEventsOf(t.database.db, 'triage.assessment-read')).toHaveLength(before);
  });

  it('answers 400 for a malformed id and 401 without a session', async () => {
    const malformed = await t.get('/api/triage/bad%24id');
    expect(malformed.statusCode).toBe(400);
    expect((await t.get(`/api/triage/${'x'.repeat(101)}`)).statusCode).toBe(400);
    const made = (await t.post('/api/triage/assess', { symptoms: 'fever' })).json().assessment.id;
    const anonymous = await t.anon.get(`/api/triage/${made}`);
    expect(anonymous.statusCode).toBe(401);
    expect(JSON.stringify(anonymous.json())).not.toContain('fever');
  });
});
