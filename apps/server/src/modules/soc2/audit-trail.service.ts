import type { AuditTrailQuery } from '@clinic/domain';
import { and, count, desc, eq, ilike, like, sql, type SQL } from 'drizzle-orm';
import { auditEvents, users } from '../../db/schema/index.js';
import { toCsv } from '../../platform/csv.js';
import type { TenantRouteContext } from '../../platform/route/index.js';
import type { AuditTrailRow } from './soc2-pages.js';

/** Most rows one CSV export carries. */
export const MAX_CSV_ROWS = 50_000;
const MAX_DETAILS = 500;

const likeText = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function filters(ctx: TenantRouteContext, q: AuditTrailQuery): SQL {
  const tz = ctx.tenant.timeZone;
  const where: Array<SQL | undefined> = [eq(auditEvents.organizationId, ctx.tenant.organizationId)];
  if (q.actor) where.push(ilike(users.email, `%${likeText(q.actor)}%`));
  if (q.action) where.push(like(auditEvents.action, `${likeText(q.action)}%`));
  if (q.entity) where.push(eq(auditEvents.entityType, q.entity));
  // Dates are the organization's days.
  if (q.from) where.push(sql`${auditEvents.at} >= (${q.from}::date)::timestamp at time zone ${tz}`);
  if (q.to) where.push(sql`${auditEvents.at} < ((${q.to}::date + 1))::timestamp at time zone ${tz}`);
  return and(...where)!;
}

/**
 * The organization's audit log, filtered by actor, action (or its prefix), entity and dates, newest
 * first: one page, or every matching row for the CSV (up to {@link MAX_CSV_ROWS}). Reading it is
 * itself audited.
 */
export async function auditTrail(ctx: TenantRouteContext, q: AuditTrailQuery): Promise<{ rows: AuditTrailRow[]; total: number }> {
  const where = filters(ctx, q);
  const csv = q.format === 'csv';
  const [{ n: total }] = await ctx.tx.select({ n: count() }).from(auditEvents).leftJoin(users, eq(users.id, auditEvents.actorUserId)).where(where);
  const rows = await ctx.tx
    .select({
      id: auditEvents.id,
      at: auditEvents.at,
      actor: users.email,
      action: auditEvents.action,
      entityType: auditEvents.entityType,
      entityId: auditEvents.entityId,
      ip: auditEvents.ip,
      details: auditEvents.details,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .where(where)
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(csv ? MAX_CSV_ROWS : q.limit)
    .offset(csv ? 0 : (q.page - 1) * q.limit);
  const { format, page, limit, ...filtersUsed } = q;
  await ctx.audit(
    csv ? 'soc2.audit-trail-exported' : 'soc2.audit-trail-read',
    { type: 'audit_trail' },
    { filters: filtersUsed, format, page, limit, rows: rows.length },
  );
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      actor: r.actor,
      action: r.action,
      entityType: r.entityType,
      entityId: r.entityId,
      ip: r.ip,
      details: r.details ? JSON.stringify(r.details).slice(0, MAX_DETAILS) : '',
    })),
  };
}

/** The rows as CSV, header first, CRLF line ends. */
export function auditTrailCsv(rows: AuditTrailRow[]): string {
  const header = ['time', 'actor', 'action', 'entity_type', 'entity_id', 'ip', 'details'];
  return toCsv([header, ...rows.map((r) => [r.at, r.actor, r.action, r.entityType, r.entityId, r.ip, r.details])]);
}
