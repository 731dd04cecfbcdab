import { isSeriousAdverseEvent, reportingDueDate, type AdverseEventBody } from '@clinic/domain';
import { and, desc, eq } from 'drizzle-orm';
import { clinicalTrials, trialAdverseEvents, trialEnrollments } from '../../db/schema/index.js';
import type { CriticalAlertPager } from '../../platform/critical-alerts.js';
import { newId } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import type { TenantRouteContext } from '../../platform/route/index.js';
import { patientNames } from '../patients/index.js';
import { toAdverseEventDto } from './clinical-trials.dto.js';
import { trialRow, type AnyRouteContext } from './trials.service.js';

/** Adverse events with their trial's title, newest first: of one trial, or of the organization. */
export async function adverseEventList(ctx: AnyRouteContext, filter: { trialId?: string; limit?: number }) {
  const org = ctx.tenant.organizationId;
  const rows = await ctx.tx
    .select({ event: trialAdverseEvents, title: clinicalTrials.title })
    .from(trialAdverseEvents)
    .innerJoin(
      clinicalTrials,
      and(eq(clinicalTrials.organizationId, trialAdverseEvents.organizationId), eq(clinicalTrials.id, trialAdverseEvents.trialId)),
    )
    .where(and(eq(trialAdverseEvents.organizationId, org), ...(filter.trialId ? [eq(trialAdverseEvents.trialId, filter.trialId)] : [])))
    .orderBy(desc(trialAdverseEvents.eventDate), desc(trialAdverseEvents.createdAt))
    .limit(filter.limit ?? 1000);
  const names = await patientNames(
    ctx.tx,
    org,
    rows.map((r) => r.event.patientId),
  );
  return rows.map((r) => toAdverseEventDto(r.event, r.title, names.get(r.event.patientId) ?? 'Unknown patient'));
}

/** A trial's adverse events (`GET /api/clinical-trials/{id}/adverse-events`), audited. */
export async function listTrialAdverseEvents(ctx: TenantRouteContext, trialId: string) {
  await trialRow(ctx.tx, ctx.tenant.organizationId, trialId);
  const events = await adverseEventList(ctx, { trialId });
  await ctx.audit('trial.adverse-events-viewed', { type: 'clinical_trial', id: trialId }, { count: events.length });
  return events;
}

/** The organization's latest adverse events across trials (the Safety tab), audited. */
export async function listRecentAdverseEvents(ctx: TenantRouteContext, limit: number) {
  const events = await adverseEventList(ctx, { limit });
  await ctx.audit('trial.adverse-events-viewed', { type: 'clinical_trial' }, { count: events.length });
  return events;
}

/** What the page for a serious adverse event says: the trial, the severity and the report's deadline, nothing of the patient. */
const seriousAdverseEventMessage = (trialTitle: string, severity: string, reportingDue: string | null) =>
  `Serious adverse event (${severity}) reported in the trial ${trialTitle}.${reportingDue ? ` Safety report due ${reportingDue}.` : ''}`;

/**
 * Reports an adverse event of an enrolled patient. A Severe or Life-threatening event is serious:
 * it carries its report's due date (7 or 15 days), raises the safety alert to the trial
 * dashboard's staff (`clinical-trials.safety-alert`), audited as such, and pages the doctor on
 * call of the request's clinic through `pager` (a trial belongs to no clinic).
 */
export async function reportAdverseEvent(ctx: TenantRouteContext, trialId: string, body: AdverseEventBody, pager: CriticalAlertPager) {
  const org = ctx.tenant.organizationId;
  const trial = await trialRow(ctx.tx, org, trialId);
  const [enrolled] = await ctx.tx
    .select({ id: trialEnrollments.id })
    .from(trialEnrollments)
    .where(and(eq(trialEnrollments.organizationId, org), eq(trialEnrollments.trialId, trialId), eq(trialEnrollments.patientId, body.patientId)));
  if (!enrolled) {
    const message = 'The patient is not enrolled in this trial.';
    throw new AppError('validation/invalid', message, [{ path: 'patientId', message }]);
  }
  const serious = isSeriousAdverseEvent(body.severity);
  const [row] = await ctx.tx
    .insert(trialAdverseEvents)
    .values({
      organizationId: org,
      id: newId(),
      trialId,
      patientId: body.patientId,
      eventType: body.eventType,
      severity: body.severity,
      relatedness: body.relatedness,
      description: body.description,
      eventDate: body.date,
      serious,
      reportingDueDate: reportingDueDate(body.severity, body.date),
      actionTaken: body.actionTaken ?? null,
      reportedBy: ctx.actor.userId,
    })
    .returning();
  await ctx.audit('trial.adverse-event-reported', { type: 'trial_adverse_event', id: row.id }, { trialId, severity: row.severity, serious });
  await ctx.emit('clinical-trials.updated', trialId);
  if (serious) {
    await ctx.audit('trial.safety-alert-raised', { type: 'trial_adverse_event', id: row.id }, { trialId, reportingDueDate: row.reportingDueDate });
    await ctx.emit('clinical-trials.safety-alert', row.id);
    await pager(ctx, {
      clinicId: ctx.tenant.clinicId,
      alertId: row.id,
      entityType: 'trial_adverse_event',
      patientId: row.patientId,
      message: seriousAdverseEventMessage(trial.title, row.severity, row.reportingDueDate),
    });
  }
  const names = await patientNames(ctx.tx, org, [row.patientId]);
  return toAdverseEventDto(row, trial.title, names.get(row.patientId) ?? 'Unknown patient');
}

/** Marks an adverse event resolved, with the action taken if given. */
export async function resolveAdverseEvent(ctx: TenantRouteContext, id: string, actionTaken: string | undefined) {
  const org = ctx.tenant.organizationId;
  const [row] = await ctx.tx
    .update(trialAdverseEvents)
    .set({ resolved: true, resolvedAt: new Date(), ...(actionTaken ? { actionTaken } : {}) })
    .where(and(eq(trialAdverseEvents.organizationId, org), eq(trialAdverseEvents.id, id)))
    .returning();
  if (!row) throw new AppError('not-found', 'Adverse event not found');
  await ctx.audit('trial.adverse-event-resolved', { type: 'trial_adverse_event', id }, { trialId: row.trialId });
  await ctx.emit('clinical-trials.updated', row.trialId);
  const trial = await trialRow(ctx.tx, org, row.trialId);
  const names = await patientNames(ctx.tx, org, [row.patientId]);
  return toAdverseEventDto(row, trial.title, names.get(row.patientId) ?? 'Unknown patient');
}
