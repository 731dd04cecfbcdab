import {
  alertTransition,
  defaultAlertPriority,
  matchProtocol,
  startOfLocalDay,
  type AlertAction,
  type AlertActionBody,
  type AlertBody,
  type AlertDto,
  type AlertSeverity,
  type AlertStatus,
  type AlertType,
} from '@clinic/domain';
import { and, asc, desc, eq, gte, ne, or } from 'drizzle-orm';
import { emergencyAlerts, emergencyProtocols, type EmergencyAlertRow } from '../../db/schema/index.js';
import { newId } from '../../platform/crypto.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { TenantRouteContext, TenantTx } from '../../platform/route/index.js';
import { patientExists, patientNames } from '../patients/index.js';
import { queueEntrySubjects } from '../queue/index.js';
import { inClinicOrOrganization, iso, userNames, type EmergencyReader } from './emergency-scope.js';

/** Most alerts one read returns (every unresolved one, then the newest resolved today). */
export const ALERTS_LISTED = 500;

/** What an alert is shown with: its patient's name and complaint, and the protocols it may link to. */
async function alertContext(tx: TenantTx, organizationId: string, rows: EmergencyAlertRow[]) {
  const entryIds = [...new Set(rows.map((r) => r.queueEntryId).filter((v): v is string => !!v))];
  const patientIds = [...new Set(rows.filter((r) => !r.queueEntryId && r.patientId).map((r) => r.patientId as string))];
  const [entries, people, protocols, names] = await Promise.all([
    queueEntrySubjects(tx, organizationId, entryIds),
    patientNames(tx, organizationId, patientIds),
    tx
      .select({ id: emergencyProtocols.id, name: emergencyProtocols.name, keywords: emergencyProtocols.keywords })
      .from(emergencyProtocols)
      .where(eq(emergencyProtocols.organizationId, organizationId))
      .orderBy(asc(emergencyProtocols.name)),
    userNames(
      tx,
      organizationId,
      rows.flatMap((r) => [r.raisedBy, r.acknowledgedBy, r.resolvedBy]),
    ),
  ]);
  return {
    entries,
    people,
    protocols,
    names,
  };
}

function toAlertDto(row: EmergencyAlertRow, c: Awaited<ReturnType<typeof alertContext>>): AlertDto {
  const entry = row.queueEntryId ? c.entries.get(row.queueEntryId) : undefined;
  const protocol = matchProtocol([row.message, entry?.complaint, ...(entry?.symptoms ?? [])], c.protocols);
  const name = (id: string | null) => (id ? (c.names.get(id) ?? null) : null);
  return {
    id: row.id,
    type: row.type as AlertType,
    severity: row.severity as AlertSeverity,
    priority: row.priority,
    status: row.status as AlertStatus,
    message: row.message,
    patientId: row.patientId,
    patientName: entry ? entry.name : row.patientId ? (c.people.get(row.patientId) ?? null) : null,
    queueEntryId: row.queueEntryId,
    location: row.location,
    timestamp: row.createdAt.toISOString(),
    raisedBy: row.raisedBy ? name(row.raisedBy) : 'System',
    acknowledgedAt: iso(row.acknowledgedAt),
    acknowledgedBy: name(row.acknowledgedBy),
    acknowledgeNote: row.acknowledgeNote,
    resolvedAt: iso(row.resolvedAt),
    resolvedBy: name(row.resolvedBy),
    resolutionNote: row.resolutionNote,
    protocolId: protocol?.id ?? null,
    protocolName: protocol?.name ?? null,
  };
}

/** Alerts as the dashboard lists them, with names and protocol links. */
export async function alertDtos(tx: TenantTx, organizationId: string, rows: EmergencyAlertRow[]): Promise<AlertDto[]> {
  const c = await alertContext(tx, organizationId, rows);
  return rows.map((r) => toAlertDto(r, c));
}

/**
 * The clinic's alerts (and the organization-wide ones): every ACTIVE and ACKNOWLEDGED alert, and
 * those resolved since the start of the clinic-local day; newest first.
 */
export async function listAlerts(reader: EmergencyReader, now = new Date()): Promise<AlertDto[]> {
  return alertDtos(reader.tx, reader.tenant.organizationId, await listedAlertsQuery(reader, now));
}

/**
 * The statement of {@link listAlerts}, unexecuted (the scale test reads its plan): the alerts not
 * resolved and those resolved since `now`'s clinic-local midnight, each condition answered by an
 * index of its own (`emergency_alerts_unresolved_idx`, `emergency_alerts_resolved_idx`).
 */
export function listedAlertsQuery(
  { tx, tenant }: { tx: TenantTx; tenant: Pick<EmergencyReader['tenant'], 'organizationId' | 'clinicId' | 'timeZone'> },
  now = new Date(),
) {
  const since = startOfLocalDay(tenant.timeZone, now);
  return tx
    .select()
    .from(emergencyAlerts)
    .where(
      and(
        eq(emergencyAlerts.organizationId, tenant.organizationId),
        inClinicOrOrganization(emergencyAlerts.clinicId, tenant.clinicId),
        or(ne(emergencyAlerts.status, 'RESOLVED'), gte(emergencyAlerts.resolvedAt, since)),
      ),
    )
    .orderBy(desc(emergencyAlerts.createdAt))
    .limit(ALERTS_LISTED);
}

/** Raises an alert by hand (no cause: staff may raise as many as they need). A patient named must be the organization's. */
export async function raiseAlert(ctx: TenantRouteContext, body: AlertBody): Promise<AlertDto> {
  const { tx, tenant, actor } = ctx;
  if (body.patientId) {
    if (!(await patientExists(tx, tenant.organizationId, body.patientId))) throw notFound('Patient');
  }
  const [row] = await tx
    .insert(emergencyAlerts)
    .values({
      organizationId: tenant.organizationId,
      id: newId(),
      clinicId: tenant.clinicId,
      type: body.type,
      severity: body.severity,
      priority: body.priority ?? defaultAlertPriority(body.severity),
      status: 'ACTIVE',
      message: body.message,
      patientId: body.patientId ?? null,
      location: body.location ?? null,
      raisedBy: actor.userId,
    })
    .returning();
  await ctx.audit(
    'emergency.alert-raised',
    { type: 'emergency_alert', id: row.id },
    { alertType: row.type, severity: row.severity, patientId: row.patientId, manual: true },
  );
  await ctx.emit('emergency.alert.updated', row.id);
  const [dto] = await alertDtos(tx, tenant.organizationId, [row]);
  return dto;
}

/** Acknowledges or resolves an alert, recording who, when and the note; 409 for an impossible transition. */
export async function changeAlert(ctx: TenantRouteContext, id: string, action: AlertAction, body: AlertActionBody): Promise<AlertDto> {
  const { tx, tenant, actor } = ctx;
  const [row] = await tx
    .select()
    .from(emergencyAlerts)
    .where(and(eq(emergencyAlerts.organizationId, tenant.organizationId), eq(emergencyAlerts.id, id)))
    .for('update');
  if (!row) throw notFound('Alert');
  const t = alertTransition(row.status as AlertStatus, action);
  if (!t.ok) throw new AppError(t.code, t.message);
  const now = new Date();
  const note = body.note ?? null;
  const set: Partial<EmergencyAlertRow> =
    action === 'acknowledge'
      ? { status: t.to, acknowledgedAt: now, acknowledgedBy: actor.userId, acknowledgeNote: note }
      : { status: t.to, resolvedAt: now, resolvedBy: actor.userId, resolutionNote: note };
  const [updated] = await tx
    .update(emergencyAlerts)
    .set(set)
    .where(and(eq(emergencyAlerts.organizationId, tenant.organizationId), eq(emergencyAlerts.id, id)))
    .returning();
  await ctx.audit(
    action === 'acknowledge' ? 'emergency.alert-acknowledged' : 'emergency.alert-resolved',
    { type: 'emergency_alert', id },
    { from: t.from, to: t.to, patientId: row.patientId, note },
  );
  await ctx.emit('emergency.alert.updated', id);
  const [dto] = await alertDtos(tx, tenant.organizationId, [updated]);
  return dto;
}
