import {
  onCallAt,
  ON_CALL_ROLES,
  type OnCall,
  type OnCallRole,
  type OnCallRota,
  type OnCallRotaBody,
  type OnCallOverride,
  type OnCallShift,
} from '@clinic/domain';
import { and, eq } from 'drizzle-orm';
import { onCallRotas } from '../../db/schema/index.js';
import { newId } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import type { TenantRouteContext, TenantTx } from '../../platform/route/index.js';
import { pageableMembers } from '../members/index.js';
import { peopleOf, type People } from './paging.dto.js';

/** The request's clinic: paging works in one. */
export function clinicOf(ctx: TenantRouteContext): string {
  if (!ctx.tenant.clinicId) throw new AppError('request/no-clinic', 'Select a clinic to use paging.');
  return ctx.tenant.clinicId;
}

/** The clinic's rotas, one per role that has one. */
export async function clinicRotas(tx: TenantTx, organizationId: string, clinicId: string, role?: OnCallRole): Promise<OnCallRota[]> {
  const rows = await tx
    .select()
    .from(onCallRotas)
    .where(and(eq(onCallRotas.organizationId, organizationId), eq(onCallRotas.clinicId, clinicId), role ? eq(onCallRotas.role, role) : undefined));
  return rows.map((r) => ({ role: r.role as OnCallRole, shifts: r.shifts as OnCallShift[], overrides: r.overrides as OnCallOverride[] }));
}

/** Who is on call for `role` in the clinic at `at` (the organization's clock); null when nobody is. */
export async function onCallFor(tx: TenantTx, organizationId: string, clinicId: string, role: OnCallRole, timeZone: string, at: Date) {
  const [rota] = await clinicRotas(tx, organizationId, clinicId, role);
  return rota ? onCallAt(rota, timeZone, at) : null;
}

function rotaDto(rota: OnCallRota, now: OnCall | null, people: People) {
  const person = (id: string) => people.get(id) ?? { memberId: id, name: 'Former member', role: null };
  return {
    role: rota.role,
    shifts: rota.shifts,
    overrides: rota.overrides,
    now: now ? { primary: person(now.primaryMemberId), backup: now.backupMemberId ? person(now.backupMemberId) : null } : null,
  };
}

const namedOnRota = (rota: OnCallRota, now: OnCall | null) => [
  ...rota.shifts.flatMap((s) => [s.primaryMemberId, s.backupMemberId]),
  ...rota.overrides.flatMap((o) => [o.primaryMemberId, o.backupMemberId]),
  now?.primaryMemberId,
  now?.backupMemberId,
];

/** `GET /api/paging/on-call`: each role's rota of the clinic, in role order, with who is on call now. */
export async function listRotas(ctx: TenantRouteContext, at = new Date()) {
  const { tx, tenant } = ctx;
  const rotas = await clinicRotas(tx, tenant.organizationId, clinicOf(ctx));
  rotas.sort((a, b) => ON_CALL_ROLES.indexOf(a.role) - ON_CALL_ROLES.indexOf(b.role));
  const now = rotas.map((r) => onCallAt(r, tenant.timeZone, at));
  const people = await peopleOf(
    tx,
    tenant.organizationId,
    rotas.flatMap((r, i) => namedOnRota(r, now[i])),
  );
  await ctx.audit('paging.on-call.read', { type: 'on_call_rota' }, { roles: rotas.map((r) => r.role) });
  return rotas.map((r, i) => rotaDto(r, now[i], people));
}

/**
 * `PUT /api/paging/on-call`: replaces the clinic's rota for one role. Every member it names must be
 * an active member of the organization (a 400 naming the first field that is not).
 */
export async function saveRota(ctx: TenantRouteContext, body: OnCallRotaBody, at = new Date()) {
  const { tx, tenant } = ctx;
  const clinicId = clinicOf(ctx);
  const rota: OnCallRota = { role: body.role, shifts: body.shifts, overrides: body.overrides };
  const named = [...new Set(namedOnRota(rota, null).filter((id): id is string => !!id))];
  const active = new Set((await pageableMembers(tx, tenant.organizationId, { memberIds: named })).map((m) => m.memberId));
  const fields = [
    ...rota.shifts.flatMap((s, i) => [
      [`shifts.${i}.primaryMemberId`, s.primaryMemberId] as const,
      [`shifts.${i}.backupMemberId`, s.backupMemberId] as const,
    ]),
    ...rota.overrides.flatMap((o, i) => [
      [`overrides.${i}.primaryMemberId`, o.primaryMemberId] as const,
      [`overrides.${i}.backupMemberId`, o.backupMemberId] as const,
    ]),
  ];
  const unknown = fields.find(([, id]) => id && !active.has(id));
  if (unknown) {
    const message = 'Not an active member of this organization';
    throw new AppError('validation/unknown-member', message, [{ path: unknown[0], message }]);
  }
  await tx
    .insert(onCallRotas)
    .values({
      organizationId: tenant.organizationId,
      id: newId(),
      clinicId,
      role: rota.role,
      shifts: rota.shifts,
      overrides: rota.overrides,
      updatedBy: tenant.member.id,
      updatedAt: at,
    })
    .onConflictDoUpdate({
      target: [onCallRotas.organizationId, onCallRotas.clinicId, onCallRotas.role],
      set: { shifts: rota.shifts, overrides: rota.overrides, updatedBy: tenant.member.id, updatedAt: at },
    });
  await ctx.audit(
    'paging.on-call.updated',
    { type: 'on_call_rota' },
    { role: rota.role, shifts: rota.shifts.length, overrides: rota.overrides.length },
  );
  const now = onCallAt(rota, tenant.timeZone, at);
  return rotaDto(rota, now, await peopleOf(tx, tenant.organizationId, namedOnRota(rota, now)));
}

/** `GET /api/paging/recipients`: the organization's active members but Viewers, each marked when on call now in the clinic. */
export async function pagingRecipients(ctx: TenantRouteContext, at = new Date()) {
  const { tx, tenant } = ctx;
  const rotas = await clinicRotas(tx, tenant.organizationId, clinicOf(ctx));
  const onCall = new Set(
    rotas.flatMap((r) => {
      const now = onCallAt(r, tenant.timeZone, at);
      return now ? [now.primaryMemberId] : [];
    }),
  );
  const members = await pageableMembers(tx, tenant.organizationId, { roles: ON_CALL_ROLES });
  await ctx.audit('paging.recipients.read', { type: 'organization_member' }, { count: members.length });
  return members.map((m) => ({
    memberId: m.memberId,
    name: m.name,
    role: m.role as OnCallRole,
    department: m.department,
    onCallNow: onCall.has(m.memberId),
  }));
}
