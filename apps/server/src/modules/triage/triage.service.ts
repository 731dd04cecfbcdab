import { TRIAGE_HISTORY_KEPT, assessTriage, triageEvidence, type TriageAssessmentDto, type TriageSeverity } from '@clinic/domain';
import { and, desc, eq } from 'drizzle-orm';
import { triageAssessments, type TriageAssessmentRow } from '../../db/schema/index.js';
import { newId } from '../../platform/crypto.js';
import { notFound } from '../../platform/errors.js';
import type { TenantRouteContext } from '../../platform/route/index.js';

function toDto(row: TriageAssessmentRow): TriageAssessmentDto {
  return {
    id: row.id,
    symptoms: row.symptoms,
    severity: row.severity as TriageSeverity,
    recommendation: row.recommendation,
    estimatedWaitTime: row.estimatedWaitMinutes,
    aiConfidence: row.aiConfidence,
    timestamp: row.createdAt.toISOString(),
    accepted: row.acceptedAt !== null,
    secondOpinionRequested: row.secondOpinionRequestedAt !== null,
  };
}

/** Assesses a symptom description with the keyword rules and keeps it in the user's history. */
export async function assess(ctx: TenantRouteContext, symptoms: string) {
  const { tx, tenant, actor } = ctx;
  const result = assessTriage(symptoms, triageEvidence(symptoms));
  const [row] = await tx
    .insert(triageAssessments)
    .values({
      organizationId: tenant.organizationId,
      id: newId(),
      userId: actor.userId,
      symptoms,
      severity: result.severity,
      estimatedWaitMinutes: result.estimatedWaitTime,
      recommendation: result.recommendation,
      aiConfidence: result.aiConfidence,
      matchedKeywords: result.matchedKeyword ? [result.matchedKeyword] : [],
    })
    .returning();
  await ctx.audit('triage.assessed', { type: 'triage_assessment', id: row.id }, { severity: result.severity });
  return toDto(row);
}

/** The user's latest assessments, newest first (10 are kept). Symptoms are health data: the read is audited. */
export async function history(ctx: TenantRouteContext) {
  const { tx, tenant, actor } = ctx;
  const rows = await tx
    .select()
    .from(triageAssessments)
    .where(and(eq(triageAssessments.organizationId, tenant.organizationId), eq(triageAssessments.userId, actor.userId)))
    .orderBy(desc(triageAssessments.createdAt))
    .limit(TRIAGE_HISTORY_KEPT);
  await ctx.audit('triage.history-read', { type: 'triage_assessment' }, { count: rows.length });
  return rows.map(toDto);
}

/**
 * One assessment of the organization, whoever made it; another organization's or none is a 404.
 * Symptoms are health data: the read is audited.
 */
export async function assessmentById(ctx: TenantRouteContext, id: string) {
  const { tx, tenant } = ctx;
  const [row] = await tx
    .select()
    .from(triageAssessments)
    .where(and(eq(triageAssessments.organizationId, tenant.organizationId), eq(triageAssessments.id, id)));
  if (!row) throw notFound('Assessment');
  await ctx.audit('triage.assessment-read', { type: 'triage_assessment', id }, { severity: row.severity });
  return toDto(row);
}

/** Records Accept Recommendation or Get Second Opinion on one of the user's own assessments. */
export async function recordAction(ctx: TenantRouteContext, id: string, action: 'accept' | 'second-opinion') {
  const { tx, tenant, actor } = ctx;
  const now = new Date();
  const [row] = await tx
    .update(triageAssessments)
    .set(action === 'accept' ? { acceptedAt: now } : { secondOpinionRequestedAt: now })
    .where(
      and(eq(triageAssessments.organizationId, tenant.organizationId), eq(triageAssessments.id, id), eq(triageAssessments.userId, actor.userId)),
    )
    .returning();
  if (!row) throw notFound('Assessment');
  await ctx.audit(action === 'accept' ? 'triage.accepted' : 'triage.second-opinion', { type: 'triage_assessment', id });
  return toDto(row);
}
