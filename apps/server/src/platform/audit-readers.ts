import type { AuditTrailQuery } from '@clinic/domain';
import { and, count, desc, eq, gte, ilike, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import { ACTIVITY_ACTIONS_SQL, auditEvents, users } from '../db/schema/index.js';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { TenantTx } from './tenant-tx.js';

/**
 * The readers of the audit trail the platform writes (`audit.ts`), one per screen that shows it:
 * the recent activity, a patient's access log (GDPR), the SOC 2 audit trail, its security events
 * and sign-in counts, and the visitors' refused restricted visitors. Each reads one organization's
 * rows (RLS limits them to it as well), with the actor's account where the screen names them.
 */

/** The organization and clinic the activity is read for. */
export interface ActivityScope {
  organizationId: string;
  clinicId: string | null;
}

/**
 * Audit rows that are activity (`ACTIVITY_ACTIONS`), of the organization and, when the request has
 * a clinic, of that clinic or of no clinic (the organization's own events: invitations, members joining).
 */
function activityWhere(scope: ActivityScope) {
  return and(
    eq(auditEvents.organizationId, scope.organizationId),
    ACTIVITY_ACTIONS_SQL,
    scope.clinicId ? sql`(${auditEvents.details}->>'clinicId' is null or ${auditEvents.details}->>'clinicId' = ${scope.clinicId})` : undefined,
  );
}

/** One page of activity rows, newest first (the partial index `audit_events_activity_idx`, read backwards). */
export function activityPageQuery(tx: TenantTx, scope: ActivityScope, page: { limit: number; offset: number }) {
  return tx
    .select({
      id: auditEvents.id,
      action: auditEvents.action,
      entityType: auditEvents.entityType,
      entityId: auditEvents.entityId,
      actorUserId: auditEvents.actorUserId,
      details: auditEvents.details,
      at: auditEvents.at,
    })
    .from(auditEvents)
    .where(activityWhere(scope))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** How many activity rows there are in all. */
export function activityCountQuery(tx: TenantTx, scope: ActivityScope) {
  return tx.select({ n: count() }).from(auditEvents).where(activityWhere(scope));
}

/** A page asked of a paged reader. */
interface Page {
  limit: number;
  offset: number;
}

/** The actor's account beside an audit row (none for a system row). */
const actorJoin = eq(users.id, auditEvents.actorUserId);

/**
 * The page asked of the rows `where` picks, newest first, from `select` (audit rows with the
 * actor's account, {@link actorJoin}), and how many match in all. The count joins the account too,
 * so a filter on it (the trail's actor e-mail) counts alike; where nothing reads the account,
 * PostgreSQL removes that left join.
 */
async function pageWithActor<T extends PgSelect>(tx: TenantTx, select: T, where: SQL | undefined, page: Page) {
  const rows = await select.where(where).orderBy(desc(auditEvents.at), desc(auditEvents.id)).limit(page.limit).offset(page.offset);
  const [{ total }] = await tx.select({ total: count() }).from(auditEvents).leftJoin(users, actorJoin).where(where);
  return { rows, total };
}

/**
 * A page of the rows about a patient, newest first: every row about the record and every one whose
 * `details.patientIds` lists them (a directory page), with the actor's name and e-mail; and how many in all.
 */
export function patientAuditPage(tx: TenantTx, organizationId: string, patientId: string, page: Page) {
  const where = and(
    eq(auditEvents.organizationId, organizationId),
    or(
      and(eq(auditEvents.entityType, 'patient'), eq(auditEvents.entityId, patientId)),
      sql`${auditEvents.details} -> 'patientIds' @> ${JSON.stringify([patientId])}::jsonb`,
    ),
  );
  const fields = {
    id: auditEvents.id,
    at: auditEvents.at,
    actorUserId: auditEvents.actorUserId,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
    action: auditEvents.action,
    ip: auditEvents.ip,
  };
  const select = tx.select(fields).from(auditEvents).leftJoin(users, actorJoin).$dynamic();
  return pageWithActor(tx, select, where, page);
}

const likeText = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The audit trail's filters: actor e-mail (part of it), action or its prefix, entity, and days of the organization's `timeZone`. */
function trailFilters(organizationId: string, timeZone: string, q: Omit<AuditTrailQuery, 'format'>): SQL {
  const where: Array<SQL | undefined> = [eq(auditEvents.organizationId, organizationId)];
  if (q.actor) where.push(ilike(users.email, `%${likeText(q.actor)}%`));
  if (q.action) where.push(like(auditEvents.action, `${likeText(q.action)}%`));
  if (q.entity) where.push(eq(auditEvents.entityType, q.entity));
  if (q.from) where.push(sql`${auditEvents.at} >= (${q.from}::date)::timestamp at time zone ${timeZone}`);
  if (q.to) where.push(sql`${auditEvents.at} < ((${q.to}::date + 1))::timestamp at time zone ${timeZone}`);
  return and(...where)!;
}

/** The audit trail filtered ({@link trailFilters}), newest first, with the actor's e-mail: how many match, and the page asked. */
export function auditTrailPage(tx: TenantTx, organizationId: string, timeZone: string, q: Omit<AuditTrailQuery, 'format'>, page: Page) {
  const fields = {
    id: auditEvents.id,
    at: auditEvents.at,
    actor: users.email,
    action: auditEvents.action,
    entityType: auditEvents.entityType,
    entityId: auditEvents.entityId,
    ip: auditEvents.ip,
    details: auditEvents.details,
  };
  const select = tx.select(fields).from(auditEvents).leftJoin(users, actorJoin).$dynamic();
  return pageWithActor(tx, select, trailFilters(organizationId, timeZone, q), page);
}

/** The `limit` latest rows of the actions listed, newest first, with the actor's e-mail. */
export function latestAuditEvents(tx: TenantTx, organizationId: string, actions: string[], limit: number) {
  return tx
    .select({ id: auditEvents.id, action: auditEvents.action, at: auditEvents.at, details: auditEvents.details, email: users.email })
    .from(auditEvents)
    .leftJoin(users, actorJoin)
    .where(and(eq(auditEvents.organizationId, organizationId), inArray(auditEvents.action, actions)))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(limit);
}

/** How many rows of each action listed were written since `since` (an action without any is left out). */
export function auditActionCounts(
  tx: TenantTx,
  organizationId: string,
  actions: string[],
  since: Date,
): Promise<Array<{ action: string; n: number }>> {
  return tx
    .select({ action: auditEvents.action, n: count() })
    .from(auditEvents)
    .where(and(eq(auditEvents.organizationId, organizationId), gte(auditEvents.at, since), inArray(auditEvents.action, actions)))
    .groupBy(auditEvents.action);
}

/** How many audit rows the organization wrote since `since`, every action. */
export async function auditRowsSince(tx: TenantTx, organizationId: string, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(auditEvents)
    .where(and(eq(auditEvents.organizationId, organizationId), gte(auditEvents.at, since)));
  return row?.n ?? 0;
}

/**
 * How many e-mails had `failures` rows of `action` within `windowMinutes` of one another, the
 * last of them since `since`: the accounts a sign-in lock reached (the e-mail in `details`).
 */
export async function auditBurstEmailCount(
  tx: TenantTx,
  organizationId: string,
  action: string,
  burst: { failures: number; windowMinutes: number },
  since: Date,
): Promise<number> {
  const minutes = Math.max(1, Math.round(burst.windowMinutes));
  const windowStart = new Date(since.getTime() - minutes * 60_000);
  // The frame's offset must be a constant of the statement: a whole number of minutes, never user input.
  const frame = sql.raw(`range between interval '${minutes} minutes' preceding and current row`);
  const result = await tx.execute<{ n: number }>(sql`
    select count(distinct f.email)::int as n from (
      select lower(${auditEvents.details} ->> 'email') as email, ${auditEvents.at} as at,
             count(*) over (partition by lower(${auditEvents.details} ->> 'email') order by ${auditEvents.at} ${frame}) as burst
        from ${auditEvents}
       where ${auditEvents.organizationId} = ${organizationId} and ${auditEvents.action} = ${action}
         and ${auditEvents.at} >= ${windowStart} and ${auditEvents.details} ->> 'email' is not null
    ) f
    where f.burst >= ${burst.failures} and f.at >= ${since}`);
  return result.rows[0]?.n ?? 0;
}
