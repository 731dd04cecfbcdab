import { TRIAGE_HISTORY_KEPT, assessTriage, triageEvidence, type TriageAssessmentDto, type TriageSeverity } from '@clinic/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { triageAssessments, type TriageAssessmentRow } from '../../db/schema/index.js';
import type { TenantContext } from '../../platform/access.js';
import { recordAudit } from '../../platform/audit.js';
import { newId } from '../../platform/crypto.js';
import { notFound } from '../../platform/errors.js';

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
export async function assess(tx: Tx, tenant: TenantContext, userId: string, symptoms: string, ip: string) {
  const result = assessTriage(symptoms, triageEvidence(symptoms));
  const [row] = await tx
    .insert(triageAssessments)
    .values({
      organizationId: tenant.organizationId,
      id: newId(),
      userId,
      symptoms,
      severity: result.severity,
      estimatedWaitMinutes: result.estimatedWaitTime,
      recommendation: result.recommendation,
      aiConfidence: result.aiConfidence,
      matchedKeywords: result.matchedKeyword ? [result.matchedKeyword] : [],
    })
    .returning();
  await recordAudit(tx, {
    organizationId: tenant.organizationId,
    actorUserId: userId,
    action: 'triage.assessed',
    entityType: 'triage_assessment',
    entityId: row.id,
    ip,
    details: { severity: result.severity },
  });
  return toDto(row);
}

/** The user's latest assessments, newest first (10 are kept). Symptoms are health data: the read is audited. */
export async function history(tx: Tx, tenant: TenantContext, userId: string, ip: string) {
  const rows = await tx
    .select()
    .from(triageAssessments)
    .where(and(eq(triageAssessments.organizationId, tenant.organizationId), eq(triageAssessments.userId, userId)))
    .orderBy(desc(triageAssessments.createdAt))
    .limit(TRIAGE_HISTORY_KEPT);
  await recordAudit(tx, {
    organizationId: tenant.organizationId,
    actorUserId: userId,
    action: 'triage.history-read',
    entityType: 'triage_assessment',
    ip,
    details: { count: rows.length },
  });
  return rows.map(toDto);
}

/** Records Accept Recommendation or Get Second Opinion on one of the user's own assessments. */
export async function recordAction(tx: Tx, tenant: TenantContext, userId: string, id: string, action: 'accept' | 'second-opinion', ip: string) {
  const now = new Date();
  const [row] = await tx
    .update(triageAssessments)
    .set(action === 'accept' ? { acceptedAt: now } : { secondOpinionRequestedAt: now })
    .where(
      and(
        eq(triageAssessments.organizationId, tenant.organizationId),
        eq(triageAssessments.id, id),
        eq(triageAssessments.userId, userId),
      ),
    )
    .returning();
  if (!row) throw notFound('Assessment');
  await recordAudit(tx, {
    organizationId: tenant.organizationId,
    actorUserId: userId,
    action: action === 'accept' ? 'triage.accepted' : 'triage.second-opinion',
    entityType: 'triage_assessment',
    entityId: id,
    ip,
  });
  return toDto(row);
}
