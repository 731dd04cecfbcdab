import { rightsRequestDueDate, type CompleteRightsRequestBody, type RightsRequestBody, type RightsRequestListQuery } from '@clinic/domain';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { gdprRightsRequests, type GdprRightsRequestRow } from '../../db/schema/index.js';
import { newId } from '../../platform/crypto.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { TenantRouteContext, TenantTx } from '../../platform/route/index.js';
import { patientNames, requirePatientPrivacyState } from '../patients/index.js';
import { memberNames, toRightsRequestDto } from './gdpr.dto.js';
import { clinicOf } from './gdpr-scope.js';

/** Records a rights request received now on the patient's behalf, due 30 days later; audited. */
export async function createRightsRequest(ctx: TenantRouteContext, body: RightsRequestBody) {
  const { tx, tenant, actor } = ctx;
  const patient = await requirePatientPrivacyState(ctx, body.patientId);
  const receivedAt = new Date();
  const [row] = await tx
    .insert(gdprRightsRequests)
    .values({
      organizationId: tenant.organizationId,
      id: newId(),
      clinicId: patient.clinicId,
      patientId: patient.id,
      type: body.type,
      notes: body.notes ?? null,
      status: 'OPEN',
      receivedAt,
      dueDate: rightsRequestDueDate(receivedAt),
      recordedBy: actor.userId,
    })
    .returning();
  await ctx.audit('gdpr.rights-request.created', { type: 'patient', id: patient.id }, { requestId: row.id, requestType: row.type });
  return toRightsRequestDto(row, await memberNames(tx, [row.recordedBy]), patient.name, receivedAt);
}

/** Requests of the request's clinic, newest first, optionally one patient's and one status; audited with the ids read. */
export async function listRightsRequests(ctx: TenantRouteContext, query: RightsRequestListQuery) {
  const { tx, tenant } = ctx;
  const patient = query.patientId ? await requirePatientPrivacyState(ctx, query.patientId) : null;
  const where: SQL[] = [eq(gdprRightsRequests.organizationId, tenant.organizationId), eq(gdprRightsRequests.clinicId, clinicOf(tenant))];
  if (patient) where.push(eq(gdprRightsRequests.patientId, patient.id));
  if (query.status) where.push(eq(gdprRightsRequests.status, query.status));
  const rows = await tx
    .select()
    .from(gdprRightsRequests)
    .where(and(...where))
    .orderBy(desc(gdprRightsRequests.receivedAt), desc(gdprRightsRequests.id))
    .limit(query.limit)
    .offset(query.offset);
  const [{ total }] = await tx
    .select({ total: count() })
    .from(gdprRightsRequests)
    .where(and(...where));
  const names = await memberNames(
    tx,
    rows.flatMap((r) => [r.recordedBy, r.completedBy]),
  );
  const patients = await patientNames(
    tx,
    tenant.organizationId,
    rows.map((r) => r.patientId),
  );
  const now = new Date();
  const requests = rows.map((r) => toRightsRequestDto(r, names, patients.get(r.patientId) ?? null, now));
  await ctx.audit('gdpr.requests.read', patient ? { type: 'patient', id: patient.id } : { type: 'gdpr_request' }, {
    requestIds: requests.map((r) => r.id),
    status: query.status ?? null,
  });
  return {
    requests,
    total,
    limit: query.limit,
    offset: query.offset,
    ...(patient ? { processingRestrictedAt: patient.processingRestrictedAt?.toISOString() ?? null } : {}),
  };
}

/** A request of the request's clinic, locked for its closing; 404 when there is none. */
export async function lockRightsRequest(ctx: TenantRouteContext, requestId: string): Promise<GdprRightsRequestRow> {
  const [row] = await ctx.tx
    .select()
    .from(gdprRightsRequests)
    .where(
      and(
        eq(gdprRightsRequests.organizationId, ctx.tenant.organizationId),
        eq(gdprRightsRequests.clinicId, clinicOf(ctx.tenant)),
        eq(gdprRightsRequests.id, requestId),
      ),
    )
    .for('update')
    .limit(1);
  if (!row) throw notFound('Request');
  return row;
}

function assertOpen(row: GdprRightsRequestRow) {
  if (row.status !== 'OPEN') {
    throw new AppError('conflict/request-closed', `This request is already ${row.status === 'COMPLETED' ? 'completed' : 'rejected'}.`);
  }
}

/** Closes a locked open request with its outcome, who closed it and how; returns the updated row. */
export async function closeRightsRequest(
  tx: TenantTx,
  row: GdprRightsRequestRow,
  outcome: 'COMPLETED' | 'REJECTED',
  resolution: string,
  userId: string,
): Promise<GdprRightsRequestRow> {
  assertOpen(row);
  const [updated] = await tx
    .update(gdprRightsRequests)
    .set({ status: outcome, completedAt: new Date(), completedBy: userId, resolution })
    .where(and(eq(gdprRightsRequests.organizationId, row.organizationId), eq(gdprRightsRequests.id, row.id), eq(gdprRightsRequests.status, 'OPEN')))
    .returning();
  return updated;
}

/**
 * Completes or rejects an open request, recording who and how (409 once closed). An erasure
 * request is completed by the erasure itself (`POST /api/gdpr/erase`), so completing one here is a
 * 409; rejecting it is allowed.
 */
export async function completeRightsRequest(ctx: TenantRouteContext, requestId: string, body: CompleteRightsRequestBody) {
  const { tx, tenant, actor } = ctx;
  const row = await lockRightsRequest(ctx, requestId);
  assertOpen(row);
  if (row.type === 'erasure' && body.outcome === 'COMPLETED') {
    throw new AppError(
      'conflict/erasure-needs-erase',
      'An erasure request is completed by erasing the patient’s contact details (Erase), not here.',
    );
  }
  const updated = await closeRightsRequest(tx, row, body.outcome, body.resolution, actor.userId);
  await ctx.audit(
    body.outcome === 'COMPLETED' ? 'gdpr.request.completed' : 'gdpr.request.rejected',
    { type: 'patient', id: row.patientId },
    { requestId: row.id, requestType: row.type },
  );
  const names = await memberNames(tx, [updated.recordedBy, updated.completedBy]);
  const patients = await patientNames(tx, tenant.organizationId, [row.patientId]);
  return toRightsRequestDto(updated, names, patients.get(row.patientId) ?? null);
}
