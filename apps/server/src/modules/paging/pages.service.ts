import {
  escalationDueAt,
  isOpenPage,
  mayAcknowledge,
  mayCancel,
  pagingSettingsOf,
  type PageBody,
  type PageStatus,
  type Role,
} from '@clinic/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { pageEvents, pages } from '../../db/schema/index.js';
import { newId } from '../../platform/crypto.js';
import { AppError, forbidden, notFound } from '../../platform/errors.js';
import type { TenantRouteContext, TenantTx } from '../../platform/route/index.js';
import { emergencyAlertExists } from '../emergency/index.js';
import { pageableMembers } from '../members/index.js';
import { patientExists } from '../patients/index.js';
import { queueEntrySubjects } from '../queue/index.js';
import { namedIn, pageDtos, peopleOf, toPageEventDto, visiblePatientNames, toPageDto, type PageRow } from './paging.dto.js';
import { clinicOf, onCallFor } from './rotas.service.js';
import { queuePageWebhook, type WebhookEvent } from './webhook.js';
import { addPageEvent } from './page-events.js';
import type { PageNotices } from './page-mail.js';
import { announceSentPage } from './page-sent.js';

/** One page of the organization, or a 404 (another organization's id is unknown here). */
export async function pageOf(tx: TenantTx, organizationId: string, id: string, lock = false): Promise<PageRow> {
  const query = tx
    .select()
    .from(pages)
    .where(and(eq(pages.organizationId, organizationId), eq(pages.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Page');
  return row;
}

/** What a page names besides its recipient must be the organization's: else a 404 naming it. */
async function checkSubjects(ctx: TenantRouteContext, body: PageBody): Promise<void> {
  const { tx, tenant } = ctx;
  const org = tenant.organizationId;
  if (body.patientId && !(await patientExists(tx, org, body.patientId))) throw notFound('Patient');
  if (body.queueEntryId && !(await queueEntrySubjects(tx, org, [body.queueEntryId])).size) throw notFound('Queue entry');
  if (body.alertId && !(await emergencyAlertExists(tx, org, body.alertId))) throw notFound('Alert');
}

/**
 * `POST /api/paging/page`: to a named active member, or to the primary on call now for a role in the
 * request's clinic (nobody on call is a 409). The page waits for its acknowledgement until its
 * priority's timeout (the organization's paging settings), then escalates (`escalation.ts`).
 */
export async function sendPage(ctx: TenantRouteContext, body: PageBody, notices?: PageNotices, now = new Date()) {
  const { tx, tenant } = ctx;
  const clinicId = clinicOf(ctx);
  let recipientId = body.recipientMemberId;
  if (body.onCall) {
    const onCall = await onCallFor(tx, tenant.organizationId, clinicId, body.onCall.role, tenant.timeZone, now);
    if (!onCall) throw new AppError('conflict/nobody-on-call', `Nobody is on call as ${body.onCall.role} in this clinic now.`);
    recipientId = onCall.primaryMemberId;
  }
  const [recipient] = await pageableMembers(tx, tenant.organizationId, { memberIds: [recipientId!] });
  if (!recipient) {
    if (body.onCall) throw new AppError('conflict/nobody-on-call', `The ${body.onCall.role} on call is no longer an active member.`);
    throw notFound('Member');
  }
  if (recipient.role === 'Viewer') {
    const message = 'Viewers cannot be paged';
    throw new AppError('validation/not-pageable', message, [{ path: 'recipientMemberId', message }]);
  }
  await checkSubjects(ctx, body);
  const { timeoutMinutes } = pagingSettingsOf((tenant.organization.settings as Record<string, unknown> | null)?.paging);
  const [row] = await tx
    .insert(pages)
    .values({
      organizationId: tenant.organizationId,
      id: newId(),
      clinicId,
      priority: body.priority,
      message: body.message,
      senderMemberId: tenant.member.id,
      recipientMemberId: recipient.memberId,
      onCallRole: body.onCall?.role ?? null,
      patientId: body.patientId ?? null,
      queueEntryId: body.queueEntryId ?? null,
      alertId: body.alertId ?? null,
      callbackNumber: body.callbackNumber ?? null,
      reached: [recipient.memberId],
      nextStepAt: escalationDueAt(now, body.priority, timeoutMinutes),
      createdAt: now,
    })
    .returning();
  await announceSentPage(ctx, row, now, notices);
  const [page] = await pageDtos(ctx, [row]);
  return page;
}

/**
 * `GET /api/paging/{id}`: the page and its timeline. A member it reached who reads it marks it
 * delivered (by the app), once, and adds a 'read' step, once per member.
 */
export async function pageDetail(ctx: TenantRouteContext, id: string, now = new Date()) {
  const { tx, tenant } = ctx;
  const me = tenant.member.id;
  let row = await pageOf(tx, tenant.organizationId, id);
  if (row.reached.includes(me)) {
    row = await pageOf(tx, tenant.organizationId, id, true);
    let changed = false;
    if (!row.deliveredAt) {
      const status = row.status === 'sent' ? 'delivered' : row.status;
      [row] = await tx
        .update(pages)
        .set({ deliveredAt: now, status })
        .where(and(eq(pages.organizationId, row.organizationId), eq(pages.id, id)))
        .returning();
      await addPageEvent(tx, row, { type: 'delivered', memberId: me, channel: 'app', at: now });
      changed = true;
    }
    const [read] = await tx
      .select({ id: pageEvents.id })
      .from(pageEvents)
      .where(
        and(eq(pageEvents.organizationId, row.organizationId), eq(pageEvents.pageId, id), eq(pageEvents.type, 'read'), eq(pageEvents.memberId, me)),
      )
      .limit(1);
    if (!read) {
      await addPageEvent(tx, row, { type: 'read', memberId: me, channel: 'app', at: now });
      changed = true;
    }
    if (changed) await ctx.emit('paging.updated', row.id, { clinicId: row.clinicId });
  }
  const events = await tx
    .select()
    .from(pageEvents)
    .where(and(eq(pageEvents.organizationId, row.organizationId), eq(pageEvents.pageId, id)))
    .orderBy(asc(pageEvents.at), sql`case ${pageEvents.type} when 'sent' then 0 when 'delivered' then 1 else 2 end`, asc(pageEvents.id));
  const people = await peopleOf(tx, tenant.organizationId, namedIn([row], events));
  const patients = await visiblePatientNames(ctx, [row]);
  await ctx.audit('page.read', { type: 'page', id: row.id }, { patientId: row.patientId, patientNameShown: !!patients && !!row.patientId });
  return { page: toPageDto(row, people, patients), events: events.map((e) => toPageEventDto(e, people)) };
}

const closed = (status: string) => new AppError('conflict/page-closed', `This page is already ${status}.`);

/** Closes an open page: no next step any more, one step on its timeline, audited and announced. */
async function closePage(
  ctx: TenantRouteContext,
  row: PageRow,
  change: { status: PageStatus; set: Partial<typeof pages.$inferInsert>; event: { type: WebhookEvent; detail?: string | null }; action: string },
  now: Date,
) {
  const [updated] = await ctx.tx
    .update(pages)
    .set({ ...change.set, status: change.status, nextStepAt: null })
    .where(and(eq(pages.organizationId, row.organizationId), eq(pages.id, row.id)))
    .returning();
  await addPageEvent(ctx.tx, updated, { ...change.event, memberId: ctx.tenant.member.id, at: now });
  await queuePageWebhook(ctx.tx, ctx.tenant.organization.settings, updated, change.event.type, now);
  await ctx.audit(change.action, { type: 'page', id: row.id }, { from: row.status, level: row.escalationLevel });
  await ctx.emit('paging.updated', row.id, { clinicId: row.clinicId });
  const [page] = await pageDtos(ctx, [updated]);
  return page;
}

/** `POST /api/paging/{id}/acknowledge`: by a member the page reached (else a 403), while it is open (else a 409). */
export async function acknowledgePage(ctx: TenantRouteContext, id: string, now = new Date()) {
  const me = ctx.tenant.member.id;
  const row = await pageOf(ctx.tx, ctx.tenant.organizationId, id, true);
  if (!row.reached.includes(me)) throw forbidden('Only a member this page reached may acknowledge it.');
  if (!mayAcknowledge(row.status as PageStatus, row.reached, me)) throw closed(row.status);
  return closePage(
    ctx,
    row,
    {
      status: 'acknowledged',
      set: { acknowledgedAt: now, acknowledgedBy: me, deliveredAt: row.deliveredAt ?? now },
      event: { type: 'acknowledged' },
      action: 'page.acknowledged',
    },
    now,
  );
}

/** `POST /api/paging/{id}/cancel`: by its sender, an Admin or the Owner (else a 403), while it is open (else a 409). */
export async function cancelPage(ctx: TenantRouteContext, id: string, reason: string | undefined, now = new Date()) {
  const member = { id: ctx.tenant.member.id, role: ctx.tenant.member.role as Role };
  const row = await pageOf(ctx.tx, ctx.tenant.organizationId, id, true);
  const open = isOpenPage(row.status as PageStatus);
  // Who may cancel is judged as if the page were open: a member who may not hears 403 whatever its state.
  if (!mayCancel(open ? (row.status as PageStatus) : 'sent', row.senderMemberId, member)) {
    throw forbidden('Only the sender, an Admin or the Owner may cancel this page.');
  }
  if (!open) throw closed(row.status);
  return closePage(
    ctx,
    row,
    {
      status: 'cancelled',
      set: { cancelledAt: now, cancelledBy: member.id, cancelReason: reason ?? null },
      event: { type: 'cancelled', detail: reason ?? null },
      action: 'page.cancelled',
    },
    now,
  );
}
