import type { ProtocolBody, ProtocolCategory, ProtocolDto } from '@clinic/domain';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { emergencyProtocolSteps, emergencyProtocols, type EmergencyProtocolRow, type EmergencyProtocolStepRow } from '../../db/schema/index.js';
import { newId } from '../../platform/crypto.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { TenantRouteContext, TenantTx } from '../../platform/route/index.js';
import type { EmergencyReader } from './emergency-scope.js';

function toProtocolDto(row: EmergencyProtocolRow, steps: EmergencyProtocolStepRow[]): ProtocolDto {
  return {
    id: row.id,
    name: row.name,
    category: row.category as ProtocolCategory,
    description: row.description,
    estimatedTime: row.estimatedMinutes,
    requiredResources: row.requiredResources,
    keywords: row.keywords,
    lastUpdated: row.updatedAt.toISOString(),
    steps: steps
      .sort((a, b) => a.stepNumber - b.stepNumber)
      .map((s) => ({
        id: s.id,
        stepNumber: s.stepNumber,
        description: s.description,
        duration: s.durationSeconds,
        requiredStaff: s.requiredStaff,
        requiredEquipment: s.requiredEquipment,
        critical: s.critical,
      })),
  };
}

async function withSteps(tx: TenantTx, organizationId: string, rows: EmergencyProtocolRow[]): Promise<ProtocolDto[]> {
  if (!rows.length) return [];
  const steps = await tx
    .select()
    .from(emergencyProtocolSteps)
    .where(
      and(
        eq(emergencyProtocolSteps.organizationId, organizationId),
        inArray(
          emergencyProtocolSteps.protocolId,
          rows.map((r) => r.id),
        ),
      ),
    );
  const byProtocol = new Map<string, EmergencyProtocolStepRow[]>();
  for (const s of steps) byProtocol.set(s.protocolId, [...(byProtocol.get(s.protocolId) ?? []), s]);
  return rows.map((r) => toProtocolDto(r, byProtocol.get(r.id) ?? []));
}

/** The organization's protocols, by name, each with its numbered steps. */
export async function listProtocols({ tx, tenant }: EmergencyReader): Promise<ProtocolDto[]> {
  const rows = await tx
    .select()
    .from(emergencyProtocols)
    .where(eq(emergencyProtocols.organizationId, tenant.organizationId))
    .orderBy(asc(emergencyProtocols.name));
  return withSteps(tx, tenant.organizationId, rows);
}

async function refuseDuplicateName(tx: TenantTx, organizationId: string, name: string, exceptId?: string) {
  const [same] = await tx
    .select({ id: emergencyProtocols.id })
    .from(emergencyProtocols)
    .where(
      and(
        eq(emergencyProtocols.organizationId, organizationId),
        eq(emergencyProtocols.name, name),
        exceptId ? ne(emergencyProtocols.id, exceptId) : undefined,
      ),
    );
  if (same) throw new AppError('conflict/protocol-name', `A protocol named "${name}" already exists.`);
}

async function writeSteps(tx: TenantTx, organizationId: string, protocolId: string, steps: ProtocolBody['steps']) {
  await tx.insert(emergencyProtocolSteps).values(
    steps.map((s, i) => ({
      organizationId,
      id: newId(),
      protocolId,
      stepNumber: i + 1,
      description: s.description,
      durationSeconds: s.duration,
      requiredStaff: s.requiredStaff,
      requiredEquipment: s.requiredEquipment,
      critical: s.critical,
    })),
  );
}

/** A protocol's own columns (its steps aside), as a create or an update body states them. */
function protocolColumns({ name, category, description, estimatedTime, requiredResources, keywords }: ProtocolBody) {
  return { name, category, description, estimatedMinutes: estimatedTime, requiredResources, keywords };
}

/** Adds a protocol to the organization (names are unique: 409). */
export async function createProtocol(ctx: TenantRouteContext, body: ProtocolBody): Promise<ProtocolDto> {
  const { tx, tenant, actor } = ctx;
  await refuseDuplicateName(tx, tenant.organizationId, body.name);
  const [row] = await tx
    .insert(emergencyProtocols)
    .values({
      organizationId: tenant.organizationId,
      id: newId(),
      ...protocolColumns(body),
      createdBy: actor.userId,
      updatedBy: actor.userId,
    })
    .returning();
  await writeSteps(tx, tenant.organizationId, row.id, body.steps);
  await ctx.audit('emergency.protocol-created', { type: 'emergency_protocol', id: row.id }, { name: row.name, steps: body.steps.length });
  await ctx.emit('emergency.protocol.updated', row.id);
  const [dto] = await withSteps(tx, tenant.organizationId, [row]);
  return dto;
}

/** Replaces a protocol and its steps. */
export async function updateProtocol(ctx: TenantRouteContext, id: string, body: ProtocolBody): Promise<ProtocolDto> {
  const { tx, tenant, actor } = ctx;
  const where = and(eq(emergencyProtocols.organizationId, tenant.organizationId), eq(emergencyProtocols.id, id));
  const [existing] = await tx.select({ id: emergencyProtocols.id }).from(emergencyProtocols).where(where).for('update');
  if (!existing) throw notFound('Protocol');
  await refuseDuplicateName(tx, tenant.organizationId, body.name, id);
  const [row] = await tx
    .update(emergencyProtocols)
    .set({
      ...protocolColumns(body),
      updatedBy: actor.userId,
      updatedAt: new Date(),
    })
    .where(where)
    .returning();
  await tx
    .delete(emergencyProtocolSteps)
    .where(and(eq(emergencyProtocolSteps.organizationId, tenant.organizationId), eq(emergencyProtocolSteps.protocolId, id)));
  await writeSteps(tx, tenant.organizationId, id, body.steps);
  await ctx.audit('emergency.protocol-updated', { type: 'emergency_protocol', id }, { name: row.name, steps: body.steps.length });
  await ctx.emit('emergency.protocol.updated', id);
  const [dto] = await withSteps(tx, tenant.organizationId, [row]);
  return dto;
}
