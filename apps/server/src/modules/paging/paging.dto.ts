import { ROLES, type PageDto, type PageEventDto, type PagePriority, type PageStatus, type Role } from '@clinic/domain';
import type { pageEvents, pages } from '../../db/schema/index.js';
import type { TenantRouteContext, TenantTx } from '../../platform/route/index.js';
import { pageableMembers } from '../members/index.js';
import { patientNames } from '../patients/index.js';

export type PageRow = typeof pages.$inferSelect;
export type PageEventRow = typeof pageEvents.$inferSelect;

/** A member as a page names them; a member who left keeps their name, with no role. */
export interface Person {
  memberId: string;
  name: string;
  role: Role | null;
}
export type People = Map<string, Person>;

const roleOf = (role: string): Role | null => ((ROLES as readonly string[]).includes(role) ? (role as Role) : null);

/** The members `ids` name (whatever their status), by member id. */
export async function peopleOf(tx: TenantTx, organizationId: string, ids: Iterable<string | null | undefined>): Promise<People> {
  const wanted = [...new Set([...ids].filter((id): id is string => !!id))];
  const members = await pageableMembers(tx, organizationId, { memberIds: wanted, anyStatus: true });
  return new Map(members.map((m) => [m.memberId, { memberId: m.memberId, name: m.name, role: m.status === 'active' ? roleOf(m.role) : null }]));
}

const personOf = (people: People, id: string): Person => people.get(id) ?? { memberId: id, name: 'Former member', role: null };
const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** Every member a page and its events name. */
export const namedIn = (rows: readonly PageRow[], events: readonly PageEventRow[] = []) =>
  rows.flatMap((r) => [r.senderMemberId, r.recipientMemberId, r.acknowledgedBy, r.cancelledBy]).concat(events.map((e) => e.memberId));

/** The page as its contract shows it; the patient's name only when `patients` holds it (the caller may read patients). */
export function toPageDto(row: PageRow, people: People, patients: Map<string, string> | null): PageDto {
  return {
    id: row.id,
    status: row.status as PageStatus,
    priority: row.priority as PagePriority,
    message: row.message,
    sender: row.senderMemberId ? personOf(people, row.senderMemberId) : null,
    recipient: personOf(people, row.recipientMemberId),
    onCallRole: row.onCallRole as PageDto['onCallRole'],
    patient: row.patientId ? { id: row.patientId, name: patients?.get(row.patientId) ?? null } : null,
    queueEntryId: row.queueEntryId,
    alertId: row.alertId,
    callbackNumber: row.callbackNumber,
    automatic: row.automatic,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: iso(row.deliveredAt),
    acknowledgedAt: iso(row.acknowledgedAt),
    acknowledgedBy: row.acknowledgedBy ? personOf(people, row.acknowledgedBy) : null,
    escalatedAt: iso(row.escalatedAt),
    cancelledAt: iso(row.cancelledAt),
    cancelReason: row.cancelReason,
    escalationLevel: row.escalationLevel,
  };
}

export function toPageEventDto(row: PageEventRow, people: People): PageEventDto {
  return {
    type: row.type as PageEventDto['type'],
    at: row.at.toISOString(),
    member: row.memberId ? personOf(people, row.memberId) : null,
    channel: row.channel as PageEventDto['channel'],
    detail: row.detail,
  };
}

/** The patients' names the caller may see for these pages: none without the patients permission. */
export async function visiblePatientNames(ctx: TenantRouteContext, rows: readonly PageRow[]): Promise<Map<string, string> | null> {
  if (!ctx.tenant.member.permissions.canManagePatients) return null;
  const ids = rows.map((r) => r.patientId).filter((id): id is string => !!id);
  return patientNames(ctx.tx, ctx.tenant.organizationId, ids);
}

/** The pages as the caller sees them, with the members and patients they name. */
export async function pageDtos(ctx: TenantRouteContext, rows: readonly PageRow[]): Promise<PageDto[]> {
  const people = await peopleOf(ctx.tx, ctx.tenant.organizationId, namedIn(rows));
  const patients = await visiblePatientNames(ctx, rows);
  return rows.map((r) => toPageDto(r, people, patients));
}
