import type { ConsentBody } from '@clinic/domain';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { gdprConsents } from '../../db/schema/index.js';
import { newId } from '../../platform/crypto.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { TenantRouteContext } from '../../platform/route/index.js';
import { requirePatientPrivacyState } from '../patients/index.js';
import { memberNames, toConsentDto } from './gdpr.dto.js';
import { clinicOf } from './gdpr-scope.js';

/**
 * Records a consent the patient gives for one purpose. A purpose already consented to (and not
 * withdrawn) is a 409: one active consent per purpose keeps "is there consent?" one answer.
 */
export async function recordConsent(ctx: TenantRouteContext, body: ConsentBody) {
  const { tx, tenant, actor } = ctx;
  const patient = await requirePatientPrivacyState(ctx, body.patientId, true);
  const [active] = await tx
    .select({ id: gdprConsents.id })
    .from(gdprConsents)
    .where(
      and(
        eq(gdprConsents.organizationId, tenant.organizationId),
        eq(gdprConsents.patientId, patient.id),
        eq(gdprConsents.purpose, body.purpose),
        isNull(gdprConsents.withdrawnAt),
      ),
    )
    .limit(1);
  if (active) throw new AppError('conflict/consent-active', `This patient already has an active ${body.purpose} consent.`);
  const [row] = await tx
    .insert(gdprConsents)
    .values({
      organizationId: tenant.organizationId,
      id: newId(),
      clinicId: patient.clinicId,
      patientId: patient.id,
      purpose: body.purpose,
      givenAt: new Date(),
      recordedBy: actor.userId,
    })
    .returning();
  await ctx.audit('gdpr.consent.recorded', { type: 'patient', id: patient.id }, { consentId: row.id, purpose: row.purpose });
  return toConsentDto(row, await memberNames(tx, [row.recordedBy]));
}

/** The patient's consents, newest first, withdrawn ones included; audited. */
export async function listConsents(ctx: TenantRouteContext, patientId: string) {
  const { tx, tenant } = ctx;
  const patient = await requirePatientPrivacyState(ctx, patientId);
  const rows = await tx
    .select()
    .from(gdprConsents)
    .where(and(eq(gdprConsents.organizationId, tenant.organizationId), eq(gdprConsents.patientId, patient.id)))
    .orderBy(desc(gdprConsents.givenAt), desc(gdprConsents.id));
  await ctx.audit('gdpr.consents.read', { type: 'patient', id: patient.id }, { consentIds: rows.map((r) => r.id) });
  const names = await memberNames(
    tx,
    rows.flatMap((r) => [r.recordedBy, r.withdrawnBy]),
  );
  return rows.map((r) => toConsentDto(r, names));
}

/** Withdraws a consent of the request's clinic, keeping when and by whom; 409 when already withdrawn. */
export async function withdrawConsent(ctx: TenantRouteContext, consentId: string) {
  const { tx, tenant, actor } = ctx;
  const where = and(
    eq(gdprConsents.organizationId, tenant.organizationId),
    eq(gdprConsents.clinicId, clinicOf(tenant)),
    eq(gdprConsents.id, consentId),
  );
  const [row] = await tx.select().from(gdprConsents).where(where).for('update').limit(1);
  if (!row) throw notFound('Consent');
  if (row.withdrawnAt) throw new AppError('conflict/consent-withdrawn', 'This consent is already withdrawn.');
  const [updated] = await tx
    .update(gdprConsents)
    .set({ withdrawnAt: new Date(), withdrawnBy: actor.userId })
    .where(and(where, isNull(gdprConsents.withdrawnAt)))
    .returning();
  await ctx.audit('gdpr.consent.withdrawn', { type: 'patient', id: row.patientId }, { consentId: row.id, purpose: row.purpose });
  return toConsentDto(updated, await memberNames(tx, [updated.recordedBy, updated.withdrawnBy]));
}
