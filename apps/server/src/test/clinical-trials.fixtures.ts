import type { FastifyInstance, InjectOptions } from 'fastify';
import { freshAddress } from './harness.js';

/** A trial body the routes accept: a recruiting pediatric trial for ages 2 to 17 years. */
export function trialPayload(over: Record<string, unknown> = {}): Record<string, any> {
  return {
    title: 'Probe Pediatric Asthma Study',
    phase: 'Phase III',
    status: 'Recruiting',
    sponsor: 'Probe Pharma',
    principalInvestigator: 'Dr. Probe',
    startDate: '2026-01-01',
    endDate: '2027-12-31',
    targetEnrollment: 20,
    ageRange: { min: 2, max: 17, unit: 'years' },
    indications: ['Asthma'],
    interventions: ['Inhaled corticosteroid'],
    endpoints: ['Exacerbations per year'],
    inclusionCriteria: ['Physician-diagnosed asthma'],
    exclusionCriteria: ['Cystic fibrosis'],
    protocol: 'PROBE-001',
    regulatoryApproval: 'IRB-2026-001',
    ...over,
  };
}

/** A date of birth `years` years before today (minus a month), as `YYYY-MM-DD`. */
export function birthDateYearsAgo(years: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCMonth(d.getUTCMonth() - 1);
  return d.toISOString().slice(0, 10);
}

/** A complete pediatric intake body; `over` replaces fields. */
export function intakePayload(over: Record<string, unknown> = {}): Record<string, any> {
  return {
    firstName: 'Milo',
    lastName: 'Intake',
    dateOfBirth: birthDateYearsAgo(8),
    gender: 'male',
    race: 'asian',
    ethnicity: 'non-hispanic',
    primaryPhone: '555 010 2020',
    guardian1: { firstName: 'Rae', lastName: 'Intake', relationship: 'parent', phone: '555 010 2021' },
    chiefComplaint: 'Wheezing at night',
    symptoms: ['wheezing', 'cough'],
    painLevel: 3,
    allergies: ['peanuts'],
    currentMedications: [],
    chronicConditions: ['asthma'],
    familyHistory: { diabetes: false, hypertension: true, heartDisease: false, cancer: false, mentalHealth: false },
    livingSituation: 'both-parents',
    insurance: { primary: 'Blue Shield', policyNumber: 'P-1' },
    consentStatus: 'pending',
    ...over,
  };
}

async function ok(app: FastifyInstance, request: InjectOptions) {
  const res = await app.inject(request);
  if (res.statusCode >= 300) throw new Error(`fixture request failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/**
 * A trial of the organization `headers` belong to, with one child enrolled through an anonymous
 * intake and one adverse event: the ids of each.
 */
export async function trialWithEnrollment(
  app: FastifyInstance,
  place: { organizationId: string; clinicId: string; headers: Record<string, string> },
  over: { severity?: string; lastName?: string } = {},
) {
  const trial = (await ok(app, { method: 'POST', url: '/api/clinical-trials', headers: place.headers, payload: trialPayload() })).trial;
  const q = `organizationId=${place.organizationId}&clinicId=${place.clinicId}`;
  const intake = await ok(app, {
    method: 'POST',
    url: `/api/patients/pediatric?${q}`,
    remoteAddress: freshAddress(),
    payload: intakePayload({ trialId: trial.id, consentStatus: 'provided', lastName: over.lastName ?? 'Fixture' }),
  });
  const enrollment = (
    await ok(app, {
      method: 'POST',
      url: `/api/clinical-trials/${trial.id}/enroll?${q}`,
      remoteAddress: freshAddress(),
      headers: { 'x-intake-token': intake.intakeToken },
      payload: { patientId: intake.patientId, screeningNumber: 'SCR-FIX-1' },
    })
  ).enrollment;
  const event = (
    await ok(app, {
      method: 'POST',
      url: `/api/clinical-trials/${trial.id}/adverse-events`,
      headers: place.headers,
      payload: {
        patientId: intake.patientId,
        eventType: 'Rash',
        severity: over.severity ?? 'Mild',
        relatedness: 'Possible',
        description: 'Mild rash on the forearm',
        date: new Date().toISOString().slice(0, 10),
      },
    })
  ).adverseEvent;
  return {
    trialId: trial.id as string,
    patientId: intake.patientId as string,
    enrollmentId: enrollment.id as string,
    adverseEventId: event.id as string,
  };
}
