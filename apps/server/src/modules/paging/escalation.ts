import {
  escalationDueAt,
  nextEscalation,
  ON_CALL_ROLES,
  organizationTimeZone,
  pagingSettingsOf,
  type OnCallRole,
  type PagePriority,
} from '@clinic/domain';
import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.js';
import { pages } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { publishEvent } from '../../platform/events.js';
import { withTenant, type TenantTx } from '../../platform/tenant-tx.js';
import { pageableMembers } from '../members/index.js';
import { organizationRow } from '../organizations/index.js';
import { addPageEvent } from './page-events.js';
import { queuePageMail, type PageNotices } from './page-mail.js';
import { onCallFor } from './rotas.service.js';
import { queuePageWebhook } from './webhook.js';
import { repeatEvery } from './worker-loop.js';

/** How often the worker looks for due pages by default. */
export const ESCALATION_INTERVAL_MS = 5_000;
/** Due pages one step takes on at most; the rest wait for the next step. */
const PAGES_PER_STEP = 100;
/** Who a page reaches at its last escalation level. */
const MANAGER_ROLES = ['Manager', 'Admin'];

export interface EscalationOutcome {
  escalated: number;
  expired: number;
}

/**
 * One page's next step, in its organization's transaction: re-read under `FOR UPDATE SKIP LOCKED`
 * and still due (another instance, or an acknowledgement, may have taken it since the lookup),
 * then escalated to the backup on call for its role (the role it was sent to, else its
 * recipient's), or to the clinic's Managers and Admins, or expired (`nextEscalation`).
 */
async function stepPage(
  tx: TenantTx,
  organizationId: string,
  id: string,
  now: Date,
  notices?: PageNotices,
): Promise<'escalated' | 'expired' | null> {
  const [row] = await tx
    .select()
    .from(pages)
    .where(and(eq(pages.organizationId, organizationId), eq(pages.id, id), isNotNull(pages.nextStepAt), lte(pages.nextStepAt, now)))
    .for('update', { skipLocked: true });
  if (!row) return null;
  const settings = ((await organizationRow(tx, organizationId))?.settings ?? {}) as Record<string, unknown>;
  const timeZone = organizationTimeZone(settings);
  const { timeoutMinutes } = pagingSettingsOf(settings.paging);
  let role = row.onCallRole;
  if (!role) [{ role } = { role: null }] = await pageableMembers(tx, organizationId, { memberIds: [row.recipientMemberId], anyStatus: true });
  const onCall =
    role && (ON_CALL_ROLES as readonly string[]).includes(role)
      ? await onCallFor(tx, organizationId, row.clinicId, role as OnCallRole, timeZone, now)
      : null;
  const wanted = [onCall?.backupMemberId].filter((m): m is string => !!m);
  const backupActive = wanted.length > 0 && (await pageableMembers(tx, organizationId, { memberIds: wanted })).length > 0;
  const managers = await pageableMembers(tx, organizationId, { roles: MANAGER_ROLES });
  const step = nextEscalation(row.escalationLevel, row.reached, {
    backupMemberId: backupActive ? onCall!.backupMemberId : null,
    managerMemberIds: managers.map((m) => m.memberId),
  });
  const where = and(eq(pages.organizationId, organizationId), eq(pages.id, id));
  if (step.kind === 'escalate') {
    const [updated] = await tx
      .update(pages)
      .set({
        status: 'escalated',
        escalationLevel: step.level,
        reached: [...row.reached, ...step.memberIds],
        escalatedAt: now,
        nextStepAt: escalationDueAt(now, row.priority as PagePriority, timeoutMinutes),
      })
      .where(where)
      .returning();
    for (const memberId of step.memberIds)
      await addPageEvent(tx, row, { type: 'escalated', memberId, channel: 'app', detail: `Level ${step.level}`, at: now });
    await queuePageWebhook(tx, settings, updated, 'escalated', now, step.memberIds);
    await queuePageMail(tx, updated, step.memberIds, notices, now);
  } else {
    const [updated] = await tx.update(pages).set({ status: 'expired', expiredAt: now, nextStepAt: null }).where(where).returning();
    await addPageEvent(tx, row, { type: 'expired', at: now });
    await queuePageWebhook(tx, settings, updated, 'expired', now);
  }
  const action = step.kind === 'escalate' ? 'page.escalated' : 'page.expired';
  const details = step.kind === 'escalate' ? { clinicId: row.clinicId, level: step.level, memberIds: step.memberIds } : { clinicId: row.clinicId };
  await recordAudit(tx, { organizationId, actorUserId: null, action, entityType: 'page', entityId: id, details });
  await publishEvent(tx, { organizationId, clinicId: row.clinicId, type: 'paging.updated', entityId: id, at: now.toISOString() });
  return step.kind === 'escalate' ? 'escalated' : 'expired';
}

/**
 * One step of the escalation worker at `now`: the open pages whose timeout has passed, across
 * organizations (`due_pages`, the one read that crosses them: ids only), each taken on in its own
 * organization's transaction. The state lives in PostgreSQL alone, so a restart loses nothing, and
 * the row lock (skipped when held) with the re-check makes each step happen once however many
 * instances run it at the same moment.
 */
export async function escalateDuePages(db: AppDb, now = new Date(), notices?: PageNotices): Promise<EscalationOutcome> {
  const due = await db.execute(sql`select organization_id, id from due_pages(${now.toISOString()}::timestamptz, ${PAGES_PER_STEP})`);
  const outcome: EscalationOutcome = { escalated: 0, expired: 0 };
  for (const { organization_id: organizationId, id } of due.rows as Array<{ organization_id: string; id: string }>) {
    const done = await escalatePage(db, organizationId, id, now, notices);
    if (done) outcome[done] += 1;
  }
  return outcome;
}

/**
 * The next step of one page that a lookup found due, in its organization's transaction; null when
 * it is no longer due (taken meanwhile by another worker, acknowledged, cancelled) or locked by
 * another worker right now.
 */
export function escalatePage(
  db: AppDb,
  organizationId: string,
  id: string,
  now: Date,
  notices?: PageNotices,
): Promise<'escalated' | 'expired' | null> {
  return withTenant(db, organizationId, (tx) => stepPage(tx, organizationId, id, now, notices));
}

/**
 * Runs {@link escalateDuePages} every `intervalMs` (one step at a time, never overlapping) until
 * the returned function is called; it resolves once a step under way has finished. A failed step
 * is reported to `onError` and the next one runs as planned. `notices` says whether the members
 * each escalation reaches are mailed.
 */
export function startEscalation(db: AppDb, intervalMs: number, onError: (error: unknown) => void, notices?: PageNotices): () => Promise<void> {
  return repeatEvery(() => escalateDuePages(db, new Date(), notices), intervalMs, onError);
}
