import { pagingSettingsOf, type PagingDeliveriesQuery, type PagingDeliveryDto } from '@clinic/domain';
import { and, count, desc, eq, ne } from 'drizzle-orm';
import { pagingDeliveries } from '../../db/schema/index.js';
import { newId } from '../../platform/crypto.js';
import type { TenantRouteContext, TenantTx } from '../../platform/route/index.js';
import { MAIL_DELIVERY } from './page-mail.js';
import { peopleOf, type PageRow } from './paging.dto.js';

/** The page events the organization's webhook is told of. */
export type WebhookEvent = 'sent' | 'escalated' | 'acknowledged' | 'cancelled' | 'expired';

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/**
 * Queues the webhook delivery of one page event, in the transaction that made the change, when the
 * organization's paging settings name a webhook (`settings` is the organization's settings JSON).
 * The body is fixed here, so each retry sends the same event. It names the page, its clinic and the
 * members concerned, and carries the page's text; never its patient, queue entry or alert.
 * `reached` lists the members an escalation has just reached.
 */
export async function queuePageWebhook(
  tx: TenantTx,
  settings: unknown,
  page: PageRow,
  event: WebhookEvent,
  at: Date,
  reached: readonly string[] = [],
): Promise<void> {
  const paging = settings && typeof settings === 'object' ? (settings as Record<string, unknown>).paging : undefined;
  const { webhookUrl } = pagingSettingsOf(paging);
  if (!webhookUrl) return;
  const people = await peopleOf(tx, page.organizationId, [page.senderMemberId, page.recipientMemberId, page.acknowledgedBy, ...reached]);
  const person = (id: string | null) => (id ? { memberId: id, name: people.get(id)?.name ?? 'Former member' } : null);
  const id = newId();
  const payload = {
    id,
    event,
    occurredAt: at.toISOString(),
    organizationId: page.organizationId,
    page: {
      id: page.id,
      clinicId: page.clinicId,
      status: page.status,
      priority: page.priority,
      message: page.message,
      callbackNumber: page.callbackNumber,
      automatic: page.automatic,
      onCallRole: page.onCallRole,
      escalationLevel: page.escalationLevel,
      sender: person(page.senderMemberId),
      recipient: person(page.recipientMemberId),
      reached: reached.map((m) => person(m)),
      acknowledgedBy: person(page.acknowledgedBy),
      createdAt: page.createdAt.toISOString(),
      acknowledgedAt: iso(page.acknowledgedAt),
      escalatedAt: iso(page.escalatedAt),
      cancelledAt: iso(page.cancelledAt),
      expiredAt: iso(page.expiredAt),
    },
  };
  await tx.insert(pagingDeliveries).values({
    organizationId: page.organizationId,
    id,
    pageId: page.id,
    event,
    url: webhookUrl,
    payload,
    nextAttemptAt: at,
    createdAt: at,
  });
}

/** `GET /api/paging/deliveries`: the organization's webhook deliveries, newest first. */
export async function listPagingDeliveries(
  ctx: TenantRouteContext,
  query: PagingDeliveriesQuery,
): Promise<{ deliveries: PagingDeliveryDto[]; total: number }> {
  const { tx, tenant } = ctx;
  // The webhook's deliveries only: a page's mail is queued in the same table (`page-mail.ts`).
  const where = and(eq(pagingDeliveries.organizationId, tenant.organizationId), ne(pagingDeliveries.event, MAIL_DELIVERY));
  const rows = await tx
    .select()
    .from(pagingDeliveries)
    .where(where)
    .orderBy(desc(pagingDeliveries.createdAt), desc(pagingDeliveries.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [{ total }] = await tx.select({ total: count() }).from(pagingDeliveries).where(where);
  await ctx.audit('paging.deliveries-read', { type: 'paging_delivery' }, { page: query.page });
  return {
    total,
    deliveries: rows.map((r) => ({
      id: r.id,
      pageId: r.pageId,
      event: r.event as PagingDeliveryDto['event'],
      url: r.url,
      status: r.status as PagingDeliveryDto['status'],
      attempts: r.attempts,
      responseStatus: r.responseStatus,
      lastError: r.lastError,
      createdAt: r.createdAt.toISOString(),
      deliveredAt: iso(r.deliveredAt),
      nextAttemptAt: iso(r.nextAttemptAt),
    })),
  };
}
