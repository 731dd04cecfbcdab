import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { patientPayload } from './patient-payload.js';
import { admittedPatient, visitorPayload } from '../modules/visitors/visitors.fixtures.js';
import { trialWithEnrollment } from './clinical-trials.fixtures.js';
import { freshAddress, memberIdOf, type TestApp } from './harness.js';

/** The other organization the conformance suite reaches for, with its owner's headers. */
export interface OtherOrganization {
  organizationId: string;
  clinicId: string;
  headers: Record<string, string>;
  ownerEmail: string;
}

/** Path parameters naming one record of the other organization. */
export type Fixture = (t: TestApp, other: OtherOrganization) => Promise<Record<string, string>>;

async function created(app: FastifyInstance, request: InjectOptions, pick: (body: any) => string) {
  const res = await app.inject(request);
  if (res.statusCode >= 300) throw new Error(`fixture request failed: ${res.statusCode} ${res.body}`);
  return pick(res.json());
}

const queueEntry: Fixture = async (t, other) => ({
  id: await created(
    t.app,
    {
      method: 'POST',
      url: `/api/triage/case?organizationId=${other.organizationId}&clinicId=${other.clinicId}`,
      remoteAddress: freshAddress(),
      payload: { firstName: 'Bea', lastName: 'Other', chiefComplaint: 'Cough', symptoms: ['cough'], painLevel: 2 },
    },
    (b) => b.case.id,
  ),
});

const patient: Fixture = async (t, other) => ({
  id: await created(
    t.app,
    { method: 'POST', url: '/api/patients', headers: other.headers, payload: patientPayload({ lastName: 'Elsewhere' }) },
    (b) => b.patient.id,
  ),
});

/** A visit (and its badge) of the other organization, checked in by its owner at the front desk. */
let visits = 0;
const visit = async (t: TestApp, other: OtherOrganization) => {
  visits += 1;
  const patient = await admittedPatient(t.app, t.database.db, other.headers, { lastName: `Elsewhere${'e'.repeat(visits)}` });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/visitors',
    headers: other.headers,
    payload: visitorPayload({ patientName: patient.name, patientId: patient.id, overrideHours: true, overrideReason: 'Conformance fixture' }),
  });
  if (res.statusCode !== 201) throw new Error(`fixture request failed: ${res.statusCode} ${res.body}`);
  return { id: res.json().visitor.id as string, badgeNumber: res.json().badge.badgeNumber as string };
};
const visitor: Fixture = async (t, other) => ({ id: (await visit(t, other)).id });
const emergencyAlert: Fixture = async (t, other) => ({
  id: await created(
    t.app,
    {
      method: 'POST',
      url: '/api/emergency-dashboard/alerts',
      headers: other.headers,
      payload: { type: 'SAFETY', severity: 'LOW', message: 'Wet floor by bay 2' },
    },
    (b) => b.alert.id,
  ),
});

const triageAssessment: Fixture = async (t, other) => ({
  id: await created(
    t.app,
    { method: 'POST', url: '/api/triage/assess', headers: other.headers, payload: { symptoms: 'mild headache since this morning' } },
    (b) => b.assessment.id,
  ),
});

const massCasualtyEvent: Fixture = async (t, other) => ({
  id: await created(
    t.app,
    {
      method: 'POST',
      url: '/api/emergency-dashboard/mass-casualty',
      headers: other.headers,
      payload: { eventType: 'TRANSPORT_ACCIDENT', severity: 'HIGH', expectedArrivals: 4 },
    },
    (b) => b.event.id,
  ),
});

/** The other organization's Owner, as a member id. */
const otherOwnerMember: Fixture = async (t, other) => ({
  memberId: await memberIdOf(t.database.db, other.organizationId, other.ownerEmail),
});

/** A protocol body the routes accept (one step). */
export const protocolPayload = (over: Record<string, unknown> = {}) => ({
  name: 'Probe protocol',
  category: 'OTHER',
  description: 'A protocol written by a test.',
  estimatedTime: 10,
  steps: [{ description: 'First step', duration: 60 }],
  ...over,
});

/**
 * One fixture per route whose path names a record: it creates that record in the other
 * organization, and the suite expects 404 when organization A's Owner names it. A new route with a
 * path parameter fails the suite until it has its fixture here.
 */
/** A trial of the other organization with an enrolled child and an adverse event (made once). */
let otherTrial: ReturnType<typeof trialWithEnrollment> | undefined;
const trialRecords = (t: TestApp, other: OtherOrganization) => (otherTrial ??= trialWithEnrollment(t.app, other));
const trial: Fixture = async (t, other) => ({ id: (await trialRecords(t, other)).trialId });
const invitation: Fixture = async (t, other) => ({
  id: await created(
    t.app,
    {
      method: 'POST',
      url: '/api/organizations/invite',
      headers: other.headers,
      payload: { email: `invited-${Math.random().toString(36).slice(2)}@other.example`, role: 'Nurse' },
    },
    (b) => b.invitation.id,
  ),
});

/** A patient of the other organization with a rights request and a consent (made once). */
let otherPrivacy: Promise<{ requestId: string; consentId: string }> | undefined;
const privacyRecords = (t: TestApp, other: OtherOrganization) =>
  (otherPrivacy ??= (async () => {
    const { id: patientId } = await patient(t, other);
    const post = (url: string, payload: Record<string, unknown>, pick: (b: any) => string) =>
      created(t.app, { method: 'POST', url, headers: other.headers, payload }, pick);
    return {
      requestId: await post('/api/gdpr/rights-request', { patientId, type: 'access' }, (b) => b.request.id),
      consentId: await post('/api/gdpr/consent', { patientId, purpose: 'research' }, (b) => b.consent.id),
    };
  })());

/** An API key of the other organization (it is on a trial of a plan with API access, or given one). */
const apiKey: Fixture = async (t, other) => {
  await t.database.db.execute(
    sql`update organizations set plan_id = 'professional', subscription_status = 'active' where id = ${other.organizationId}`,
  );
  return {
    id: await created(
      t.app,
      { method: 'POST', url: '/api/organizations/api-keys', headers: other.headers, payload: { name: 'Other EHR', scopes: ['patient/*.read'] } },
      (b) => b.key.id,
    ),
  };
};

/** A possible match of the other organization: a chart of its owner's, then a kiosk check-in of the same person. */
const possibleMatch: Fixture = async (t, other) => {
  const person = { lastName: 'Twinned', dateOfBirth: '1966-06-06' };
  const { id } = await patient(t, other);
  await created(
    t.app,
    { method: 'PUT', url: `/api/patients/${id}`, headers: other.headers, payload: patientPayload({ ...person, phone: '555 606 0606' }) },
    (b) => b.patient.id,
  );
  await created(
    t.app,
    {
      method: 'POST',
      url: `/api/triage/case?organizationId=${other.organizationId}&clinicId=${other.clinicId}`,
      remoteAddress: freshAddress(),
      payload: { firstName: 'Grace', ...person, phoneNumber: '5556060606', chiefComplaint: 'Cough', symptoms: ['cough'], painLevel: 2 },
    },
    (b) => b.case.id,
  );
  return {
    id: await created(t.app, { method: 'GET', url: `/api/patients/${id}/possible-matches`, headers: other.headers }, (b) => b.matches[0].id),
  };
};

/** A page of the other organization: its owner paging themself. */
const page: Fixture = async (t, other) => ({
  id: await created(
    t.app,
    {
      method: 'POST',
      url: '/api/paging/page',
      headers: other.headers,
      payload: {
        recipientMemberId: await memberIdOf(t.database.db, other.organizationId, other.ownerEmail),
        priority: 'routine',
        message: 'Call me back',
      },
    },
    (b) => b.page.id,
  ),
});

/**
 * A domain the other organization claimed for single sign-on (unverified: a claim needs no DNS).
 * Written directly: saving the settings would discover an identity provider first.
 */
const ssoDomain: Fixture = async (t, other) => {
  const domain = `claimed-${other.organizationId.slice(0, 8)}.invalid`;
  await t.database.db.execute(
    sql`insert into sso_domains (organization_id, domain, verification_token) values (${other.organizationId}, ${domain}, 'conformance-token')
        on conflict do nothing`,
  );
  return { domain };
};

export const RECORD_FIXTURES: Record<string, Fixture> = {
  '/api/organizations/sso/domains/:domain/verify': ssoDomain,
  '/api/paging/:id': page,
  '/api/paging/:id/acknowledge': page,
  '/api/paging/:id/cancel': page,
  '/api/gdpr/requests/:id/complete': async (t, other) => ({ id: (await privacyRecords(t, other)).requestId }),
  '/api/gdpr/consent/:id/withdraw': async (t, other) => ({ id: (await privacyRecords(t, other)).consentId }),
  '/api/organizations/api-keys/:id': apiKey,
  '/api/clinical-trials/:id': trial,
  '/api/clinical-trials/:id/enroll': trial,
  '/api/clinical-trials/:id/enrollments': trial,
  '/api/clinical-trials/:id/adverse-events': trial,
  '/api/clinical-trials/:id/reports/:report': async (t, other) => ({ id: (await trialRecords(t, other)).trialId, report: 'safety' }),
  '/api/clinical-trials/adverse-events/:id/resolve': async (t, other) => ({ id: (await trialRecords(t, other)).adverseEventId }),
  '/api/clinical-trials/enrollments/:id/withdraw': async (t, other) => ({ id: (await trialRecords(t, other)).enrollmentId }),
  '/api/clinical-trials/enrollments/:id/visits/:visitNumber/complete': async (t, other) => ({
    id: (await trialRecords(t, other)).enrollmentId,
    visitNumber: '1',
  }),
  '/api/patients/pediatric/:patientId/queue': async (t, other) => ({ patientId: (await trialRecords(t, other)).patientId }),
  '/api/clinics/organization/:id': async (_t, other) => ({ id: other.organizationId }),
  '/api/clinics/:id': async (_t, other) => ({ id: other.clinicId }),
  '/api/organizations/invitations/:id/resend': invitation,
  '/api/organizations/invitations/:id': invitation,
  '/api/organizations/invitations/:token/accept': async (t, other) => ({
    token: await created(
      t.app,
      {
        method: 'POST',
        url: '/api/organizations/invite',
        headers: other.headers,
        payload: { email: 'someone-else@other.example', role: 'Doctor' },
      },
      (b) => b.invitation.token,
    ),
  }),
  '/api/organizations/members/:memberId': otherOwnerMember,
  '/api/organizations/members/:memberId/mfa/reset': otherOwnerMember,
  '/api/organizations/members/:memberId/password-reset-link': otherOwnerMember,
  '/api/organizations/members/:memberId/password-reset-email': otherOwnerMember,
  '/api/auth/sessions/:id': async (t, other) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: other.headers });
    return { id: res.json().sessions[0].id as string };
  },
  '/api/triage/waiting-room/:id/start': queueEntry,
  '/api/triage/waiting-room/:id/complete': queueEntry,
  '/api/triage/waiting-room/:id/cancel': queueEntry,
  '/api/triage/waiting-room/:id/admit': queueEntry,
  '/api/triage/waiting-room/:id/emergency-admit': queueEntry,
  '/api/triage/waiting-room/:id/assign': queueEntry,
  '/api/triage/waiting-room/:id/vitals': queueEntry,
  '/api/triage/waiting-room/:id/history': queueEntry,
  '/api/triage/case/:id/status': queueEntry,
  '/api/triage/assessments/:id/action': triageAssessment,
  '/api/triage/:id': triageAssessment,
  '/api/patients/:id': patient,
  '/api/triage/patients/:id': patient,
  '/api/patients/:id/discharge': patient,
  '/api/patients/:id/reactivate': patient,
  '/api/patients/:id/visits': patient,
  '/api/patients/:id/placement': patient,
  '/api/patients/:id/possible-matches': patient,
  '/api/patients/possible-matches/:id/merge': possibleMatch,
  '/api/patients/possible-matches/:id/dismiss': possibleMatch,
  '/api/visitors/:id': visitor,
  '/api/visitors/:id/check-out': visitor,
  '/api/visitors/:id/restrict': visitor,
  '/api/visitors/:id/unrestrict': visitor,
  '/api/visitors/:id/badge/reprint': visitor,
  '/api/visitors/:id/badge/revoke': visitor,
  '/api/visitors/badges/:badgeNumber': async (t, other) => ({ badgeNumber: (await visit(t, other)).badgeNumber }),
  '/api/emergency-dashboard/alerts/:id/acknowledge': emergencyAlert,
  '/api/emergency-dashboard/alerts/:id/resolve': emergencyAlert,
  '/api/emergency-dashboard/mass-casualty/:id': massCasualtyEvent,
  '/api/emergency-dashboard/mass-casualty/:id/patients': massCasualtyEvent,
  '/api/emergency-dashboard/protocols/:id': async (t, other) => ({
    id: await created(
      t.app,
      {
        method: 'POST',
        url: '/api/emergency-dashboard/protocols',
        headers: other.headers,
        payload: protocolPayload({ name: 'Elsewhere protocol' }),
      },
      (b) => b.protocol.id,
    ),
  }),
  '/api/emergency-dashboard/patients/:id/details': queueEntry,
  // The FHIR reads: a chart, a queue episode (`q-…`) and one of its vital signs (`…-hr`).
  '/fhir/R4/Patient/:id': patient,
  '/fhir/R4/Patient/:id/$everything': patient,
  '/fhir/R4/Encounter/:id': async (t, other) => ({ id: `q-${(await queueEntry(t, other)).id}` }),
  '/fhir/R4/Observation/:id': async (t, other) => {
    const { id } = await queueEntry(t, other);
    const vitals = { method: 'POST' as const, url: `/api/triage/waiting-room/${id}/vitals`, headers: other.headers, payload: { heartRate: 80 } };
    await created(t.app, vitals, () => id);
    return { id: `${id}-hr` };
  },
};
