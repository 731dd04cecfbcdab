import type { PatientPlacementBody, PatientPlacementDto } from '@clinic/domain';
import { and, eq } from 'drizzle-orm';
import { patients } from '../../db/schema/index.js';
import type { TenantRouteContext } from '../../platform/route/index.js';
import { inDirectory, requirePatient } from './patients.service.js';

/** A patient's placement as the API answers it. */
const placementOf = (patientId: string, row: typeof patients.$inferSelect): PatientPlacementDto => ({
  patientId,
  department: row.careDepartment,
  floor: row.floor,
  roomNumber: row.roomNumber,
  directoryOptOut: row.directoryOptOut,
});

/** Where a patient is and whether they opted out of the facility directory (the record's placement form); audited. */
export async function getPlacement(ctx: TenantRouteContext, patientId: string): Promise<PatientPlacementDto> {
  const { patient } = await requirePatient(ctx, patientId);
  await ctx.audit('patient.placement-read', { type: 'patient', id: patientId });
  return placementOf(patientId, patient);
}

/**
 * Sets where an admitted patient is (department, floor, room) and their facility-directory opt-out:
 * what the visitor kiosk may tell a visitor who names them. A field sent as null (or empty) is
 * cleared, one left out is kept. Audited with the fields changed.
 */
export async function updatePlacement(ctx: TenantRouteContext, patientId: string, input: PatientPlacementBody): Promise<PatientPlacementDto> {
  const { tx, tenant, actor } = ctx;
  await requirePatient(ctx, patientId, true);
  const values: Partial<typeof patients.$inferInsert> = {};
  // The contract turns null and '' into undefined, so the body's own keys say what was sent.
  if ('department' in input) values.careDepartment = input.department ?? null;
  if ('floor' in input) values.floor = input.floor ?? null;
  if ('roomNumber' in input) values.roomNumber = input.roomNumber ?? null;
  if (input.directoryOptOut !== undefined) values.directoryOptOut = input.directoryOptOut;
  const [row] = await tx
    .update(patients)
    .set({ ...values, updatedAt: new Date(), updatedBy: actor.userId })
    .where(and(inDirectory(tenant), eq(patients.id, patientId)))
    .returning();
  await ctx.audit('patient.placement-updated', { type: 'patient', id: patientId }, { fields: Object.keys(values) });
  await ctx.emit('patient.updated', patientId);
  return placementOf(patientId, row);
}
