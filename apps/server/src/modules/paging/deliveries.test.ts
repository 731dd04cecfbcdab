import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { noMailer } from '../../platform/mail.js';
import { outboundPostJson } from '../../platform/outbound.js';
import { standInPolicy } from '../../platform/outbound.testing.js';
import { json, rows, useTestApp } from '../../test/harness.js';
import { DELIVERY_BACKOFF_MS, deliverDuePagingDeliveries, MAX_DELIVERY_ATTEMPTS, type DeliverySenders } from './deliveries.js';
import { demoMembers, ORG, pageTo } from './paging.fixtures.js';

/**
 * The paging webhook and mail: queued with the page change, sent by the delivery worker (stepped
 * here with a fixed clock), signed, retried with backoff, never twice; settings validated.
 */
const GATEWAY = 'pager.hospital.test';
const policy = standInPolicy({ [GATEWAY]: '10.20.30.50' }, GATEWAY);
const quiet = { warn: () => undefined };
const MINUTE = 60_000;

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

describe('paging webhook and mail deliveries', () => {
  const t = useTestApp({ as: 'nurse', outbound: policy, pagingEscalationMs: 0 });
  let gateway: Server;
  let hookUrl: string;
  let answer = 200;
  const received: Received[] = [];
  let m: Awaited<ReturnType<typeof demoMembers>>;
  const senders = (): DeliverySenders => ({ post: outboundPostJson(policy, quiet), mail: (message) => t.mailer.send(message) });
  const step = (at: number, s = senders()) => deliverDuePagingDeliveries(t.appDatabase.db, s, new Date(at));
  const deliveriesOf = (pageId: string) =>
    rows<{
      event: string;
      status: string;
      attempts: number;
      next_attempt_at: string | null;
      response_status: number | null;
      last_error: string | null;
    }>(
      t.database.db,
      sql`select event, status, attempts, next_attempt_at, response_status, last_error from paging_deliveries where page_id = ${pageId} order by event`,
    );

  beforeAll(async () => {
    m = await demoMembers(t);
    gateway = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.statusCode = answer;
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://${GATEWAY}:${(gateway.address() as AddressInfo).port}/pages`;
    expect((await t.as('admin').put('/api/organizations/settings', { paging: { webhookUrl: hookUrl } })).statusCode).toBe(200);
  });
  afterAll(() => new Promise<void>((resolve) => gateway.close(() => resolve())));
  beforeEach(() => {
    answer = 200;
    received.length = 0;
  });

  it('sends the page to the gateway signed with the secret shown to Admins, and mails the recipient', async () => {
    const page = json(await t.post('/api/paging/page', pageTo(m.doctor, { patientId: undefined }))).page;
    expect((await deliveriesOf(page.id)).map((d) => `${d.event} ${d.status}`)).toEqual(['mail pending', 'sent pending']);
    expect(await step(Date.now() + 1000)).toEqual({ delivered: 2, retrying: 0, failed: 0 });
    expect(received).toHaveLength(1);
    const { headers, body } = received[0];
    const secret = json(await t.as('admin').get('/api/organizations/settings')).settings.paging.signingSecret as string;
    const expected = createHmac('sha256', secret).update(`${headers['x-clinicflow-timestamp']}.${body}`).digest('hex');
    const given = String(headers['x-clinicflow-signature']).replace(/^sha256=/, '');
    expect(timingSafeEqual(Buffer.from(given), Buffer.from(expected))).toBe(true);
    const payload = JSON.parse(body);
    expect(payload).toMatchObject({ event: 'sent', page: { id: page.id, priority: 'urgent', message: 'Please come to bay 3' } });
    expect(JSON.stringify(payload)).not.toContain('patient');
    const mail = t.mailer.lastTo('doctor@demo.clinic');
    expect(mail?.subject).toBe('Urgent page from Nora Nguyen');
    expect(mail?.text).not.toContain('Please come to bay 3');
    const events = json(await t.as('admin').get(`/api/paging/${page.id}`)).events as Array<{ type: string; channel: string | null }>;
    expect(
      events
        .filter((e) => e.type === 'delivered')
        .map((e) => e.channel)
        .sort(),
    ).toEqual(['mail', 'webhook']);
    const listed = json(await t.as('admin').get('/api/paging/deliveries')).deliveries as Array<{ pageId: string; status: string }>;
    expect(listed.filter((d) => d.pageId === page.id)).toEqual([expect.objectContaining({ status: 'delivered', event: 'sent' })]);
  });

  it('retries a refusing gateway with backoff, then gives up as failed', async () => {
    answer = 503;
    const page = json(await t.post('/api/paging/page', pageTo(m.doctor))).page;
    let at = Date.now() + 1000;
    for (let attempt = 1; attempt <= MAX_DELIVERY_ATTEMPTS; attempt += 1) {
      // Just before the next attempt is due nothing is sent.
      if (attempt > 1) expect((await step(at - 1000)).retrying + (await step(at - 1000)).failed).toBe(0);
      await step(at);
      const [hook] = (await deliveriesOf(page.id)).filter((d) => d.event === 'sent');
      expect(hook.attempts).toBe(attempt);
      expect(hook.response_status).toBe(503);
      if (attempt < MAX_DELIVERY_ATTEMPTS) {
        expect(hook.status).toBe('pending');
        expect(new Date(hook.next_attempt_at!).getTime()).toBe(at + DELIVERY_BACKOFF_MS[attempt - 1]);
        at += DELIVERY_BACKOFF_MS[attempt - 1];
      } else {
        expect(hook.status).toBe('failed');
        expect(hook.next_attempt_at).toBeNull();
      }
    }
    expect(received).toHaveLength(MAX_DELIVERY_ATTEMPTS);
  });

  it('two workers at once send each delivery once', async () => {
    const page = json(await t.post('/api/paging/page', pageTo(m.doctor))).page;
    const at = Date.now() + 1000;
    const [a, b] = await Promise.all([step(at), step(at)]);
    expect(a.delivered + b.delivered).toBe(2);
    expect(received.filter((r) => JSON.parse(r.body).page.id === page.id)).toHaveLength(1);
    expect((await deliveriesOf(page.id)).map((d) => d.status)).toEqual(['delivered', 'delivered']);
  });

  it('an escalation is told to the gateway and mailed to whom it reached', async () => {
    const page = json(await t.post('/api/paging/page', { ...pageTo(m.doctor), priority: 'emergency' })).page;
    await step(Date.now() + 1000);
    const { escalateDuePages } = await import('./escalation.js');
    await escalateDuePages(t.appDatabase.db, new Date(Date.now() + 6 * MINUTE), { mail: true, origin: null });
    expect((await deliveriesOf(page.id)).map((d) => `${d.event} ${d.status}`)).toEqual([
      'escalated pending',
      'mail delivered',
      'mail pending',
      'sent delivered',
    ]);
  });

  it('a mail with no mailer is given up with the reason, never claimed', async () => {
    const page = json(await t.post('/api/paging/page', pageTo(m.doctor))).page;
    await step(Date.now() + 1000, { post: outboundPostJson(policy, quiet) });
    const [mail] = (await deliveriesOf(page.id)).filter((d) => d.event === 'mail');
    expect(mail).toMatchObject({ status: 'failed', last_error: 'Mail is not configured on this server (SMTP_URL).' });
    const events = json(await t.get(`/api/paging/${page.id}`)).events as Array<{ channel: string | null }>;
    expect(events.some((e) => e.channel === 'mail')).toBe(false);
  });
});

describe('paging without a mailer or a webhook', () => {
  const t = useTestApp({ as: 'nurse', mailer: noMailer, pagingEscalationMs: 0 });

  it('queues nothing to deliver', async () => {
    const m = await demoMembers(t);
    const page = json(await t.post('/api/paging/page', pageTo(m.doctor))).page;
    expect(await rows(t.database.db, sql`select 1 from paging_deliveries where page_id = ${page.id}`)).toHaveLength(0);
  });
});

describe('the Paging section of the organization settings', () => {
  const t = useTestApp({ as: 'admin' });
  const stored = async () =>
    (await rows<{ paging: unknown }>(t.database.db, sql`select settings->'paging' as paging from organizations where id = ${ORG}`))[0].paging;

  it('shows the defaults, saves a change and keeps the rest', async () => {
    const before = json(await t.get('/api/organizations/settings')).settings.paging;
    expect(before).toEqual({
      timeoutMinutes: { emergency: 5, urgent: 15, routine: 60 },
      autoPageCritical: true,
      webhookUrl: null,
      signingSecret: null,
    });
    const res = await t.put('/api/organizations/settings', { paging: { timeoutMinutes: { emergency: 2 }, autoPageCritical: false } });
    expect(res.statusCode).toBe(200);
    expect(json(await t.get('/api/organizations/settings')).settings.paging).toMatchObject({
      timeoutMinutes: { emergency: 2, urgent: 15, routine: 60 },
      autoPageCritical: false,
    });
  });

  it('refuses a timeout under a minute and a non-http address, naming the field, writing nothing', async () => {
    const before = await stored();
    const zero = await t.put('/api/organizations/settings', { paging: { timeoutMinutes: { urgent: 0 } } });
    expect(zero.statusCode).toBe(400);
    expect(JSON.stringify(json(zero))).toContain('paging.timeoutMinutes.urgent');
    const ftp = await t.put('/api/organizations/settings', { paging: { webhookUrl: 'ftp://pager.example/x' } });
    expect(ftp.statusCode).toBe(400);
    expect(JSON.stringify(json(ftp))).toContain('webhookUrl');
    expect(await stored()).toEqual(before);
  });

  it('is not for a Manager', async () => {
    expect((await t.as('manager').put('/api/organizations/settings', { paging: { autoPageCritical: true } })).statusCode).toBe(403);
  });
});
