import type { TrialBody } from '@clinic/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { clinicalTrials, type ClinicalTrialRow } from '../../db/schema/index.js';
import { newId } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import type { RouteActor, RouteContext, RouteTenant, TenantRouteContext, TenantTx } from '../../platform/route/index.js';
import { toPublicTrialDto, toTrialDto } from './clinical-trials.dto.js';

/** Any route context: staff, public, or either. */
export type AnyRouteContext = RouteContext<RouteTenant, RouteActor>;

const notFound = () => new AppError('not-found', 'Clinical trial not found');

/** Open serious adverse events of a trial, counted in SQL beside each trial. */
const openSerious = sql<number>`(select count(*)::int from trial_adverse_events ae
  where ae.organization_id = "clinical_trials"."organization_id"
    and ae.trial_id = "clinical_trials"."id"
    and ae.serious and not ae.resolved)`;

/** Status order of the lists: recruiting first, then active, completed, suspended, terminated. */
const statusOrder = sql`array_position(array['Recruiting','Active','Completed','Suspended','Terminated']::text[], ${clinicalTrials.status})`;

/** The organization's trials, recruiting and active first, newest start first within a status. */
export async function listTrials(ctx: TenantRouteContext) {
  const rows = await ctx.tx
    .select({ trial: clinicalTrials, openSerious })
    .from(clinicalTrials)
    .where(eq(clinicalTrials.organizationId, ctx.tenant.organizationId))
    .orderBy(statusOrder, sql`${clinicalTrials.startDate} desc`, asc(clinicalTrials.id));
  await ctx.audit('trial.list-viewed', { type: 'clinical_trial' }, { count: rows.length });
  return rows.map((r) => toTrialDto(r.trial, r.openSerious));
}

/** A trial row of the organization, locked for the request's transaction when `forUpdate`; 404 otherwise. */
export async function trialRow(tx: TenantTx, organizationId: string, id: string, forUpdate = false): Promise<ClinicalTrialRow> {
  const query = tx
    .select()
    .from(clinicalTrials)
    .where(and(eq(clinicalTrials.organizationId, organizationId), eq(clinicalTrials.id, id)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** One trial in full, for staff. */
export async function getTrial(ctx: TenantRouteContext, id: string) {
  const [row] = await ctx.tx
    .select({ trial: clinicalTrials, openSerious })
    .from(clinicalTrials)
    .where(and(eq(clinicalTrials.organizationId, ctx.tenant.organizationId), eq(clinicalTrials.id, id)));
  if (!row) throw notFound();
  await ctx.audit('trial.viewed', { type: 'clinical_trial', id });
  return toTrialDto(row.trial, row.openSerious);
}

/** What anyone may read of a trial: a recruiting one's id, title, status and age range; 404 for any other. */
export async function getPublicTrial(ctx: AnyRouteContext, id: string) {
  const row = await trialRow(ctx.tx, ctx.tenant.organizationId, id).catch(() => null);
  if (!row || row.status !== 'Recruiting') throw notFound();
  return toPublicTrialDto(row);
}

function columnsOf(body: TrialBody) {
  return {
    title: body.title,
    phase: body.phase,
    status: body.status,
    sponsor: body.sponsor,
    principalInvestigator: body.principalInvestigator,
    startDate: body.startDate,
    endDate: body.endDate ?? null,
    targetEnrollment: body.targetEnrollment,
    ageMin: body.ageRange.min,
    ageMax: body.ageRange.max,
    ageUnit: body.ageRange.unit,
    indications: body.indications,
    interventions: body.interventions,
    endpoints: body.endpoints,
    inclusionCriteria: body.inclusionCriteria,
    exclusionCriteria: body.exclusionCriteria,
    protocol: body.protocol ?? null,
    regulatoryApproval: body.regulatoryApproval ?? null,
  };
}

/** Creates a trial (no enrolments yet). */
export async function createTrial(ctx: TenantRouteContext, body: TrialBody) {
  const [row] = await ctx.tx
    .insert(clinicalTrials)
    .values({ organizationId: ctx.tenant.organizationId, id: newId(), ...columnsOf(body), createdBy: ctx.actor.userId })
    .returning();
  await ctx.audit('trial.created', { type: 'clinical_trial', id: row.id }, { title: row.title, status: row.status });
  await ctx.emit('clinical-trials.updated', row.id);
  return toTrialDto(row);
}

/** Replaces a trial's fields; the enrolment count stays the enrolments'. */
export async function updateTrial(ctx: TenantRouteContext, id: string, body: TrialBody) {
  const before = await trialRow(ctx.tx, ctx.tenant.organizationId, id, true);
  const [row] = await ctx.tx
    .update(clinicalTrials)
    .set({ ...columnsOf(body), updatedAt: new Date() })
    .where(and(eq(clinicalTrials.organizationId, ctx.tenant.organizationId), eq(clinicalTrials.id, id)))
    .returning();
  await ctx.audit('trial.updated', { type: 'clinical_trial', id }, { statusBefore: before.status, status: row.status });
  await ctx.emit('clinical-trials.updated', id);
  return toTrialDto(row);
}
