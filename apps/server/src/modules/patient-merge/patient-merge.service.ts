import type { PatientMergeResultDto } from '@clinic/domain';
import type { TenantRouteContext } from '../../platform/route/index.js';
import { moveTrialRecords } from '../clinical-trials/index.js';
import { moveEmergencyRecords } from '../emergency/index.js';
import { moveGdprRecords } from '../gdpr/index.js';
import { moveIntegrationRecords } from '../integrations/index.js';
import { moveIntakeRecords } from '../pediatric-intake/index.js';
import { completeMerge, lockOpenPossibleMatch, requireMergeable } from '../patients/index.js';
import { moveQueueRecords } from '../queue/index.js';
import { moveVisitorRecords } from '../visitors/index.js';

/** Each module that keeps records of a patient moves its own ones (modules never write each other's tables). */
const MOVERS = [
  moveQueueRecords,
  moveIntakeRecords,
  moveTrialRecords,
  moveEmergencyRecords,
  moveGdprRecords,
  moveVisitorRecords,
  moveIntegrationRecords,
];

/**
 * Merges the chart a public submission made into the existing chart it was flagged against
 * (`POST /api/patients/possible-matches/{id}/merge`): every module's records of the new chart move
 * to the existing one, so its history holds both; the existing chart's own fields are kept as
 * staff wrote them; the new chart is archived (kept, with its audit trail). One transaction, the
 * match locked: a second merge or dismissal of the same pair is a 409. Audited on both charts.
 */
export async function mergePossibleMatch(ctx: TenantRouteContext, matchId: string): Promise<PatientMergeResultDto> {
  const match = await lockOpenPossibleMatch(ctx, matchId);
  await requireMergeable(ctx, match);
  const moved: Record<string, number> = {};
  for (const move of MOVERS) Object.assign(moved, await move(ctx.tx, ctx.tenant.organizationId, match.patientId, match.matchPatientId));
  moved.visits = await completeMerge(ctx, match);
  const details = { matchId, mergedPatientId: match.patientId, patientId: match.matchPatientId, moved };
  await ctx.audit('patient.merged', { type: 'patient', id: match.matchPatientId }, details);
  await ctx.audit('patient.merged-away', { type: 'patient', id: match.patientId }, details);
  return { success: true, patientId: match.matchPatientId, mergedPatientId: match.patientId, moved };
}
