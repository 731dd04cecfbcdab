import { z } from 'zod';
import { ROLES } from '../rules/access.js';
import { auditTrailEventDto, auditTrailQuery } from './soc2.js';

/** Members of the organization by role (every role, 0 where none) and by membership status. */
export const adminMemberCounts = z.object({
  total: z.number().int(),
  byRole: z.record(z.enum(ROLES), z.number().int()),
  byStatus: z.record(z.string(), z.number().int()),
});

/** The organization at a glance (`GET /api/admin/overview`): counts only, nothing about any one person. */
export const adminOverview = z.object({
  members: adminMemberCounts,
  /** Invitations pending and not expired. */
  openInvitations: z.number().int(),
  /** Patients in the directory (not archived), every clinic. */
  patients: z.number().int(),
  /** The queue of every clinic: open entries now, completed since the organization's midnight, average wait in minutes. */
  queueToday: z.object({ active: z.number().int(), completed: z.number().int(), avgWaitMinutes: z.number().int() }),
  /** Emergency alerts not resolved (active or acknowledged). */
  openAlerts: z.number().int(),
  /** Pages sent since the organization's midnight. */
  pagesToday: z.number().int(),
  /** The last 24 hours: failed sign-ins, accounts that reached their sign-in lock, rows written to the audit trail. */
  last24Hours: z.object({ failedSignIns: z.number().int(), lockedAccounts: z.number().int(), auditRows: z.number().int() }),
  generatedAt: z.string(),
});
/** The admin overview. */
export type AdminOverview = z.infer<typeof adminOverview>;

/** `GET /api/admin/overview` reply. */
export const adminOverviewResponse = z.object({ success: z.literal(true), overview: adminOverview });

/**
 * `GET /api/admin/logs` query: the audit trail's filters (actor e-mail or part of it, action or its
 * prefix, entity type, days from and to), the page, and `format=csv` for the export (as does
 * `Accept: text/csv`).
 */
export const adminLogsQuery = auditTrailQuery.extend({ format: z.enum(['json', 'csv']).optional() });
/** The admin logs' query. */
export type AdminLogsQuery = z.infer<typeof adminLogsQuery>;

/** `GET /api/admin/logs` reply: one page as JSON, or every matching row as CSV (`text/csv`). */
export const adminLogsResponse = z.union([
  z.object({
    success: z.literal(true),
    logs: z.array(auditTrailEventDto),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  }),
  z.string(),
]);
