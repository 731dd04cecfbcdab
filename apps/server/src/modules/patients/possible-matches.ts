import type { PossibleMatchChartDto, PossibleMatchDto, PossibleMatchReason } from '@clinic/domain';
import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { patientPossibleMatches, patients, patientVisits } from '../../db/schema/index.js';
import { AppError, notFound } from '../../platform/errors.js';
import { moveToPatient } from '../../platform/patient-records.js';
import type { TenantRouteContext } from '../../platform/route/index.js';
import type { CheckInContext } from './check-in-patient.js';
import { requirePatient } from './patients.service.js';

/** The most existing charts one new chart is flagged against: the likeliest, newest first. */
const MAX_FLAGS = 5;

/**
 * Flags existing charts of the clinic that look like the new chart `patientId` made from public
 * input: same last name (ignoring case) and date of birth, and the same phone digits, first name
 * or e-mail. Archived charts and charts whose processing is restricted (erased) are never matched.
 * Nothing of it reaches the public caller: staff see the flags on both charts.
 */
export async function flagPossibleMatches(ctx: CheckInContext, patientId: string, via: string): Promise<void> {
  const { tx, tenant } = ctx;
  const flagged = await tx
    .execute<{ id: string; match_patient_id: string }>(possibleMatchesFlagging(tenant.organizationId, patientId, via))
    .then((r) => r.rows);
  if (flagged.length === 0) return;
  await ctx.audit(
    'patient.possible-match-flagged',
    { type: 'patient', id: patientId },
    { via, matchPatientIds: flagged.map((r) => r.match_patient_id) },
  );
}

/**
 * The statement of {@link flagPossibleMatches}: it finds the existing charts through
 * `patients_possible_match_idx` (clinic, lower-cased last name, birth date), never the whole directory.
 */
export function possibleMatchesFlagging(organizationId: string, patientId: string, via: string): SQL {
  return sql`
  insert into ${patientPossibleMatches} (organization_id, id, clinic_id, patient_id, match_patient_id, reasons, source)
  select p.organization_id, gen_random_uuid()::text, p.clinic_id, n.id, p.id,
    array_remove(array[
      'lastName', 'dateOfBirth',
      case when lower(p.first_name) = lower(n.first_name) then 'firstName' end,
      case when n.phone_digits <> '' and p.phone_digits = n.phone_digits then 'phone' end,
      case when n.search_email <> '' and p.search_email = n.search_email then 'email' end
    ], null),
    ${via}
  from ${patients} n
  join ${patients} p on p.organization_id = n.organization_id and p.clinic_id = n.clinic_id and p.id <> n.id
    and lower(p.last_name) = lower(n.last_name) and p.date_of_birth = n.date_of_birth
    and p.archived_at is null and p.processing_restricted_at is null
    and (lower(p.first_name) = lower(n.first_name)
      or (n.phone_digits <> '' and p.phone_digits = n.phone_digits)
      or (n.search_email <> '' and p.search_email = n.search_email))
  where n.organization_id = ${organizationId} and n.id = ${patientId}
    and p.id not in (select m.patient_id from ${patientPossibleMatches} m
      where m.organization_id = n.organization_id and m.resolution is null)
  order by p.created_at
  limit ${MAX_FLAGS}
  returning id, match_patient_id`;
}

const chartColumns = {
  id: patients.id,
  firstName: patients.firstName,
  lastName: patients.lastName,
  dateOfBirth: patients.dateOfBirth,
  phone: patients.phone,
  status: patients.status,
  createdAt: patients.createdAt,
};
type ChartRow = { [K in keyof typeof chartColumns]: (typeof patients.$inferSelect)[K] };

const chartDto = (r: ChartRow): PossibleMatchChartDto => ({ ...r, createdAt: r.createdAt.toISOString() });

/**
 * The open possible matches naming `patientId` (as the new chart or as the existing one), of the
 * request's clinic, newest first; a chart not in the clinic's directory is a 404. Audited as a read
 * of the chart.
 */
export async function listPossibleMatches(ctx: TenantRouteContext, patientId: string): Promise<PossibleMatchDto[]> {
  const { tx, tenant } = ctx;
  await requirePatient(ctx, patientId);
  const rows = await tx
    .select()
    .from(patientPossibleMatches)
    .where(
      and(
        eq(patientPossibleMatches.organizationId, tenant.organizationId),
        isNull(patientPossibleMatches.resolution),
        or(eq(patientPossibleMatches.patientId, patientId), eq(patientPossibleMatches.matchPatientId, patientId)),
      ),
    )
    .orderBy(desc(patientPossibleMatches.createdAt));
  const ids = [...new Set(rows.flatMap((r) => [r.patientId, r.matchPatientId]))];
  const charts = ids.length
    ? await tx
        .select(chartColumns)
        .from(patients)
        .where(and(eq(patients.organizationId, tenant.organizationId), inArray(patients.id, ids), isNull(patients.archivedAt)))
    : [];
  const byId = new Map(charts.map((c) => [c.id, chartDto(c)]));
  const matches = rows.flatMap((r) => {
    const newChart = byId.get(r.patientId);
    const existingChart = byId.get(r.matchPatientId);
    if (!newChart || !existingChart) return [];
    return [
      { id: r.id, source: r.source, reasons: r.reasons as PossibleMatchReason[], createdAt: r.createdAt.toISOString(), newChart, existingChart },
    ];
  });
  await ctx.audit('patient.possible-matches-viewed', { type: 'patient', id: patientId }, { matchIds: matches.map((m) => m.id) });
  return matches;
}

/** An open possible match of the request's clinic, locked for its decision. */
export interface OpenPossibleMatch {
  id: string;
  /** The chart public input made: it is merged away. */
  patientId: string;
  /** The existing chart: it stays. */
  matchPatientId: string;
}

/**
 * Locks the open possible match `matchId` of the request's clinic for a decision: 404 when there
 * is none, 409 when it was decided already (a second click, another member at the same time).
 */
export async function lockOpenPossibleMatch(ctx: TenantRouteContext, matchId: string): Promise<OpenPossibleMatch> {
  const { tx, tenant } = ctx;
  const [row] = await tx
    .select()
    .from(patientPossibleMatches)
    .where(
      and(
        eq(patientPossibleMatches.organizationId, tenant.organizationId),
        eq(patientPossibleMatches.clinicId, tenant.clinicId ?? ''),
        eq(patientPossibleMatches.id, matchId),
      ),
    )
    .for('update');
  if (!row) throw notFound('Possible match');
  if (row.resolution) throw new AppError('conflict/already-resolved', 'This possible match has already been resolved.');
  return { id: row.id, patientId: row.patientId, matchPatientId: row.matchPatientId };
}

/** Dismisses an open possible match: the two charts are different people. Audited on both charts. */
export async function dismissPossibleMatch(ctx: TenantRouteContext, matchId: string): Promise<void> {
  const match = await lockOpenPossibleMatch(ctx, matchId);
  await resolve(ctx, match.id, 'dismissed');
  await ctx.audit('patient.possible-match-dismissed', { type: 'patient', id: match.patientId }, { matchId, matchPatientId: match.matchPatientId });
  await ctx.emit('patient.updated', match.patientId);
}

async function resolve(ctx: TenantRouteContext, matchId: string, resolution: 'merged' | 'dismissed') {
  await ctx.tx
    .update(patientPossibleMatches)
    .set({ resolution, resolvedAt: new Date(), resolvedBy: ctx.actor.userId })
    .where(and(eq(patientPossibleMatches.organizationId, ctx.tenant.organizationId), eq(patientPossibleMatches.id, matchId)));
}

/**
 * Completes a merge of `match` once the other modules moved their records: the match is marked
 * merged, the new chart's other open flags are dismissed, flags naming it as the existing chart
 * now name the chart that stays, and the new chart leaves the directory (archived, kept: its own
 * audit trail still reads). Its visits move here (this module's table). Returns how many moved.
 */
export async function completeMerge(ctx: TenantRouteContext, match: OpenPossibleMatch): Promise<number> {
  const { tx, tenant, actor } = ctx;
  const org = tenant.organizationId;
  const now = new Date();
  await resolve(ctx, match.id, 'merged');
  await tx
    .update(patientPossibleMatches)
    .set({ resolution: 'dismissed', resolvedAt: now, resolvedBy: actor.userId })
    .where(
      and(
        eq(patientPossibleMatches.organizationId, org),
        eq(patientPossibleMatches.patientId, match.patientId),
        isNull(patientPossibleMatches.resolution),
      ),
    );
  await tx
    .update(patientPossibleMatches)
    .set({ matchPatientId: match.matchPatientId })
    .where(
      and(
        eq(patientPossibleMatches.organizationId, org),
        eq(patientPossibleMatches.matchPatientId, match.patientId),
        isNull(patientPossibleMatches.resolution),
      ),
    );
  const moved = await moveToPatient(tx, patientVisits, org, match.patientId, match.matchPatientId);
  const [archived] = await tx
    .update(patients)
    .set({ archivedAt: now, archivedBy: actor.userId, updatedAt: now, updatedBy: actor.userId })
    .where(and(eq(patients.organizationId, org), eq(patients.id, match.patientId), isNull(patients.archivedAt)))
    .returning({ id: patients.id });
  if (!archived) throw notFound('Patient');
  await ctx.emit('patient.archived', match.patientId);
  await ctx.emit('patient.updated', match.matchPatientId);
  return moved;
}

/** Both charts of a merge must be in the clinic's directory and neither erased; else 404 or 409. */
export async function requireMergeable(ctx: TenantRouteContext, match: OpenPossibleMatch): Promise<void> {
  const rows = await ctx.tx
    .select({ id: patients.id, restricted: patients.processingRestrictedAt })
    .from(patients)
    .where(
      and(
        eq(patients.organizationId, ctx.tenant.organizationId),
        eq(patients.clinicId, ctx.tenant.clinicId ?? ''),
        inArray(patients.id, [match.patientId, match.matchPatientId]),
        isNull(patients.archivedAt),
      ),
    )
    .for('update');
  if (rows.length !== 2) throw notFound('Patient');
  if (rows.some((r) => r.restricted)) {
    throw new AppError('conflict/processing-restricted', "One of these charts was erased; it can't be merged.");
  }
}
