import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEventsOf, freshAddress, rows, useTestApp } from '../../test/harness.js';
import { patientPayload } from '../../test/patient-payload.js';

/**
 * A chart a kiosk made for a returning patient and staff merged into the existing chart is archived
 * with what the kiosk was told: erasing the chart that stays erases that one too, and the copies
 * that moved with the merge.
 */
const t = useTestApp({ as: 'doctor' });

describe('erasure of a chart another chart was merged into', () => {
  it('removes the merged chart’s contact data too, and restricts it', async () => {
    const chart = (
      await t.post(
        '/api/patients',
        patientPayload({ firstName: 'Hedda', lastName: 'Mergedaway', dateOfBirth: '1968-02-03', phone: '555 404 1000' }),
      )
    ).json().patient;
    const kiosk = await t.anon.post(
      '/api/triage/case',
      {
        firstName: 'Hedda',
        lastName: 'Mergedaway',
        dateOfBirth: '1968-02-03',
        phoneNumber: '555-404-7474',
        email: 'merged.zq74@erasure.example',
        emergencyContact: 'Osric Vantablack',
        chiefComplaint: 'Cough',
        symptoms: ['cough'],
        painLevel: 2,
      },
      { remoteAddress: freshAddress() },
    );
    expect(kiosk.statusCode, kiosk.body).toBe(201);
    const [match] = (await t.get(`/api/patients/${chart.id}/possible-matches`)).json().matches;
    const merged = await t.post(`/api/patients/possible-matches/${match.id}/merge`, {});
    expect(merged.statusCode, merged.body).toBe(200);

    const erased = await t.as('admin').post('/api/gdpr/erase', { patientId: chart.id });
    expect(erased.statusCode, erased.body).toBe(200);

    const [away] = await rows(
      t.database.db,
      sql`select phone, email, emergency_contact_name, dto_json, processing_restricted_at is not null as restricted from patients where id = ${match.newChart.id}`,
    );
    expect(away).toMatchObject({ phone: null, email: null, emergency_contact_name: null, restricted: true });
    expect(away.dto_json).not.toContain('merged.zq74');
    const [entry] = await rows(
      t.database.db,
      sql`select patient_id, phone, email, emergency_contact from queue_entries where id = ${kiosk.json().case.id}`,
    );
    expect(entry).toEqual({ patient_id: chart.id, phone: null, email: null, emergency_contact: null });
    const [audit] = await auditEventsOf(t.database.db, 'patient.processing-restricted');
    expect(audit.details).toMatchObject({ mergedCharts: [match.newChart.id] });
    expect(JSON.stringify(audit.details)).not.toContain('merged.zq74');
  });
});
