import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { intakePayload } from '../test/clinical-trials.fixtures.js';
import { auditEventsOf, countRows, createOtherOrganization, freshAddress, useTestApp } from '../test/harness.js';
import { kioskCase } from '../test/kiosk-check-ins.js';
import { visitorPayload } from '../test/visitor-payload.js';

/**
 * One admission step for every kind of caller: the organization's IP allow-list, disabled entry
 * points, plan features and read-only state apply to API keys and anonymous callers of its public
 * routes as they do to its members' sessions.
 */
const t = useTestApp({ as: 'admin' });
const ORG = 'default-clinic';

/** A visitor kiosk check-in body (the refusals come before any patient is looked up). */

/** Rows an anonymous submission to `organizationId` would add. */
async function writtenIn(organizationId: string) {
  const of = sql`organization_id = ${organizationId}`;
  return {
    patients: await countRows(t.database.db, 'patients', of),
    queueEntries: await countRows(t.database.db, 'queue_entries', of),
    intakes: await countRows(t.database.db, 'pediatric_intakes', of),
    visitors: await countRows(t.database.db, 'visitors', of),
  };
}

const setOrganization = (organizationId: string, change: ReturnType<typeof sql>) =>
  t.database.db.execute(sql`update organizations set ${change} where id = ${organizationId}`);

const anonymous = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, payload, remoteAddress: freshAddress() });

describe('an API key', () => {
  let secret: string;
  beforeAll(async () => {
    const created = await t.post('/api/organizations/api-keys', { name: 'Allow-list probe', scopes: ['patient/*.read'] });
    expect(created.statusCode).toBe(201);
    secret = created.json().secret;
  });

  it('from an address outside the IP allow-list gets 403 on a FHIR read, audited in its organization; from inside, 200', async () => {
    await setOrganization(ORG, sql`settings = settings || '{"ipWhitelist": ["203.0.113.0/24"]}'::jsonb`);
    try {
      const read = (remoteAddress: string) =>
        t.app.inject({ method: 'GET', url: '/fhir/R4/Patient', headers: { authorization: `Bearer ${secret}` }, remoteAddress });
      const outside = await read('198.51.100.7');
      expect(outside.statusCode).toBe(403);
      expect(outside.json()).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'forbidden' }] });
      expect(outside.body).toContain('IP allow-list');
      expect((await read('203.0.113.9')).statusCode).toBe(200);
    } finally {
      await setOrganization(ORG, sql`settings = settings || '{"ipWhitelist": []}'::jsonb`);
    }
    const refusals = (await auditEventsOf(t.database.db, 'access.refused')).filter((a) => a.entity_type === 'api-key');
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatchObject({ organization_id: ORG, actor_user_id: null, ip: '198.51.100.7' });
    expect(refusals[0].details).toMatchObject({ code: 'auth/ip-not-allowed', method: 'GET', path: '/fhir/R4/Patient' });
  });
});

describe('the kiosk', () => {
  it('with kioskEnabled off refuses a check-in at both its addresses with 403 and writes nothing', async () => {
    await setOrganization(ORG, sql`settings = settings || '{"kioskEnabled": false}'::jsonb`);
    try {
      const before = await writtenIn(ORG);
      for (const url of ['/api/triage/case', '/api/triage/case/kiosk']) {
        const res = await anonymous('POST', url, kioskCase('Switchedoff'));
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ code: 'organization/feature-disabled', message: 'The kiosk is not enabled for this organization.' });
      }
      expect(await writtenIn(ORG)).toEqual(before);
    } finally {
      await setOrganization(ORG, sql`settings = settings || '{"kioskEnabled": true}'::jsonb`);
    }
    expect((await anonymous('POST', '/api/triage/case', kioskCase('Switchedon'))).statusCode).toBe(201);
  });
});

describe('a canceled (read-only) organization', () => {
  let other: Awaited<ReturnType<typeof createOtherOrganization>>;
  beforeAll(async () => {
    other = await createOtherOrganization(t.app, 'owner@read-only.example');
    await setOrganization(other.organizationId, sql`subscription_status = 'canceled'`);
  });

  it('refuses anonymous kiosk, pediatric intake (submit and queue) and visitor kiosk submissions with 402 and writes nothing', async () => {
    const at = `?organizationId=${other.organizationId}`;
    const before = await writtenIn(other.organizationId);
    // The kiosks' plan features lapse with the plan (the spec's order: the feature is named first);
    // the intake has no plan feature, so its writes are refused as read-only.
    const submissions: Array<[string, object, string]> = [
      [`/api/triage/case${at}`, kioskCase('Lapsed'), 'plan/feature-unavailable'],
      [`/api/patients/pediatric${at}`, intakePayload({ lastName: 'Lapsed' }), 'plan/read-only'],
      [`/api/visitors/check-in${at}`, visitorPayload({ email: undefined }), 'plan/feature-unavailable'],
      // A route staff and the intake share (`caller: 'public-or-session'`), called anonymously.
      [
        `/api/patients/pediatric/some-patient/queue${at}`,
        { departmentId: 'pediatric-general', priority: 'routine', estimatedWaitTime: 30 },
        'plan/read-only',
      ],
    ];
    for (const [url, payload, code] of submissions) {
      const res = await anonymous('POST', url, payload);
      expect(res.statusCode, url).toBe(402);
      expect(res.json().code, url).toBe(code);
      // An anonymous caller is not told about the organization's billing.
      expect(res.json().message, url).not.toMatch(/subscription|plan|billing/i);
    }
    expect(await writtenIn(other.organizationId)).toEqual(before);
  });

  it('still answers public reads: the queue board and the clinic names', async () => {
    const board = await anonymous('GET', `/api/triage/cds-queue/public?organizationId=${other.organizationId}`);
    expect(board.statusCode).toBe(200);
    expect(board.json().success).toBe(true);
    expect((await anonymous('GET', `/api/public/clinic?organizationId=${other.organizationId}`)).statusCode).toBe(200);
  });
});

describe('a plan without a public route’s feature', () => {
  let basic: Awaited<ReturnType<typeof createOtherOrganization>>;
  beforeAll(async () => {
    basic = await createOtherOrganization(t.app, 'owner@basic-plan.example');
    await setOrganization(basic.organizationId, sql`plan_id = 'basic', subscription_status = 'active'`);
  });

  it('refuses the visitor kiosk (visitor management is Professional) with 402, naming no plan, and writes nothing', async () => {
    const at = `?organizationId=${basic.organizationId}`;
    const before = await writtenIn(basic.organizationId);
    const checkIn = await anonymous('POST', `/api/visitors/check-in${at}`, visitorPayload({ email: undefined }));
    expect(checkIn.statusCode).toBe(402);
    expect(checkIn.json()).toMatchObject({ code: 'plan/feature-unavailable', message: 'This service is not available for this organization.' });
    const policy = await anonymous('GET', `/api/visitors/kiosk-policy${at}`);
    expect(policy.statusCode).toBe(402);
    expect(await writtenIn(basic.organizationId)).toEqual(before);
  });

  it('keeps the routes its plan has: the kiosk check-in of a Basic organization is accepted', async () => {
    const res = await anonymous('POST', `/api/triage/case?organizationId=${basic.organizationId}`, kioskCase('Basicplan'));
    expect(res.statusCode).toBe(201);
  });
});

describe('the API description', () => {
  it('lists the FHIR reads, with their access (a session or an API key)', async () => {
    const doc = (await t.anon.get('/api/openapi.json')).json();
    expect(doc.paths['/fhir/R4/Patient/{id}'].get.description).toContain('API key');
    expect(doc.paths['/fhir/R4/Patient/{id}/$everything'].get.summary).toBe("A patient's record");
  });
});
