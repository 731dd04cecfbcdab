import type { AuditTrailQuery } from '@clinic/domain';
import { auditTrailPage } from '../../platform/audit-readers.js';
import { toCsv } from '../../platform/csv.js';
import type { TenantRouteContext } from '../../platform/route/index.js';
import type { AuditTrailRow } from './soc2-pages.js';

/** Most rows one CSV export carries. */
export const MAX_CSV_ROWS = 50_000;
const MAX_DETAILS = 500;

/**
 * The organization's audit log, filtered by actor, action (or its prefix), entity and dates, newest
 * first: one page, or every matching row for the CSV (up to {@link MAX_CSV_ROWS}). Reading it is
 * itself audited.
 */
export async function auditTrail(ctx: TenantRouteContext, q: AuditTrailQuery): Promise<{ rows: AuditTrailRow[]; total: number }> {
  const csv = q.format === 'csv';
  // Dates are the organization's days.
  const { rows, total } = await auditTrailPage(ctx.tx, ctx.tenant.organizationId, ctx.tenant.timeZone, q, {
    limit: csv ? MAX_CSV_ROWS : q.limit,
    offset: csv ? 0 : (q.page - 1) * q.limit,
  });
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
