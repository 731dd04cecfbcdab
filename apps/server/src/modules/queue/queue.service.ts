import {
  OPEN_QUEUE_STATUSES,
  nextStatus,
  transitionTo,
  type AssignClinicianBody,
  type QueueAction,
  type QueueStatus,
  type QueueTransition,
  type RecordVitalsBody,
  organizationSettings,
  targetWaitMinutes,
  type UrgencyLevel,
} from '@clinic/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { queueEntries, queueTransitions, type QueueEntryRow } from '../../db/schema/index.js';
import { AppError, notFound } from '../../platform/errors.js';
import { prepared, type RouteTenant, type TenantRouteContext, type TenantTx } from '../../platform/route/index.js';
import { isActiveMember, memberNames } from '../members/index.js';
import { auditAlertIfRaised, type EntryScoringRecorder } from './queue-alerts.js';
import { recordTransition, toQueueEntryDto } from './queue-entries.js';
import { deriveEntry } from './queue-scoring.js';

/** The organization and clinic a queue query is scoped to. */
export type QueueScope = Pick<RouteTenant, 'organizationId' | 'clinicId'>;
/** What a read that neither audits nor emits needs: the tenant transaction and its scope. */
export interface QueueReader {
  tx: TenantTx;
  tenant: QueueScope;
}

/** Names of the members assigned to entries, by member id. */
async function clinicianNames(tx: TenantTx, organizationId: string, rows: Pick<QueueEntryRow, 'assignedTo'>[]) {
  return memberNames(
    tx,
    organizationId,
    rows.map((r) => r.assignedTo),
    'member',
  );
}

function assignedName(row: QueueEntryRow, names: Map<string, string>): string | null {
  if (!row.assignedTo) return null;
  return names.get(row.assignedTo) ?? row.assignedTo;
}

/** An entry with every column, locked for its change; built once per connection ({@link prepared}). */
const entryForUpdate = (tx: TenantTx) =>
  tx
    .select()
    .from(queueEntries)
    .where(and(eq(queueEntries.organizationId, sql.placeholder('organizationId')), eq(queueEntries.id, sql.placeholder('id'))))
    .for('update');

async function loadEntry(tx: TenantTx, organizationId: string, id: string): Promise<QueueEntryRow> {
  const [row] = await prepared(tx, 'queue_entry_for_update', entryForUpdate).execute({ organizationId, id });
  if (!row) throw notFound('Queue entry');
  return row;
}

function refuse(t: QueueTransition): asserts t is Extract<QueueTransition, { ok: true }> {
  if (!t.ok) throw new AppError(t.code, t.message);
}

async function afterChange(ctx: TenantRouteContext, row: QueueEntryRow, action: string, details: Record<string, unknown>) {
  const { tx, tenant } = ctx;
  await ctx.audit(`queue.${action}`, { type: 'queue_entry', id: row.id }, { patientId: row.patientId, ...details });
  // The entry's own clinic, not the request's: the board of the clinic the entry waits in is the
  // one to refresh, even when the caller acts from the organization or another clinic.
  await ctx.emit('queue.updated', row.id, { clinicId: row.clinicId });
  const names = await clinicianNames(tx, tenant.organizationId, [row]);
  return toQueueEntryDto(row, new Date(), assignedName(row, names));
}

/** What the clinician records with Start Care or Complete Care (for the analytics). */
export interface CareOutcome {
  finalPriority?: UrgencyLevel;
  rating?: number;
}

/**
 * The analytics capture of a status change. Start Care keeps the AI's urgency and its band's target
 * wait at that moment (what the clinician's final priority is compared with) and the final
 * priority if given; completion keeps the final priority (given now, else the one from Start Care),
 * the rating, and the fee the organization sets for that visit type.
 */
async function careCapture(
  { tenant }: TenantRouteContext,
  row: QueueEntryRow,
  to: QueueStatus,
  now: Date,
  outcome: CareOutcome,
): Promise<Partial<QueueEntryRow>> {
  if (to === 'in-progress') {
    const derived = deriveEntry(row, now);
    return {
      aiUrgency: derived.urgencyLevel,
      targetWaitMinutes: targetWaitMinutes(derived.riskScore),
      finalPriority: outcome.finalPriority ?? null,
    };
  }
  if (to !== 'completed') return {};
  const finalPriority = outcome.finalPriority ?? (row.finalPriority as UrgencyLevel | null);
  // The organization row as the request read it (its settings are current: docs/architecture.md, step 4).
  const fees = organizationSettings.shape.visitFees.safeParse((tenant.organization.settings as { visitFees?: unknown } | null)?.visitFees);
  const fee = finalPriority && fees.success ? fees.data[finalPriority] : undefined;
  return { finalPriority, rating: outcome.rating ?? null, feeCents: fee === undefined ? null : Math.round(fee * 100) };
}

/**
 * Applies a status action (start, complete, cancel, admit, emergency-admit) or a direct status
 * change; anything the status machine refuses is a 409 with its message.
 */
export async function changeStatus(
  ctx: TenantRouteContext,
  id: string,
  change: { action: Exclude<QueueAction, 'assign'> } | { to: QueueStatus },
  note?: string,
  outcome: CareOutcome = {},
) {
  const { tx, tenant, actor } = ctx;
  const row = await loadEntry(tx, tenant.organizationId, id);
  const from = row.status as QueueStatus;
  const t = 'action' in change ? nextStatus(from, change.action) : transitionTo(from, change.to);
  refuse(t);
  const now = new Date();
  const to = t.status;
  const set: Partial<QueueEntryRow> = { status: to, updatedAt: now, ...(await careCapture(ctx, row, to, now, outcome)) };
  if (to === 'in-progress') {
    set.startedAt = now;
    set.startedBy = actor.userId;
  } else {
    set.endedAt = now;
  }
  const [updated] = await tx
    .update(queueEntries)
    .set(set)
    .where(and(eq(queueEntries.organizationId, tenant.organizationId), eq(queueEntries.id, id)))
    .returning();
  await recordTransition(tx, row, { action: t.action, from, to, actorId: actor.userId, note, details: outcomeDetails(outcome) });
  return afterChange(ctx, updated, t.action, { from, to, ...outcomeDetails(outcome) });
}

const outcomeDetails = (o: CareOutcome) => (o.finalPriority || o.rating ? { finalPriority: o.finalPriority, rating: o.rating } : undefined);

/** Assigns a clinician (a member of the organization, or a name) while waiting or in progress. */
export async function assignClinician(ctx: TenantRouteContext, id: string, input: AssignClinicianBody) {
  const { tx, tenant, actor } = ctx;
  const row = await loadEntry(tx, tenant.organizationId, id);
  const from = row.status as QueueStatus;
  refuse(nextStatus(from, 'assign'));
  let assignedTo = input.clinicianName ?? null;
  if (input.clinicianId) {
    if (!(await isActiveMember(tx, tenant.organizationId, input.clinicianId))) throw notFound('Clinician');
    assignedTo = input.clinicianId;
  }
  const [updated] = await tx
    .update(queueEntries)
    .set({ assignedTo, assignedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(queueEntries.organizationId, tenant.organizationId), eq(queueEntries.id, id)))
    .returning();
  await recordTransition(tx, row, { action: 'assign', from, to: from, actorId: actor.userId, details: { assignedTo } });
  return afterChange(ctx, updated, 'assign', { assignedTo });
}

/** Records vital signs on an open entry and re-scores it (risk and NEWS2). */
export async function recordVitals(ctx: TenantRouteContext, id: string, input: RecordVitalsBody, recordScoring: EntryScoringRecorder) {
  const { tx, tenant, actor } = ctx;
  const row = await loadEntry(tx, tenant.organizationId, id);
  const from = row.status as QueueStatus;
  if (!(OPEN_QUEUE_STATUSES as readonly string[]).includes(from)) {
    throw new AppError('conflict/queue-transition', `Cannot record vital signs for an entry that is ${from}.`);
  }
  const { supplementalOxygen, ...vitals } = input;
  const now = new Date();
  const next = { ...row, vitalSigns: vitals, supplementalOxygen };
  const derived = deriveEntry(next, now);
  const [updated] = await tx
    .update(queueEntries)
    .set({
      vitalSigns: vitals,
      supplementalOxygen,
      vitalsRecordedAt: now,
      riskScore: derived.riskScore,
      news2Score: derived.news2?.score ?? null,
      updatedAt: now,
    })
    .where(and(eq(queueEntries.organizationId, tenant.organizationId), eq(queueEntries.id, id)))
    .returning();
  await recordTransition(tx, row, { action: 'vitals', from, to: from, actorId: actor.userId, details: { vitals, supplementalOxygen } });
  const entry = await afterChange(ctx, updated, 'vitals', { riskScore: derived.riskScore, news2: derived.news2?.score ?? null });
  await auditAlertIfRaised(ctx, recordScoring, updated, row, 'vitals', now);
  return entry;
}

/** An entry's history: every transition, oldest first. */
export async function entryHistory(ctx: TenantRouteContext, id: string) {
  const { tx, tenant } = ctx;
  const row = await loadEntry(tx, tenant.organizationId, id);
  const rows = await tx
    .select()
    .from(queueTransitions)
    .where(and(eq(queueTransitions.organizationId, tenant.organizationId), eq(queueTransitions.entryId, row.id)))
    .orderBy(asc(queueTransitions.at));
  await ctx.audit('queue.history-read', { type: 'queue_entry', id: row.id }, { patientId: row.patientId });
  return rows.map((t) => ({
    action: t.action,
    fromStatus: t.fromStatus,
    toStatus: t.toStatus,
    actorId: t.actorUserId,
    at: t.at.toISOString(),
    note: ((t.details as { note?: string } | null)?.note ?? null) as string | null,
  }));
}
