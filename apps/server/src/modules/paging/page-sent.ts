import type { CriticalAlertContext } from '../../platform/critical-alerts.js';
import { addPageEvent } from './page-events.js';
import { queuePageMail, type PageNotices } from './page-mail.js';
import type { PageRow } from './paging.dto.js';
import { queuePageWebhook } from './webhook.js';

/**
 * What follows a new page in the transaction that inserted it, whoever sent it (a member, or the
 * platform for a CRITICAL alert): the 'sent' step of its timeline (by the app), the webhook's and
 * the recipient's mail deliveries queued, the `page.sent` audit row (its priority, recipient,
 * on-call role and patient, plus `details`) and `paging.updated` announced to the page's clinic.
 */
export async function announceSentPage(
  ctx: CriticalAlertContext,
  row: PageRow,
  now: Date,
  notices: PageNotices | undefined,
  details: Record<string, unknown> = {},
): Promise<void> {
  const { tx, tenant } = ctx;
  await addPageEvent(tx, row, { type: 'sent', memberId: row.recipientMemberId, channel: 'app', at: now });
  await queuePageWebhook(tx, tenant.organization.settings, row, 'sent', now);
  await queuePageMail(tx, row, [row.recipientMemberId], notices, now);
  await ctx.audit(
    'page.sent',
    { type: 'page', id: row.id },
    { priority: row.priority, recipientMemberId: row.recipientMemberId, onCallRole: row.onCallRole, patientId: row.patientId, ...details },
  );
  await ctx.emit('paging.updated', row.id, { clinicId: row.clinicId });
}
