import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorResponse } from '@clinic/domain';
import { freshAddress, useTestApp } from '../test/harness.js';
import { intakePayload, trialPayload, trialWithEnrollment } from '../test/clinical-trials.fixtures.js';

/**
 * Every date a body or a query carries goes through the one calendar-date contract: an impossible
 * or out-of-range date is a 400 whose issues name the field, never a 500 and never another date.
 */
const t = useTestApp({ as: 'owner' });
let place: Awaited<ReturnType<typeof trialWithEnrollment>>;
beforeAll(async () => {
  place = await trialWithEnrollment(t.app, { organizationId: 'default-clinic', clinicId: 'default-clinic', headers: await t.headers() });
});

/** A 400 in the one error shape whose issues name `field`. */
function expectRefusedField(res: LightMyRequestResponse, field: string) {
  const label = `${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, label).toBe(400);
  const body = errorResponse.parse(res.json());
  expect(
    body.issues?.map((i) => i.path),
    label,
  ).toContain(field);
}

const EXTREME_DAYS = ['0000-01-01', '0001-01-01', '9999-12-31', '2026-02-30', '1999-12-31', '2101-01-01'];
const RANGE_ROUTES = [
  '/api/analytics/overview',
  '/api/analytics/triage',
  '/api/analytics/patients',
  '/api/analytics/business',
  '/api/analytics/export?report=visits-per-day&',
  '/api/visitors/daily',
  '/api/visitors/export.csv',
  '/api/soc2/audit-trail?format=json&',
];
const withQuery = (route: string, query: string) => (route.endsWith('&') ? `${route}${query}` : `${route}?${query}`);

describe('date ranges of reports', () => {
  it.each(RANGE_ROUTES.flatMap((route) => EXTREME_DAYS.map((day) => [route, day])))(
    '%s refuses from=%s with a 400 naming from',
    async (route, day) => {
      expectRefusedField(await t.get(withQuery(route, `from=${day}`)), 'from');
    },
  );

  it.each(RANGE_ROUTES.flatMap((route) => EXTREME_DAYS.map((day) => [route, day])))('%s refuses to=%s with a 400 naming to', async (route, day) => {
    expectRefusedField(await t.get(withQuery(route, `to=${day}`)), 'to');
  });

  it.each(RANGE_ROUTES)('%s still answers a real range of this century', async (route) => {
    expect((await t.get(withQuery(route, 'from=2026-01-01&to=2026-01-31'))).statusCode).toBe(200);
  });
});

describe('dates of public submissions', () => {
  const kioskCase = (over: Record<string, unknown>) => ({
    firstName: 'Dora',
    lastName: 'Datewise',
    phoneNumber: '(555) 201-3344',
    chiefComplaint: 'Headache',
    ...over,
  });

  it.each(['0000-01-01', '1899-12-31', '2023-02-29', '9999-12-31'])(
    'the anonymous kiosk refuses a date of birth of %s with a 400 naming dateOfBirth',
    async (dateOfBirth) => {
      const res = await t.anon.post('/api/triage/case', kioskCase({ dateOfBirth }), { remoteAddress: freshAddress() });
      expectRefusedField(res, 'dateOfBirth');
    },
  );

  it.each(['0000-01-01T00:00:00Z', '9999-12-31T23:59:59-14:00', '2026-02-30T08:00:00Z'])(
    'the anonymous kiosk refuses a check-in start of %s with a 400 naming startedAt',
    async (startedAt) => {
      const res = await t.anon.post('/api/triage/case', kioskCase({ dateOfBirth: '1950-04-02', startedAt }), { remoteAddress: freshAddress() });
      expectRefusedField(res, 'startedAt');
    },
  );

  it.each(['0000-01-01', '2023-02-29', '1899-12-31'])(
    'the pediatric intake refuses a date of birth of %s naming dateOfBirth',
    async (dateOfBirth) => {
      const res = await t.anon.post('/api/patients/pediatric', intakePayload({ dateOfBirth }), { remoteAddress: freshAddress() });
      expectRefusedField(res, 'dateOfBirth');
    },
  );
});

describe('dates of clinical trials', () => {
  it.each(['2026-02-30', '0000-01-01', '9999-12-31'])('creating a trial refuses a start date of %s naming startDate', async (startDate) => {
    expectRefusedField(await t.post('/api/clinical-trials', trialPayload({ startDate })), 'startDate');
  });

  it('editing a trial refuses an impossible end date naming endDate', async () => {
    expectRefusedField(await t.put(`/api/clinical-trials/${place.trialId}`, trialPayload({ endDate: '2027-02-29' })), 'endDate');
  });

  it.each(['2026-02-30', '0001-01-01', '9999-12-31'])('an adverse event dated %s is refused naming date', async (date) => {
    const res = await t.post(`/api/clinical-trials/${place.trialId}/adverse-events`, {
      patientId: place.patientId,
      eventType: 'Rash',
      severity: 'Mild',
      relatedness: 'Possible',
      description: 'Rash on the forearm',
      date,
    });
    expectRefusedField(res, 'date');
  });

  it('completing a trial visit refuses an impossible day naming completedDate', async () => {
    const res = await t.post(`/api/clinical-trials/enrollments/${place.enrollmentId}/visits/1/complete`, { completedDate: '2026-04-31' });
    expectRefusedField(res, 'completedDate');
  });
});

describe('timestamps of staff submissions', () => {
  it.each(['0000-01-01T00:00:00Z', '9999-12-31T23:59:59-14:00'])(
    'declaring a mass-casualty event at %s is refused naming timestamp',
    async (timestamp) => {
      const res = await t.post('/api/emergency-dashboard/mass-casualty', {
        eventType: 'TRANSPORT_ACCIDENT',
        severity: 'CRITICAL',
        expectedArrivals: 2,
        timestamp,
      });
      expectRefusedField(res, 'timestamp');
    },
  );
});
