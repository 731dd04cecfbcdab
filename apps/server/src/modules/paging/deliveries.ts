import { pagingSettingsOf } from '@clinic/domain';
import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.js';
import { pagingDeliveries } from '../../db/schema/index.js';
import { publishEvent } from '../../platform/events.js';
import type { OutboundPostJson } from '../../platform/outbound.js';
import { withTenant, type TenantTx } from '../../platform/tenant-tx.js';
import { organizationRow } from '../organizations/index.js';
import { addPageEvent } from './page-events.js';
import { MAIL_DELIVERY, sendPageMail, type SendMail } from './page-mail.js';
import { ensureSigningSecret, signatureHeaders, signingSecretOf } from './webhook-secret.js';
import { repeatEvery } from './worker-loop.js';

/** How often the delivery worker looks for due deliveries by default. */
export const DELIVERY_INTERVAL_MS = 5_000;
/** The wait after each failed attempt: 30 s, 2 min, 10 min, 1 h; the attempt after the last is final. */
export const DELIVERY_BACKOFF_MS = [30_000, 120_000, 600_000, 3_600_000] as const;
/** Attempts before a delivery is given up as failed. */
export const MAX_DELIVERY_ATTEMPTS = DELIVERY_BACKOFF_MS.length + 1;
/** Due deliveries one step takes on at most; the rest wait for the next step. */
const DELIVERIES_PER_STEP = 20;

export type DeliveryResult = 'delivered' | 'retrying' | 'failed';
export type DeliveryOutcome = Record<DeliveryResult, number>;

const changedAddress = 'The webhook address was changed or removed before this was delivered.';

/** How the worker sends: the guarded webhook POST, and the mailer's send when one is configured. */
export interface DeliverySenders {
  post: OutboundPostJson;
  mail?: SendMail;
}

/** What one attempt of a row came to: whether it is done, and what to record. */
interface Attempted {
  ok: boolean;
  responseStatus: number | null;
  error: string | null;
  /** A mail's members still to mail, when some were mailed. */
  payload?: unknown;
}

/**
 * One delivery's attempt, in its organization's transaction: re-read under `FOR UPDATE SKIP
 * LOCKED` and still due, then sent (the webhook's signed POST, or the page's mail) with the row lock
 * held meanwhile (the request's own timeout bounds it), so that no other worker sends it at the
 * same time. Success marks it delivered (and the page's timeline says so); anything else schedules
 * the next attempt, or gives up after {@link MAX_DELIVERY_ATTEMPTS}; a delivery that can no longer
 * be sent (webhook address changed, no mailer) is given up at once with the reason.
 */
async function attempt(tx: TenantTx, organizationId: string, id: string, senders: DeliverySenders, now: Date): Promise<DeliveryResult | null> {
  const [row] = await tx
    .select()
    .from(pagingDeliveries)
    .where(
      and(
        eq(pagingDeliveries.organizationId, organizationId),
        eq(pagingDeliveries.id, id),
        isNotNull(pagingDeliveries.nextAttemptAt),
        lte(pagingDeliveries.nextAttemptAt, now),
      ),
    )
    .for('update', { skipLocked: true });
  if (!row) return null;
  const where = and(eq(pagingDeliveries.organizationId, organizationId), eq(pagingDeliveries.id, id));
  const answer = row.event === MAIL_DELIVERY ? await mailOnce(tx, row, senders.mail, now) : await postOnce(tx, row, senders.post, now);
  if (typeof answer === 'string') {
    await tx.update(pagingDeliveries).set({ status: 'failed', nextAttemptAt: null, lastError: answer }).where(where);
    return 'failed';
  }
  const attempts = row.attempts + 1;
  const common = {
    attempts,
    lastAttemptAt: now,
    responseStatus: answer.responseStatus,
    lastError: answer.error,
    ...(answer.payload ? { payload: answer.payload } : {}),
  };
  if (answer.ok) {
    await tx
      .update(pagingDeliveries)
      .set({ ...common, status: 'delivered', deliveredAt: now, nextAttemptAt: null })
      .where(where);
    const clinicId = (row.payload as { page?: { clinicId?: string } }).page?.clinicId ?? null;
    await publishEvent(tx, { organizationId, clinicId, type: 'paging.updated', entityId: row.pageId, at: now.toISOString() });
    return 'delivered';
  }
  const giveUp = attempts >= MAX_DELIVERY_ATTEMPTS;
  const nextAttemptAt = giveUp ? null : new Date(now.getTime() + DELIVERY_BACKOFF_MS[attempts - 1]);
  await tx
    .update(pagingDeliveries)
    .set({ ...common, status: giveUp ? 'failed' : 'pending', nextAttemptAt })
    .where(where);
  return giveUp ? 'failed' : 'retrying';
}

type DeliveryRow = typeof pagingDeliveries.$inferSelect;

/**
 * The webhook's POST of a row, signed, through the guarded outbound request; the page's timeline
 * gains a 'delivered' step by 'webhook' on a 2xx. A row whose organization has since changed or
 * removed its webhook address is given up unsent (the reason is returned).
 */
async function postOnce(tx: TenantTx, row: DeliveryRow, post: OutboundPostJson, now: Date): Promise<Attempted | string> {
  const { organizationId } = row;
  const settings = (await organizationRow(tx, organizationId))?.settings ?? {};
  if (pagingSettingsOf((settings as Record<string, unknown>).paging).webhookUrl !== row.url) return changedAddress;
  const secret = signingSecretOf(settings, organizationId) ?? (await ensureSigningSecret(tx, organizationId));
  const body = JSON.stringify(row.payload);
  const headers = {
    ...signatureHeaders(secret, body, now),
    'x-clinicflow-event': row.event,
    'x-clinicflow-delivery': row.id,
    'user-agent': 'ClinicFlow-Webhook/1',
  };
  const answer = await post(row.url, body, headers);
  if (answer.ok) await addPageEvent(tx, { organizationId, id: row.pageId }, { type: 'delivered', channel: 'webhook', detail: row.event, at: now });
  return { ok: answer.ok, responseStatus: answer.status, error: answer.error };
}

/** A page's mail: done when every member was mailed; those left are tried again. */
async function mailOnce(tx: TenantTx, row: DeliveryRow, send: SendMail | undefined, now: Date): Promise<Attempted | string> {
  if (!send) return 'Mail is not configured on this server (SMTP_URL).';
  const sent = await sendPageMail(tx, row.organizationId, row.pageId, row.payload, send, now);
  if (!sent) return 'The page no longer exists.';
  if (sent.failed.length === 0) return { ok: true, responseStatus: null, error: null };
  return {
    ok: false,
    responseStatus: null,
    error: 'The mail server refused or did not answer.',
    payload: { ...(row.payload as object), memberIds: sent.failed },
  };
}

/** One delivery's attempt in its organization's transaction; null when it is no longer due or another worker holds it. */
export function attemptDelivery(
  db: AppDb,
  organizationId: string,
  id: string,
  senders: DeliverySenders,
  now: Date,
): Promise<DeliveryResult | null> {
  return withTenant(db, organizationId, (tx) => attempt(tx, organizationId, id, senders, now));
}

/**
 * One step of the delivery worker at `now`: the deliveries due, across organizations
 * (`due_paging_deliveries`, ids only), each attempted in its own organization's transaction. The
 * queue lives in PostgreSQL, so a restart loses nothing, and the row lock (skipped when held) with
 * the re-check makes each attempt happen once however many instances run.
 */
export async function deliverDuePagingDeliveries(db: AppDb, senders: DeliverySenders, now = new Date()): Promise<DeliveryOutcome> {
  const due = await db.execute(
    sql`select organization_id, id from due_paging_deliveries(${now.toISOString()}::timestamptz, ${DELIVERIES_PER_STEP})`,
  );
  const outcome: DeliveryOutcome = { delivered: 0, retrying: 0, failed: 0 };
  for (const { organization_id: organizationId, id } of due.rows as Array<{ organization_id: string; id: string }>) {
    const done = await attemptDelivery(db, organizationId, id, senders, now);
    if (done) outcome[done] += 1;
  }
  return outcome;
}

/** Runs {@link deliverDuePagingDeliveries} every `intervalMs` until the returned function is called. */
export function startPagingDeliveries(
  db: AppDb,
  senders: DeliverySenders,
  intervalMs: number,
  onError: (error: unknown) => void,
): () => Promise<void> {
  return repeatEvery(() => deliverDuePagingDeliveries(db, senders), intervalMs, onError);
}
