import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEventsOf, createOtherOrganization, rows, useTestApp, type Who } from '../../test/harness.js';

describe('AI triage', () => {
  const t = useTestApp({ as: 'doctor' });
  const assess = (symptoms: unknown, who: Who = 'doctor') => t.as(who).post('/api/triage/assess', { symptoms });

  it('assesses chest pain as critical with no wait, the emergency recommendation and a stable confidence', async () => {
    const res = await assess('Crushing CHEST PAIN and sweating');
    expect(res.statusCode).toBe(200);
    const { assessment } = res.json();
    expect(assessment).toMatchObject({ severity: 'critical', estimatedWaitTime: 0, accepted: false, secondOpinionRequested: false });
    expect(assessment.recommendation).toMatch(/999/);
    const again = await assess('Crushing CHEST PAIN and sweating');
    expect(again.json().assessment.aiConfidence).toBe(assessment.aiConfidence);
    expect((await auditEventsOf(t.database.db, 'triage.assessed')).length).toBeGreaterThanOrEqual(2);
  });

  it('maps each severity to its wait: high 15, medium 60, low 120 minutes', async () => {
    expect((await assess('dizziness')).json().assessment).toMatchObject({ severity: 'high', estimatedWaitTime: 15 });
    expect((await assess('a cough')).json().assessment).toMatchObject({ severity: 'medium', estimatedWaitTime: 60 });
    expect((await assess('itchy elbow')).json().assessment).toMatchObject({ severity: 'low', estimatedWaitTime: 120 });
  });

  it('refuses empty symptoms with "Please describe your symptoms." and stores nothing', async () => {
    const before = await rows(t.database.db, sql`select count(*)::int as n from triage_assessments`);
    const res = await assess('   ');
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].message).toBe('Please describe your symptoms.');
    expect((await assess('x'.repeat(2001))).statusCode).toBe(400);
    const after = await rows(t.database.db, sql`select count(*)::int as n from triage_assessments`);
    expect(after[0].n).toBe(before[0].n);
  });

  it('keeps each user their own latest 10, newest first', async () => {
    for (let i = 0; i < 12; i += 1) await assess(`headache number ${i}`, 'nurse');
    const res = await t.as('nurse').get('/api/triage/history');
    const list = res.json().assessments;
    expect(list).toHaveLength(10);
    expect(list[0].symptoms).toBe('headache number 11');
    expect(list.every((a: { symptoms: string }) => a.symptoms.startsWith('headache'))).toBe(true);
  });

  it('reading the history is audited like a patient read: actor, organization and how many were shown', async () => {
    const before = (await auditEventsOf(t.database.db, 'triage.history-read')).length;
    const res = await t.get('/api/triage/history', { remoteAddress: '10.9.8.7' });
    expect(res.statusCode).toBe(200);
    const audits = await auditEventsOf(t.database.db, 'triage.history-read');
    expect(audits).toHaveLength(before + 1);
    const [{ id: doctorId }] = await rows<{ id: string }>(t.database.db, sql`select id from users where email = 'doctor@demo.clinic'`);
    expect(audits.at(-1)).toMatchObject({ organization_id: 'default-clinic', actor_user_id: doctorId, ip: '10.9.8.7' });
    expect(audits.at(-1)!.details).toMatchObject({ count: res.json().assessments.length });
  });

  it('records Accept Recommendation and Get Second Opinion on your own assessment only', async () => {
    const id = (await assess('fever')).json().assessment.id;
    const accepted = await t.post(`/api/triage/assessments/${id}/action`, { action: 'accept' });
    expect(accepted.json().assessment.accepted).toBe(true);
    const second = await t.post(`/api/triage/assessments/${id}/action`, { action: 'second-opinion' });
    expect(second.json().assessment).toMatchObject({ accepted: true, secondOpinionRequested: true });
    const notYours = await t.as('nurse').post(`/api/triage/assessments/${id}/action`, { action: 'accept' });
    expect(notYours.statusCode).toBe(404);
    const bad = await t.post(`/api/triage/assessments/${id}/action`, { action: 'ignore' });
    expect(bad.statusCode).toBe(400);
  });

  it('needs canAccessEmergencyRoom (403 for Staff), sign-in (401), and the aiTriage plan feature', async () => {
    expect((await t.anon.post('/api/triage/assess', { symptoms: 'fever' })).statusCode).toBe(401);
    expect((await t.anon.get('/api/triage/history')).statusCode).toBe(401);
    expect((await assess('fever', 'staff')).statusCode).toBe(403);
    const other = await createOtherOrganization(t.app, 'triage-owner@other.org');
    await t.database.db.execute(sql`update organizations set subscription_status = 'canceled' where id = ${other.organizationId}`);
    const refused = await assess('fever', other.headers);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().code).toBe('plan/feature-unavailable');
    expect(refused.json().message).toBe('AI Triage feature requires a subscription. Please upgrade your plan.');
  });

  it("another organization's assessment id is a 404", async () => {
    const other = await createOtherOrganization(t.app, 'triage-owner2@other.org');
    const id = (await assess('fever', other.headers)).json().assessment.id;
    const res = await t.post(`/api/triage/assessments/${id}/action`, { action: 'accept' });
    expect(res.statusCode).toBe(404);
  });

  it('AI risk assessment returns score, urgency, factors and recommendations from the same rules', async () => {
    const riskOf = (patient: unknown, who: Who = 'nurse') => t.as(who).post('/api/ai-risk/assess', { patient });
    const res = await riskOf({ age: 70, symptoms: ['severe headache'], chiefComplaint: 'stroke symptoms', vitalSigns: { heartRate: 72 } });
    expect(res.statusCode).toBe(200);
    const { assessment } = res.json();
    expect(assessment.riskScore).toBe(95);
    expect(assessment).toMatchObject({ urgencyLevel: 'emergency', aiConfidence: 0.85, requiresImmediateAttention: true });
    expect(assessment.riskFactors.length).toBeGreaterThan(0);
    expect(assessment).not.toHaveProperty('breakdown');
    expect((await riskOf({ age: -3 })).statusCode).toBe(400);
    expect((await riskOf({ age: 30 }, 'viewer')).statusCode).toBe(403);
    expect((await t.anon.post('/api/ai-risk/assess', { patient: { age: 30 } })).statusCode).toBe(401);
  });
});
