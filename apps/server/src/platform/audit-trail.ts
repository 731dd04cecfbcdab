import type { AuditTrailQuery } from '@clinic/domain';
import { auditTrailPage } from './audit-readers.js';
import { toCsv } from './csv.js';
import type { TenantRouteContext } from './route/index.js';

/** Most rows one CSV export of the audit trail carries. */
export const MAX_AUDIT_EXPORT_ROWS = 50_000;
/** The details' JSON text is cut to this many characters in a row. */
const MAX_DETAILS = 500;

/** One audit row as the audit trail shows it. */
export interface AuditTrailRow {
  id: string;
  at: string;
  actor: string | null;
  action: string;
  entityType: string | null;
  entityId: string | null;
  ip: string | null;
  details: string;
}

/**
 * The organization's audit trail filtered by actor, action (or its prefix), entity and the
 * organization's days, newest first: one page, or every matching row for the CSV export (up to
 * {@link MAX_AUDIT_EXPORT_ROWS}). The read is audited after it as `audited.read` or
 * `audited.exported`, so it never lists itself.
 */
export async function readAuditTrail(
  ctx: TenantRouteContext,
  q: Omit<AuditTrailQuery, 'format'> & { format?: string },
  csv: boolean,
  audited: { read: string; exported: string },
): Promise<{ rows: AuditTrailRow[]; total: number }> {
  const { rows, total } = await auditTrailPage(ctx.tx, ctx.tenant.organizationId, ctx.tenant.timeZone, q, {
    limit: csv ? MAX_AUDIT_EXPORT_ROWS : q.limit,
    offset: csv ? 0 : (q.page - 1) * q.limit,
  });
  const { format = csv ? 'csv' : 'json', page, limit, ...filters } = q;
  await ctx.audit(csv ? audited.exported : audited.read, { type: 'audit_trail' }, { filters, format, page, limit, rows: rows.length });
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

/** The rows as CSV, header first (`csv.ts`: CRLF line ends, formula cells neutralised). */
export function auditTrailCsv(rows: AuditTrailRow[]): string {
  const header = ['time', 'actor', 'action', 'entity_type', 'entity_id', 'ip', 'details'];
  return toCsv([header, ...rows.map((r) => [r.at, r.actor, r.action, r.entityType, r.entityId, r.ip, r.details])]);
}
