/**
 * The SOC 2 dashboard (operations-and-public sections 2.5 and 3, "SOC 2 dashboard"):
 * `GET /api/soc2/dashboard`, and the audit trail's filters (`GET /api/soc2/audit-trail`).
 */
import { z } from 'zod';
import { SOC2_CRITERIA } from '../rules/soc2.js';
import { eventDate } from './calendar-date.js';

const severity = z.enum(['critical', 'high', 'medium', 'low']);

/** One control check with its evidence. */
export const soc2Check = z.object({
  id: z.string(),
  criterion: z.enum(SOC2_CRITERIA),
  title: z.string(),
  applicable: z.boolean(),
  passed: z.boolean(),
  severity,
  evidence: z.string(),
  fix: z.string(),
});

const criterionStatus = z.object({
  status: z.enum(['compliant', 'partial', 'non-compliant']),
  score: z.number(),
  lastTested: z.string(),
  issues: z.array(z.string()),
});

/** The dashboard, in the spec's shape, plus each check and its evidence (the criterion tabs). */
export const soc2Dashboard = z.object({
  lastUpdated: z.string(),
  complianceStatus: z.object(
    Object.fromEntries(SOC2_CRITERIA.map((c) => [c, criterionStatus])) as Record<(typeof SOC2_CRITERIA)[number], typeof criterionStatus>,
  ),
  systemHealth: z.object({
    /** Seconds. */
    uptime: z.number(),
    memory: z.object({ used: z.number(), total: z.number(), percentage: z.number() }),
    cpu: z.object({ usage: z.number(), load: z.number() }),
  }),
  riskAssessment: z.object({
    overallRisk: severity,
    criticalRisks: z.number(),
    highRisks: z.number(),
    mediumRisks: z.number(),
    lowRisks: z.number(),
  }),
  recentEvents: z.array(z.object({ id: z.string(), severity, eventType: z.string(), description: z.string(), timestamp: z.string() })),
  checks: z.array(soc2Check),
});
/** The SOC 2 dashboard. */
export type Soc2Dashboard = z.infer<typeof soc2Dashboard>;

/** Largest page of the audit trail. */
export const MAX_AUDIT_PAGE = 200;

/** `GET /api/soc2/audit-trail` query: filters, page and format. */
export const auditTrailQuery = z.object({
  /** An actor's e-mail (or part of it). */
  actor: z.string().trim().max(254).optional(),
  /** An action, or its prefix ("auth." for every sign-in event). */
  action: z.string().trim().max(100).optional(),
  /** The entity type ("patient", "member"). */
  entity: z.string().trim().max(100).optional(),
  /** A day, or empty (the viewer's form sends its empty fields). */
  from: z.union([z.literal(''), eventDate]).optional(),
  to: z.union([z.literal(''), eventDate]).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_AUDIT_PAGE).default(50),
  format: z.enum(['html', 'json', 'csv']).default('html'),
});
/** The audit trail's filters. */
export type AuditTrailQuery = z.infer<typeof auditTrailQuery>;

/** `GET /api/soc2/generate-report` query. */
export const soc2ReportQuery = z.object({ format: z.enum(['html', 'json']).default('html') });

/** `GET /api/soc2/dashboard` reply. */
export const soc2DashboardResponse = z.object({ success: z.literal(true), dashboard: soc2Dashboard });

/** `GET /api/soc2/generate-report?format=json` reply: the report's facts (the page by default, `text/html`). */
export const soc2ReportResponse = z.union([z.object({ success: z.literal(true), report: soc2Dashboard }), z.string()]);

/** One row of the audit trail. */
export const auditTrailEventDto = z.object({
  id: z.string(),
  at: z.string(),
  /** The actor's e-mail; null for the system or a deleted account. */
  actor: z.string().nullable(),
  action: z.string(),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  ip: z.string().nullable(),
  /** The event's details as JSON text, cut to its first 500 characters. */
  details: z.string(),
});

/**
 * `GET /api/soc2/audit-trail` reply: one page as `{ success, events, total, page, limit }` with
 * `format=json`; else the viewer page (`text/html`) or the CSV export (`text/csv`).
 */
export const auditTrailResponse = z.union([
  z.object({
    success: z.literal(true),
    events: z.array(auditTrailEventDto),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  }),
  z.string(),
]);
