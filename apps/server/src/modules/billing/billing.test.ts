import { STRIPE_NOT_CONFIGURED_MESSAGE } from '@clinic/domain';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { auditEventsOf, countRows, createOtherOrganization, freshAddress, rows, useTestApp } from '../../test/harness.js';
import { patientPayload } from '../../test/patient-payload.js';

const WEBHOOK_SECRET = 'whsec_test_secret_for_the_suite';
// A webhook secret only: no secret or publishable key, so card payments stay off.
const t = useTestApp({ as: 'owner', billing: { webhookSecret: WEBHOOK_SECRET } });
const stripe = new Stripe('sk_test_unused');

/** Delivers `event` as Stripe would: the exact body, signed with the secret (Stripe's own test helper). */
function deliver(event: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
  return t.anon.post('/api/billing/webhook', payload, {
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    remoteAddress: freshAddress(),
  });
}

const orgRow = async (id: string) => (await rows<Record<string, any>>(t.database.db, sql`select * from organizations where id = ${id}`))[0];

describe('GET /api/billing/subscription', () => {
  it('reads the subscription, invoices, usage and says card payments are off without keys', async () => {
    const res = await t.get('/api/billing/subscription');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.subscription.plan).toBe('professional');
    expect(body.subscription.status).toBe('active');
    expect(body.subscription.readOnly).toBe(false);
    expect(body.payments).toEqual({ configured: false, publishableKey: null });
    expect(body.paymentMethod).toBeNull();
    expect(body.usage.users).toBeGreaterThan(0);
    expect((await auditEventsOf(t.database.db, 'billing.viewed')).length).toBeGreaterThan(0);
  });
});

describe('POST /api/billing/checkout without Stripe keys', () => {
  it("answers the spec's message and changes nothing", async () => {
    const before = await t.get('/api/billing/subscription');
    const res = await t.post('/api/billing/checkout', { plan: 'enterprise' });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(STRIPE_NOT_CONFIGURED_MESSAGE);
    const after = await t.get('/api/billing/subscription');
    expect(after.json().subscription).toEqual(before.json().subscription);
  });

  it('is refused to a member without the settings permission', async () => {
    expect((await t.as('doctor').post('/api/billing/checkout', { plan: 'basic' })).statusCode).toBe(403);
  });
});

describe('trial and cancellation', () => {
  it('switches the trial plan without a card, keeps its end, then cancels at period end', async () => {
    const other = await createOtherOrganization(t.app, 'trial-owner@other.org');
    const before = await orgRow(other.organizationId);
    const res = await t.as(other.headers).post('/api/billing/trial', { plan: 'basic' });
    expect(res.statusCode).toBe(200);
    const after = await orgRow(other.organizationId);
    expect(after.plan_id).toBe('basic');
    expect(after.subscription_status).toBe('trialing');
    expect(String(after.trial_ends_at)).toBe(String(before.trial_ends_at));
    expect((await t.as(other.headers).post('/api/billing/trial', { plan: 'basic' })).statusCode).toBe(409);
    const cancel = await t.as(other.headers).post('/api/billing/cancel', {});
    expect(cancel.statusCode).toBe(200);
    expect((await orgRow(other.organizationId)).cancel_at_period_end).toBe(true);
    // Still writable until the trial ends.
    expect((await t.as(other.headers).post('/api/patients', patientPayload({ lastName: 'Cancelled' }))).statusCode).toBe(201);
  });
});

describe('plan limits', () => {
  /** A new organization on the Basic plan (1,000 active patients) with `count` active patients already. */
  async function basicWithPatients(ownerEmail: string, count: number) {
    const other = await createOtherOrganization(t.app, ownerEmail);
    await t.database.db.execute(sql`update organizations set plan_id = 'basic', subscription_status = 'active' where id = ${other.organizationId}`);
    await t.database.db.execute(sql`
      insert into patients (organization_id, clinic_id, id, first_name, last_name, status)
      select ${other.organizationId}, ${other.clinicId}, ${`${ownerEmail}-`} || g, 'Bulk', 'Patient' || g, 'active' from generate_series(1, ${count}) g`);
    return other;
  }

  it('Basic allows the 25th user (members + pending invitations) and refuses the 26th with 402', async () => {
    const other = await createOtherOrganization(t.app, 'limit-owner@other.org');
    await t.database.db.execute(sql`update organizations set plan_id = 'basic', subscription_status = 'active' where id = ${other.organizationId}`);
    // The owner plus 22 members is 23; one pending invitation makes 24.
    await t.database.db.execute(sql`
      insert into users (id, email, password_hash, first_name, last_name)
      select 'limit-user-' || g, 'limit-' || g || '@other.org', 'x', 'Limit', 'User' || g from generate_series(1, 22) g`);
    await t.database.db.execute(sql`
      insert into organization_members (organization_id, id, user_id, role, permissions, status)
      select ${other.organizationId}, 'limit-member-' || g, 'limit-user-' || g, 'Staff', '{}'::jsonb, 'active' from generate_series(1, 22) g`);
    const invite = (email: string) => t.as(other.headers).post('/api/organizations/invite', { email, role: 'Nurse' });
    expect((await invite('twenty-fourth@other.org')).statusCode).toBe(201);
    const twentyFifth = await invite('twenty-fifth@other.org');
    expect(twentyFifth.statusCode).toBe(201);
    const twentySixth = await invite('twenty-sixth@other.org');
    expect(twentySixth.statusCode).toBe(402);
    expect(twentySixth.json().code).toBe('plan/limit-reached');
    expect(twentySixth.json().message).toContain('Basic plan allows 25');
    expect(await countRows(t.database.db, 'invitations', sql`email = 'twenty-sixth@other.org'`)).toBe(0);
    // Revoking one makes room again; a new invitation to the same address replaces the old one.
    const revoke = await t.as(other.headers).delete(`/api/organizations/invitations/${twentyFifth.json().invitation.id}`);
    expect(revoke.statusCode).toBe(200);
    expect((await invite('twenty-sixth@other.org')).statusCode).toBe(201);
    expect((await invite('twenty-sixth@other.org')).statusCode).toBe(201);
  });

  it('Basic refuses the 1,001st active patient with 402 and writes nothing', async () => {
    const other = await basicWithPatients('patients-owner@other.org', 999);
    expect((await t.as(other.headers).post('/api/patients', patientPayload({ lastName: 'Thousandth' }))).statusCode).toBe(201);
    const refused = await t.as(other.headers).post('/api/patients', patientPayload({ lastName: 'Over' }));
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({
      code: 'plan/limit-reached',
      message: 'Your Basic plan allows 1,000 active patients. Upgrade your plan on the Billing page to add more.',
    });
    expect(await countRows(t.database.db, 'patients', sql`organization_id = ${other.organizationId}`)).toBe(1000);
  });

  it('six simultaneous new charts (staff and kiosk) with room for two: exactly two are created', async () => {
    const other = await basicWithPatients('edge-owner@other.org', 998);
    const kiosk = `/api/triage/case?organizationId=${other.organizationId}&clinicId=${other.clinicId}`;
    const checkIn = (i: number) =>
      t.anon.post(
        kiosk,
        { firstName: 'Edge', lastName: `Kiosk${i}`, chiefComplaint: 'Cough', symptoms: ['cough'] },
        { remoteAddress: freshAddress() },
      );
    const results = await Promise.all([
      ...[1, 2, 3].map((i) => t.as(other.headers).post('/api/patients', patientPayload({ lastName: `Staff${i}` }))),
      ...[1, 2, 3].map(checkIn),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 402, 402, 402, 402]);
    for (const refused of results.filter((r) => r.statusCode === 402)) expect(refused.json().code).toBe('plan/limit-reached');
    expect(await countRows(t.database.db, 'patients', sql`organization_id = ${other.organizationId}`)).toBe(1000);
    // A refused check-in leaves no queue entry either.
    expect(await countRows(t.database.db, 'queue_entries', sql`organization_id = ${other.organizationId}`)).toBe(
      results.slice(3).filter((r) => r.statusCode === 201).length,
    );
  });

  it('refuses a feature outside the plan with plan/feature-unavailable (402)', async () => {
    const other = await createOtherOrganization(t.app, 'feature-owner@other.org');
    await t.database.db.execute(sql`update organizations set plan_id = 'basic', subscription_status = 'active' where id = ${other.organizationId}`);
    const res = await t.as(other.headers).get('/api/visitors');
    expect(res.statusCode).toBe(402);
    expect(res.json().code).toBe('plan/feature-unavailable');
  });
});

describe('read-only after the trial ends', () => {
  it('lets staff sign in and read, refuses writes with a clear 402, and leaves choosing a plan open', async () => {
    const other = await createOtherOrganization(t.app, 'lapsed-owner@other.org');
    expect((await t.as(other.headers).post('/api/patients', patientPayload({ lastName: 'Before' }))).statusCode).toBe(201);
    await t.database.db.execute(sql`update organizations set trial_ends_at = now() - interval '1 minute' where id = ${other.organizationId}`);
    const list = await t.as(other.headers).get('/api/patients');
    expect(list.statusCode).toBe(200);
    expect(list.json().patients.length).toBe(1);
    // Reads of a feature of its plan stay open.
    expect((await t.as(other.headers).get('/api/visitors')).statusCode).toBe(200);
    const write = await t.as(other.headers).post('/api/patients', patientPayload({ lastName: 'After' }));
    expect(write.statusCode).toBe(402);
    expect(write.json().code).toBe('plan/read-only');
    expect(write.json().message).toContain('read-only');
    expect(await countRows(t.database.db, 'patients', sql`organization_id = ${other.organizationId}`)).toBe(1);
    const billing = await t.as(other.headers).get('/api/billing/subscription');
    expect(billing.json().subscription.readOnly).toBe(true);
    // The way out stays open (here: no keys, so the spec's message rather than the read-only refusal).
    const checkout = await t.as(other.headers).post('/api/billing/checkout', { plan: 'basic' });
    expect(checkout.json().message).toBe(STRIPE_NOT_CONFIGURED_MESSAGE);
    // A canceled plan is read-only too.
    await t.database.db.execute(
      sql`update organizations set subscription_status = 'canceled', trial_ends_at = null where id = ${other.organizationId}`,
    );
    expect((await t.as(other.headers).post('/api/patients', patientPayload({ lastName: 'Canceled' }))).json().code).toBe('plan/read-only');
  });
});

describe('POST /api/billing/webhook', () => {
  const checkoutCompleted = (organizationId: string, id = `evt_${Math.random().toString(36).slice(2)}`) => ({
    id,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: 'cs_test_1',
        object: 'checkout.session',
        customer: 'cus_test_1',
        subscription: 'sub_test_1',
        metadata: { organizationId, plan: 'enterprise' },
      },
    },
  });

  it('refuses a bad signature (400) and writes nothing', async () => {
    const other = await createOtherOrganization(t.app, 'webhook-bad@other.org');
    const before = await orgRow(other.organizationId);
    const res = await deliver(checkoutCompleted(other.organizationId), 'whsec_wrong');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('billing/bad-signature');
    const unsigned = await t.anon.post('/api/billing/webhook', JSON.stringify(checkoutCompleted(other.organizationId)), {
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await orgRow(other.organizationId)).plan_id).toBe(before.plan_id);
    expect(await countRows(t.database.db, 'billing_events', sql`organization_id = ${other.organizationId}`)).toBe(0);
  });

  it('applies the same event once, records invoices, and a failed payment makes it past due', async () => {
    const other = await createOtherOrganization(t.app, 'webhook-good@other.org');
    const event = checkoutCompleted(other.organizationId, 'evt_once_1');
    const first = await deliver(event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, applied: true, mailed: false });
    const second = await deliver(event);
    expect(second.json()).toEqual({ received: true, applied: false, mailed: false });
    const org = await orgRow(other.organizationId);
    expect(org.plan_id).toBe('enterprise');
    expect(org.subscription_status).toBe('active');
    expect(org.stripe_customer_id).toBe('cus_test_1');
    expect(await countRows(t.database.db, 'billing_events', sql`organization_id = ${other.organizationId}`)).toBe(1);
    const applied = (await auditEventsOf(t.database.db, 'billing.event')).filter((a) => a.organization_id === other.organizationId);
    expect(applied.length).toBe(1);

    // Found by its customer id (no metadata on an invoice).
    const paid = {
      id: 'evt_invoice_paid',
      object: 'event',
      type: 'invoice.paid',
      data: {
        object: {
          id: 'in_1',
          object: 'invoice',
          customer: 'cus_test_1',
          amount_paid: 99900,
          currency: 'usd',
          created: 1_790_000_000,
          lines: { data: [{ description: 'Enterprise plan' }] },
        },
      },
    };
    expect((await deliver(paid)).json().applied).toBe(true);
    const failed = {
      id: 'evt_invoice_failed',
      object: 'event',
      type: 'invoice.payment_failed',
      data: { object: { id: 'in_2', object: 'invoice', customer: 'cus_test_1', amount_due: 99900, currency: 'usd', created: 1_792_600_000 } },
    };
    expect((await deliver(failed)).json().applied).toBe(true);
    expect((await orgRow(other.organizationId)).subscription_status).toBe('past_due');
    const billing = await t.as(other.headers).get('/api/billing/subscription');
    expect(billing.json().invoices.map((i: any) => [i.description, i.amountCents, i.status])).toEqual([
      ['Enterprise plan (monthly)', 99900, 'failed'],
      ['Enterprise plan', 99900, 'paid'],
    ]);
    // Past due is not read-only: staff keep working while the card is fixed.
    expect((await t.as(other.headers).post('/api/patients', patientPayload({ lastName: 'PastDue' }))).statusCode).toBe(201);
  });
});

describe('malformed signed webhook events', () => {
  const invoicePaid = (organizationId: string, over: Record<string, unknown>) => ({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type: 'invoice.paid',
    data: {
      object: {
        id: 'in_malformed',
        object: 'invoice',
        amount_paid: 99900,
        currency: 'usd',
        created: 1_790_000_000,
        metadata: { organizationId },
        ...over,
      },
    },
  });
  const subscriptionUpdated = (organizationId: string, over: Record<string, unknown>) => ({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type: 'customer.subscription.updated',
    data: { object: { id: 'sub_malformed', object: 'subscription', status: 'active', metadata: { organizationId }, ...over } },
  });

  it.each([
    ['a number as metadata.organizationId', (org: string) => invoicePaid(org, { metadata: { organizationId: 42 } })],
    ['an object as metadata.organizationId', (org: string) => invoicePaid(org, { metadata: { organizationId: { id: org } } })],
    ['an invoice created in the year 33658', (org: string) => invoicePaid(org, { created: 1e12 })],
    ['an invoice created before 1970', (org: string) => invoicePaid(org, { created: -1e11 })],
    ['an amount beyond any invoice', (org: string) => invoicePaid(org, { amount_paid: 1e15 })],
    ['a period end past the year 275760', (org: string) => subscriptionUpdated(org, { current_period_end: 1e16 })],
    ['a text period end', (org: string) => subscriptionUpdated(org, { items: { data: [{ current_period_end: 'soon' }] } })],
    ['a lone surrogate in its type', (org: string) => ({ ...invoicePaid(org, {}), type: '\udfff\ud800' })],
  ])('a correctly signed event with %s is a 400 and changes nothing', async (_what, event) => {
    const other = await createOtherOrganization(t.app, `webhook-malformed-${Math.random().toString(36).slice(2)}@other.org`);
    const before = await orgRow(other.organizationId);
    const res = await deliver(event(other.organizationId));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation/invalid', message: 'The webhook event is malformed.' });
    expect(await orgRow(other.organizationId)).toEqual(before);
    expect(await countRows(t.database.db, 'billing_events', sql`organization_id = ${other.organizationId}`)).toBe(0);
    expect(await countRows(t.database.db, 'billing_invoices', sql`organization_id = ${other.organizationId}`)).toBe(0);
  });

  it('still applies a well-formed event with fields it does not read', async () => {
    const other = await createOtherOrganization(t.app, 'webhook-extra@other.org');
    const res = await deliver(invoicePaid(other.organizationId, { livemode: false, custom_fields: [{ name: 'PO', value: 7 }] }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().applied).toBe(true);
    expect(await countRows(t.database.db, 'billing_invoices', sql`organization_id = ${other.organizationId}`)).toBe(1);
  });
});

describe('PUT /api/clinics/:id', () => {
  it('changes a clinic of the organization, audited; another organization’s clinic is a 404', async () => {
    const other = await createOtherOrganization(t.app, 'clinic-owner@other.org');
    const res = await t.as(other.headers).put(`/api/clinics/${other.clinicId}`, { name: 'North Wing', phone: '555-0100', status: 'inactive' });
    expect(res.statusCode).toBe(200);
    expect(res.json().clinic).toMatchObject({ name: 'North Wing', phone: '555-0100', status: 'inactive' });
    expect((await auditEventsOf(t.database.db, 'clinic.updated')).some((a) => a.entity_id === other.clinicId)).toBe(true);
    expect((await t.put(`/api/clinics/${other.clinicId}`, { name: 'Taken' })).statusCode).toBe(404);
    expect((await t.as(other.headers).put(`/api/clinics/${other.clinicId}`, { name: '' })).statusCode).toBe(400);
  });
});

describe('invitations', () => {
  it('mails the accept link, resends with a new link valid 7 days, and revokes', async () => {
    const other = await createOtherOrganization(t.app, 'invite-owner@other.org');
    const res = await t.as(other.headers).post('/api/organizations/invite', { email: 'new.nurse@other.org', role: 'Nurse' });
    expect(res.statusCode).toBe(201);
    const { invitation, mailed } = res.json();
    expect(mailed).toBe(true);
    expect(t.mailer.lastTo('new.nurse@other.org')?.text).toContain(invitation.acceptUrl);
    const resent = await t.as(other.headers).post(`/api/organizations/invitations/${invitation.id}/resend`, {});
    expect(resent.statusCode).toBe(200);
    expect(resent.json().invitation.acceptUrl).not.toBe(invitation.acceptUrl);
    const days = (new Date(resent.json().invitation.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    expect(t.mailer.lastTo('new.nurse@other.org')?.text).toContain(resent.json().invitation.acceptUrl);
    const revoked = await t.as(other.headers).delete(`/api/organizations/invitations/${invitation.id}`);
    expect(revoked.statusCode).toBe(200);
    expect((await t.as(other.headers).delete(`/api/organizations/invitations/${invitation.id}`)).statusCode).toBe(404);
    expect((await auditEventsOf(t.database.db, 'invitation.revoked')).some((a) => a.entity_id === invitation.id)).toBe(true);
  });
});

describe('invoice e-mails to the billing e-mail (notifications.email.billing)', () => {
  const invoiceEvent = (id: string, type: string, organizationId: string, invoiceId: string) => ({
    id,
    object: 'event',
    type,
    data: {
      object: {
        id: invoiceId,
        object: 'invoice',
        number: `INV-${invoiceId}`,
        metadata: { organizationId },
        amount_paid: 4900,
        amount_due: 4900,
        currency: 'usd',
        created: 1_790_000_000,
        hosted_invoice_url: `https://invoice.stripe.com/i/${invoiceId}`,
      },
    },
  });

  it('mails a paid and a failed invoice once to the billing e-mail; nothing with the toggle off or without an address', async () => {
    const other = await createOtherOrganization(t.app, 'invoice-mail@other.org');
    const to = 'accounts@invoice-mail.test';
    const sentTo = () => t.mailer.sent.filter((m) => m.to === to);

    // No billing e-mail yet: nothing is mailed.
    expect((await deliver(invoiceEvent('evt_mail_0', 'invoice.paid', other.organizationId, 'in_m0'))).json().mailed).toBe(false);
    const saved = await t.as(other.headers).put('/api/organizations/settings', { billing: { email: to } });
    expect(saved.statusCode).toBe(200);

    const paid = invoiceEvent('evt_mail_1', 'invoice.paid', other.organizationId, 'in_m1');
    expect((await deliver(paid)).json()).toEqual({ received: true, applied: true, mailed: true });
    expect(sentTo()).toHaveLength(1);
    expect(sentTo()[0].subject).toBe('Invoice INV-in_m1 paid: Other Health');
    expect(sentTo()[0].text).toContain('$49.00');
    expect(sentTo()[0].text).toContain('https://invoice.stripe.com/i/in_m1');
    // Redelivered: applied once, mailed once.
    expect((await deliver(paid)).json()).toEqual({ received: true, applied: false, mailed: false });
    // Stripe's companion event of the same payment is not mailed twice.
    expect((await deliver(invoiceEvent('evt_mail_1b', 'invoice.payment_succeeded', other.organizationId, 'in_m1'))).json().mailed).toBe(false);
    expect((await deliver(invoiceEvent('evt_mail_2', 'invoice.payment_failed', other.organizationId, 'in_m2'))).json().mailed).toBe(true);
    expect(sentTo().at(-1)?.subject).toBe('Payment failed for invoice INV-in_m2: Other Health');

    await t.as(other.headers).put('/api/organizations/settings', { notifications: { email: { billing: false } } });
    expect((await deliver(invoiceEvent('evt_mail_3', 'invoice.paid', other.organizationId, 'in_m3'))).json()).toEqual({
      received: true,
      applied: true,
      mailed: false,
    });
    expect(sentTo()).toHaveLength(2);
  });
});

describe('the payment method summary from signed webhook events', () => {
  it('a payment_method.attached event stores brand, last 4 and expiry; the billing page and the settings show it; detached clears it', async () => {
    const other = await createOtherOrganization(t.app, 'card-summary@other.org');
    // The organization's customer at the provider, from its checkout.
    const checkout = {
      id: 'evt_card_checkout',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_card',
          object: 'checkout.session',
          customer: 'cus_card_1',
          subscription: 'sub_card_1',
          metadata: { organizationId: other.organizationId, plan: 'basic' },
        },
      },
    };
    expect((await deliver(checkout)).json().applied).toBe(true);
    expect((await t.as(other.headers).get('/api/billing/subscription')).json().paymentMethod).toBeNull();
    expect((await t.as(other.headers).get('/api/organizations/settings')).json().settings.billing.paymentMethod).toBeNull();

    const card = { brand: 'visa', last4: '4242', exp_month: 8, exp_year: 2031, funding: 'credit', country: 'US' };
    const attached = {
      id: 'evt_card_attached',
      object: 'event',
      type: 'payment_method.attached',
      data: { object: { id: 'pm_1', object: 'payment_method', type: 'card', customer: 'cus_card_1', card } },
    };
    expect((await deliver(attached)).json().applied).toBe(true);
    const billing = (await t.as(other.headers).get('/api/billing/subscription')).json();
    expect(billing.paymentMethod).toEqual({ brand: 'visa', last4: '4242', expMonth: 8, expYear: 2031 });
    expect((await t.as(other.headers).get('/api/organizations/settings')).json().settings.billing.paymentMethod).toBe(
      'VISA ending in 4242, expires 08/2031',
    );
    const stored = (await orgRow(other.organizationId)).payment_method;
    expect(Object.keys(stored).sort()).toEqual(['brand', 'expMonth', 'expYear', 'last4']);

    // A charge of another card replaces it; a forged (badly signed) one changes nothing.
    const charge = {
      id: 'evt_card_charge',
      object: 'event',
      type: 'charge.succeeded',
      data: {
        object: {
          id: 'ch_1',
          object: 'charge',
          customer: 'cus_card_1',
          payment_method_details: { type: 'card', card: { brand: 'mastercard', last4: '4444', exp_month: 1, exp_year: 2030 } },
        },
      },
    };
    expect((await deliver({ ...charge, id: 'evt_card_forged' }, 'whsec_wrong')).statusCode).toBe(400);
    expect((await orgRow(other.organizationId)).payment_method.last4).toBe('4242');
    expect((await deliver(charge)).json().applied).toBe(true);
    expect((await orgRow(other.organizationId)).payment_method).toEqual({ brand: 'mastercard', last4: '4444', expMonth: 1, expYear: 2030 });

    const detached = {
      id: 'evt_card_detached',
      object: 'event',
      type: 'payment_method.detached',
      data: {
        object: {
          id: 'pm_2',
          object: 'payment_method',
          type: 'card',
          customer: null,
          card: { brand: 'mastercard', last4: '4444', exp_month: 1, exp_year: 2030 },
        },
        previous_attributes: { customer: 'cus_card_1' },
      },
    };
    expect((await deliver(detached)).json().applied).toBe(true);
    expect((await orgRow(other.organizationId)).payment_method).toBeNull();
    expect((await t.as(other.headers).get('/api/billing/subscription')).json().paymentMethod).toBeNull();
  });
});
