import { escalationDueAt, featureAllowed, PAGE_MESSAGE_MAX, pagingSettingsOf, type OnCallRole, type PagePriority } from '@clinic/domain';
import { sql } from 'drizzle-orm';
import { pages } from '../../db/schema/index.js';
import { subscriptionOf } from '../../platform/admission.js';
import type { CriticalAlert, CriticalAlertContext, CriticalAlertPager } from '../../platform/critical-alerts.js';
import { newId } from '../../platform/crypto.js';
import { pageableMembers } from '../members/index.js';
import type { PageNotices } from './page-mail.js';
import { announceSentPage } from './page-sent.js';
import { onCallFor } from './rotas.service.js';

/** Who a CRITICAL alert pages: the primary on call for this role in the alert's clinic. */
export const AUTOMATIC_PAGE_ROLE: OnCallRole = 'Doctor';
/** The priority of an automatic page (its acknowledgement timeout is the organization's for it). */
export const AUTOMATIC_PAGE_PRIORITY: PagePriority = 'emergency';

/** The organization's paging settings when it pages for critical alerts (the setting is on, the plan includes paging), else null. */
function automaticPaging(tenant: CriticalAlertContext['tenant']) {
  const paging = pagingSettingsOf(((tenant.organization.settings ?? {}) as Record<string, unknown>).paging);
  if (!paging.autoPageCritical || !featureAllowed(subscriptionOf(tenant.organization), 'doctorPaging', true)) return null;
  return paging;
}

/** Who an automatic page goes to, or why it goes to nobody. */
type Recipient =
  | { memberId: string; clinicId: string; reason: null }
  | { memberId: null; reason: 'no-clinic' | 'nobody-on-call' | 'not-an-active-member'; onRota: string | null };

/**
 * The active member on call now as {@link AUTOMATIC_PAGE_ROLE} in the clinic, or why there is none:
 * no clinic, nobody on the rota now, or the one on the rota is no longer an active member (or is a Viewer).
 */
async function doctorOnCall(ctx: CriticalAlertContext, clinicId: string | null, now: Date): Promise<Recipient> {
  if (!clinicId) return { memberId: null, reason: 'no-clinic', onRota: null };
  const { tx, tenant } = ctx;
  const onCall = await onCallFor(tx, tenant.organizationId, clinicId, AUTOMATIC_PAGE_ROLE, tenant.timeZone, now);
  if (!onCall) return { memberId: null, reason: 'nobody-on-call', onRota: null };
  const [member] = await pageableMembers(tx, tenant.organizationId, { memberIds: [onCall.primaryMemberId] });
  if (!member || member.role === 'Viewer') return { memberId: null, reason: 'not-an-active-member', onRota: onCall.primaryMemberId };
  return { memberId: member.memberId, clinicId, reason: null };
}

/**
 * Pages the doctor on call in the alert's clinic about a CRITICAL alert, once per alert, in the
 * transaction that raised it: sent by the platform (no sender), priority emergency, the alert's
 * text as its message, linked to the alert (and its patient and queue entry), then escalated like
 * any page. Only when the organization's `paging.autoPageCritical` is on and its plan includes
 * `doctorPaging`. The insert does nothing on the partial unique index (organization, alert) of
 * automatic pages, so alerts raised concurrently, or again, page once. With nobody on call nothing
 * is paged and the audit trail says so (`paging.auto.no-on-call`): the alert stays on its boards.
 * The organization's paging webhook, if any, is told of the page like of any other.
 * Returns the page's id, or null when none was sent. Acknowledging the page changes nothing of the alert.
 */
export async function pageOnCallForAlert(
  ctx: CriticalAlertContext,
  alert: CriticalAlert,
  now = new Date(),
  notices?: PageNotices,
): Promise<string | null> {
  const { tx, tenant } = ctx;
  const paging = automaticPaging(tenant);
  if (!paging) return null;
  const recipient = await doctorOnCall(ctx, alert.clinicId, now);
  if (recipient.memberId === null) {
    await ctx.audit(
      'paging.auto.no-on-call',
      { type: alert.entityType, id: alert.alertId },
      { alertClinicId: alert.clinicId, role: AUTOMATIC_PAGE_ROLE, reason: recipient.reason, onRota: recipient.onRota },
    );
    return null;
  }
  const [row] = await tx
    .insert(pages)
    .values({
      organizationId: tenant.organizationId,
      id: newId(),
      clinicId: recipient.clinicId,
      priority: AUTOMATIC_PAGE_PRIORITY,
      message: alert.message.slice(0, PAGE_MESSAGE_MAX),
      senderMemberId: null,
      recipientMemberId: recipient.memberId,
      onCallRole: AUTOMATIC_PAGE_ROLE,
      patientId: alert.patientId ?? null,
      queueEntryId: alert.queueEntryId ?? null,
      alertId: alert.alertId,
      automatic: true,
      reached: [recipient.memberId],
      nextStepAt: escalationDueAt(now, AUTOMATIC_PAGE_PRIORITY, paging.timeoutMinutes),
      createdAt: now,
    })
    .onConflictDoNothing({ target: [pages.organizationId, pages.alertId], where: sql`automatic` })
    .returning();
  if (!row) return null;
  await announceSentPage(ctx, row, now, notices, { alertId: row.alertId, automatic: true });
  return row.id;
}

/** The pager app.ts hands to the modules raising CRITICAL alerts: {@link pageOnCallForAlert}, mailing as `notices` says. */
export function automaticPager(notices: PageNotices): CriticalAlertPager {
  return (ctx, alert, now) => pageOnCallForAlert(ctx, alert, now, notices);
}
