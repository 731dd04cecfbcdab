import {
  CONSENT_PURPOSES,
  MEDICAL_RECORD_RETENTION_YEARS,
  RIGHTS_REQUEST_RESPONSE_DAYS,
  RIGHTS_REQUEST_TYPES,
  type ComplianceSummaryDto,
  type PatientAccessLogDto,
  type PatientAuditLogQuery,
} from '@clinic/domain';
import { and, count, eq, lt, sql } from 'drizzle-orm';
import { gdprConsents, gdprRightsRequests } from '../../db/schema/index.js';
import { patientAuditPage } from '../../platform/audit-readers.js';
import type { TenantRouteContext } from '../../platform/route/index.js';
import { requirePatientPrivacyState } from '../patients/index.js';
import { clinicOf } from './gdpr-scope.js';

const zeroes = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

/** The clinic's rights requests by status (open ones by type, overdue ones) and its consents by purpose; audited. */
export async function complianceSummary(ctx: TenantRouteContext): Promise<ComplianceSummaryDto> {
  const { tx, tenant } = ctx;
  const clinicId = clinicOf(tenant);
  const inClinic = and(eq(gdprRightsRequests.organizationId, tenant.organizationId), eq(gdprRightsRequests.clinicId, clinicId));
  const byStatus = await tx
    .select({ status: gdprRightsRequests.status, type: gdprRightsRequests.type, n: count() })
    .from(gdprRightsRequests)
    .where(inClinic)
    .groupBy(gdprRightsRequests.status, gdprRightsRequests.type);
  const [{ overdue }] = await tx
    .select({ overdue: count() })
    .from(gdprRightsRequests)
    .where(and(inClinic, eq(gdprRightsRequests.status, 'OPEN'), lt(gdprRightsRequests.dueDate, new Date())));
  const consents = await tx
    .select({ purpose: gdprConsents.purpose, active: sql<boolean>`${gdprConsents.withdrawnAt} is null`, n: count() })
    .from(gdprConsents)
    .where(and(eq(gdprConsents.organizationId, tenant.organizationId), eq(gdprConsents.clinicId, clinicId)))
    .groupBy(gdprConsents.purpose, sql`${gdprConsents.withdrawnAt} is null`);

  const sum = (status: string) => byStatus.filter((r) => r.status === status).reduce((s, r) => s + r.n, 0);
  const openByType = zeroes(RIGHTS_REQUEST_TYPES);
  for (const r of byStatus) if (r.status === 'OPEN' && r.type in openByType) openByType[r.type as keyof typeof openByType] += r.n;
  const activeByPurpose = zeroes(CONSENT_PURPOSES);
  for (const c of consents) if (c.active && c.purpose in activeByPurpose) activeByPurpose[c.purpose as keyof typeof activeByPurpose] += c.n;

  const summary: ComplianceSummaryDto = {
    requests: { open: sum('OPEN'), overdue, completed: sum('COMPLETED'), rejected: sum('REJECTED'), openByType },
    consents: {
      active: consents.filter((c) => c.active).reduce((s, c) => s + c.n, 0),
      withdrawn: consents.filter((c) => !c.active).reduce((s, c) => s + c.n, 0),
      activeByPurpose,
    },
    responseDays: RIGHTS_REQUEST_RESPONSE_DAYS,
    retentionYears: MEDICAL_RECORD_RETENTION_YEARS,
  };
  await ctx.audit('gdpr.compliance.read', { type: 'gdpr_compliance' }, { open: summary.requests.open, overdue });
  return summary;
}

/**
 * The patient's access history from the audit trail, newest first: every row about the record
 * (reads, changes, privacy calls) and every directory page that listed the patient, with who did
 * it, when, from where. The accounting of disclosures; reading it is itself audited.
 */
export async function patientAccessLog(ctx: TenantRouteContext, query: PatientAuditLogQuery) {
  const { tx, tenant } = ctx;
  const patient = await requirePatientPrivacyState(ctx, query.patientId);
  const { rows, total } = await patientAuditPage(tx, tenant.organizationId, patient.id, query);
  await ctx.audit('gdpr.audit-logs.read', { type: 'patient', id: patient.id }, { rows: rows.length, offset: query.offset });
  const events: PatientAccessLogDto[] = rows.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    actorUserId: r.actorUserId,
    actor: [r.firstName, r.lastName].filter(Boolean).join(' ') || r.email || null,
    action: r.action,
    ip: r.ip,
  }));
  return { events, total, limit: query.limit, offset: query.offset };
}
