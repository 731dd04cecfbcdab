import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.js';

describe('demo emergency room seed', () => {
  const t = useTestApp({ seed: { queue: true }, as: 'nurse' });

  it('gives every tab of the dashboard real rows on a fresh start', async () => {
    const res = await t.get('/api/emergency-dashboard/dashboard');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.facility).toMatchObject({ level: 'Level II Trauma Center', facilityId: 'ER-DGH-001', bedCount: 12 });
    expect(data.protocols.length).toBeGreaterThanOrEqual(15);
    for (const name of ['STEMI', 'stroke', 'Sepsis', 'Anaphylaxis', 'Major trauma', 'Cardiac arrest', 'Pediatric respiratory distress', 'DKA']) {
      expect(
        data.protocols.some((p: { name: string }) => p.name.toLowerCase().includes(name.toLowerCase())),
        name,
      ).toBe(true);
    }
    expect(data.protocols.every((p: { steps: unknown[] }) => p.steps.length > 0)).toBe(true);
    const active = data.alerts.filter((a: { status: string }) => a.status === 'ACTIVE');
    expect(active.length).toBeGreaterThan(0);
    expect(active.some((a: { protocolId: string | null }) => a.protocolId)).toBe(true);
    expect(data.highRiskPatients.length).toBeGreaterThan(0);
    const { vitals } = (await t.get('/api/emergency-dashboard/vitals')).json();
    const { assessments } = (await t.get('/api/emergency-dashboard/risk-assessments')).json();
    expect(vitals.length).toBeGreaterThan(0);
    expect(vitals[0].trends.heartRate.length).toBeGreaterThanOrEqual(1);
    expect(assessments.length).toBeGreaterThan(vitals.length);
    expect(data.pediatricPatients).toEqual([expect.objectContaining({ patientName: 'Kevin Hill', parentPresent: true, weight: 27 })]);
    expect(data.massCasualtyEvents).toEqual([
      expect.objectContaining({ status: 'ACTIVE', eventType: 'TRANSPORT_ACCIDENT', patientCount: 3, triageStatus: 'YELLOW' }),
    ]);
    expect(data.metrics.totalPatients).toBeGreaterThan(0);
    expect(data.metrics.bedOccupancy).not.toBeNull();
  });

  it('stored alerts and scorings as the live rules would have: one unresolved alert per patient and cause', async () => {
    const alerts = (await t.get('/api/emergency-dashboard/alerts')).json().alerts as Array<{
      status: string;
      type: string;
      patientId: string | null;
      queueEntryId: string | null;
    }>;
    const open = alerts.filter((a) => a.status !== 'RESOLVED' && a.queueEntryId);
    const keys = open.map((a) => `${a.type}:${a.patientId ?? a.queueEntryId}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
