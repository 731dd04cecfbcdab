import { documentKey, nameKey, visitorStatusAt, type VisitorListQuery, type VisitorStatus } from '@clinic/domain';
import { and, desc, eq, gt, isNotNull, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import { visitorBadges, visitors, visitorWatchList, type VisitorRow } from '../../db/schema/index.js';
import { newId } from '../../platform/crypto.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { TenantRouteContext, TenantTx } from '../../platform/route/index.js';
import { badgeStatusOf, toBadgeDto, toVisitHistoryEntry, toVisitorDto } from './visitors.dto.js';

/** Earlier visits listed in a visitor's detail. */
const HISTORY_SHOWN = 20;

/** The SQL of each status at `now`: the same conditions as `visitorStatusAt`. */
export function statusCondition(status: VisitorStatus, now: Date): SQL {
  switch (status) {
    case 'Restricted':
      return isNotNull(visitors.restrictedAt);
    case 'Checked Out':
      return and(isNull(visitors.restrictedAt), isNotNull(visitors.checkOutTime))!;
    case 'Expired':
      return and(isNull(visitors.restrictedAt), isNull(visitors.checkOutTime), lte(visitors.validUntil, now))!;
    case 'Checked In':
      return and(isNull(visitors.restrictedAt), isNull(visitors.checkOutTime), gt(visitors.validUntil, now))!;
  }
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** First or last name (or both), badge number or patient name containing the search, case aside. */
function searchCondition(search: string): SQL {
  const pattern = `%${escapeLike(search.toLowerCase())}%`;
  return sql`(lower(${visitors.firstName}) like ${pattern} or lower(${visitors.lastName}) like ${pattern}
    or lower(${visitors.firstName} || ' ' || ${visitors.lastName}) like ${pattern}
    or lower(${visitors.badgeNumber}) like ${pattern} or lower(${visitors.patientName}) like ${pattern})`;
}

/**
 * The console's list: newest check-in first, filtered by search and status, a page at a time,
 * with the total. The read is audited with the visits it showed.
 */
export async function listVisitors(ctx: TenantRouteContext, query: VisitorListQuery, now = new Date()) {
  const { tx, tenant } = ctx;
  const conditions: SQL[] = [eq(visitors.organizationId, tenant.organizationId)];
  if (query.search) conditions.push(searchCondition(query.search));
  if (query.status !== 'All') conditions.push(statusCondition(query.status, now));
  const where = and(...conditions);
  const rows = await tx
    .select()
    .from(visitors)
    .where(where)
    .orderBy(desc(visitors.checkInTime), desc(visitors.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [{ n: total }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(visitors)
    .where(where);
  await ctx.audit(
    'visitor.list',
    { type: 'visitor' },
    { visitorIds: rows.map((r) => r.id), search: query.search ?? null, status: query.status, page: query.page, total },
  );
  return { visitors: rows.map((r) => toVisitorDto(r, now)), total };
}

/** One visit of the organization, or a 404 (another organization's id is unknown here). */
async function visitOf(tx: TenantTx, organizationId: string, id: string, lock = false): Promise<VisitorRow> {
  const query = tx
    .select()
    .from(visitors)
    .where(and(eq(visitors.organizationId, organizationId), eq(visitors.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Visitor');
  return row;
}

/** Earlier and later visits of the same person: same phone number and name, this one left out. */
async function historyOf(tx: TenantTx, visit: VisitorRow, now: Date) {
  const rows = await tx
    .select()
    .from(visitors)
    .where(
      and(
        eq(visitors.organizationId, visit.organizationId),
        eq(visitors.phoneDigits, visit.phoneDigits),
        ne(visitors.id, visit.id),
        sql`lower(${visitors.lastName}) = ${visit.lastName.toLowerCase()}`,
      ),
    )
    .orderBy(desc(visitors.checkInTime))
    .limit(HISTORY_SHOWN);
  return rows.map((r) => toVisitHistoryEntry(r, now));
}

/** A visitor's detail with the person's visit history; audited. */
export async function getVisitor(ctx: TenantRouteContext, id: string, now = new Date()) {
  const visit = await visitOf(ctx.tx, ctx.tenant.organizationId, id);
  const history = await historyOf(ctx.tx, visit, now);
  await ctx.audit('visitor.read', { type: 'visitor', id }, { patientId: visit.patientId });
  return toVisitorDto(visit, now, history);
}

/**
 * Checks a visitor out: only while Checked In or Expired (an expired badge still has a person in
 * the building until they leave). The optional rating feeds the satisfaction figure.
 */
export async function checkOutVisitor(ctx: TenantRouteContext, id: string, rating: number | undefined, now = new Date()) {
  const { tx, tenant } = ctx;
  const visit = await visitOf(tx, tenant.organizationId, id, true);
  if (visit.checkOutTime || visit.restrictedAt) {
    throw new AppError('conflict/visitor-not-checked-in', 'This visitor is not checked in.');
  }
  const [updated] = await tx
    .update(visitors)
    .set({ checkOutTime: now, checkedOutBy: ctx.actor.userId, rating: rating ?? null })
    .where(and(eq(visitors.organizationId, tenant.organizationId), eq(visitors.id, id)))
    .returning();
  await ctx.audit(
    'visitor.checked-out',
    { type: 'visitor', id },
    { patientId: visit.patientId, badgeNumber: visit.badgeNumber, rating: rating ?? null },
  );
  await ctx.emit('visitors.updated', id);
  return toVisitorDto(updated, now);
}

/**
 * Restricts a visitor: the visit becomes Restricted (checked out now if still in; the badge no
 * longer admits) and the person goes on the watch list by name with their phone and ID number, so
 * the kiosk refuses them from now on.
 */
export async function restrictVisitor(ctx: TenantRouteContext, id: string, reason: string, now = new Date()) {
  const { tx, tenant } = ctx;
  const visit = await visitOf(tx, tenant.organizationId, id, true);
  if (visit.restrictedAt) throw new AppError('conflict/visitor-restricted', 'This visitor is already restricted.');
  const [updated] = await tx
    .update(visitors)
    .set({ restrictedAt: now, checkOutTime: visit.checkOutTime ?? now, checkedOutBy: visit.checkedOutBy ?? ctx.actor.userId })
    .where(and(eq(visitors.organizationId, tenant.organizationId), eq(visitors.id, id)))
    .returning();
  const entryId = newId();
  await tx.insert(visitorWatchList).values({
    organizationId: tenant.organizationId,
    id: entryId,
    firstName: visit.firstName,
    lastName: visit.lastName,
    nameKey: nameKey(`${visit.firstName} ${visit.lastName}`),
    phoneDigits: visit.phoneDigits || null,
    documentKey: documentKey(visit.idDocumentNumber) || null,
    reason,
    visitorId: id,
    createdBy: ctx.actor.userId,
  });
  await ctx.audit('visitor.restricted', { type: 'visitor', id }, { reason, watchListEntryId: entryId });
  await ctx.emit('visitors.updated', id);
  return toVisitorDto(updated, now);
}

/**
 * Lifts a restriction: the visit reads Checked Out again and the watch-list entries made from it
 * are lifted, with the reason.
 */
export async function unrestrictVisitor(ctx: TenantRouteContext, id: string, reason: string, now = new Date()) {
  const { tx, tenant } = ctx;
  const visit = await visitOf(tx, tenant.organizationId, id, true);
  if (!visit.restrictedAt) throw new AppError('conflict/visitor-not-restricted', 'This visitor is not restricted.');
  const [updated] = await tx
    .update(visitors)
    .set({ restrictedAt: null })
    .where(and(eq(visitors.organizationId, tenant.organizationId), eq(visitors.id, id)))
    .returning();
  const lifted = await tx
    .update(visitorWatchList)
    .set({ liftedAt: now, liftedBy: ctx.actor.userId, liftReason: reason })
    .where(and(eq(visitorWatchList.organizationId, tenant.organizationId), eq(visitorWatchList.visitorId, id), isNull(visitorWatchList.liftedAt)))
    .returning({ id: visitorWatchList.id });
  await ctx.audit('visitor.unrestricted', { type: 'visitor', id }, { reason, watchListEntryIds: lifted.map((e) => e.id) });
  await ctx.emit('visitors.updated', id);
  return toVisitorDto(updated, now);
}

/**
 * Verifies a badge by its number: the organization's latest badge of that number, its status at
 * `now` and the visitor. An unknown number (or another organization's) is a 404. Audited.
 */
export async function verifyBadge(ctx: TenantRouteContext, badgeNumber: string, now = new Date()) {
  const { tx, tenant } = ctx;
  const [found] = await tx
    .select({ badge: visitorBadges, visit: visitors })
    .from(visitorBadges)
    .innerJoin(visitors, and(eq(visitors.organizationId, visitorBadges.organizationId), eq(visitors.id, visitorBadges.visitorId)))
    .where(and(eq(visitorBadges.organizationId, tenant.organizationId), eq(visitorBadges.badgeNumber, badgeNumber)))
    .orderBy(desc(visitorBadges.issuedAt))
    .limit(1);
  if (!found) throw notFound('Badge');
  const status = badgeStatusOf(found.visit, found.badge, now);
  await ctx.audit('visitor.badge-verified', { type: 'visitor', id: found.visit.id }, { badgeNumber, status });
  return { valid: status === 'valid', status, visitor: toVisitorDto(found.visit, now) };
}

/** The visit's badge: the latest issued to it (locked for a change), or a 404. */
async function badgeOf(tx: TenantTx, organizationId: string, visitorId: string) {
  const [badge] = await tx
    .select()
    .from(visitorBadges)
    .where(and(eq(visitorBadges.organizationId, organizationId), eq(visitorBadges.visitorId, visitorId)))
    .orderBy(desc(visitorBadges.issuedAt))
    .limit(1)
    .for('update');
  if (!badge) throw notFound('Badge');
  return badge;
}

/**
 * Reprints a visitor's badge (lost or damaged): the same number and valid-until, marked printed,
 * for the console to print again. Only a badge that still admits (valid) may be reprinted. Audited.
 */
export async function reprintBadge(ctx: TenantRouteContext, id: string, now = new Date()) {
  const { tx, tenant } = ctx;
  const visit = await visitOf(tx, tenant.organizationId, id, true);
  const badge = await badgeOf(tx, tenant.organizationId, id);
  const status = badgeStatusOf(visit, badge, now);
  if (status !== 'valid') throw new AppError('conflict/badge-not-valid', `This badge is ${status}: only a valid badge can be reprinted.`);
  const [printed] = await tx
    .update(visitorBadges)
    .set({ printed: true })
    .where(and(eq(visitorBadges.organizationId, tenant.organizationId), eq(visitorBadges.id, badge.id)))
    .returning();
  await ctx.audit('visitor.badge-reprinted', { type: 'visitor', id }, { badgeNumber: badge.badgeNumber });
  await ctx.emit('visitors.updated', id);
  return { visitor: toVisitorDto(visit, now), badge: toBadgeDto(printed) };
}

/**
 * Revokes a visitor's badge: it no longer admits anyone (verification reads checked-out), and a
 * visit still open (Checked In or Expired) is checked out now, so lists, counts and the per-patient
 * limit agree with the badge. Audited with the reason.
 */
export async function revokeBadge(ctx: TenantRouteContext, id: string, reason: string, now = new Date()) {
  const { tx, tenant } = ctx;
  const visit = await visitOf(tx, tenant.organizationId, id, true);
  const badge = await badgeOf(tx, tenant.organizationId, id);
  if (badge.revokedAt) throw new AppError('conflict/badge-revoked', 'This badge is already revoked.');
  const open = visitorStatusAt(visit, now) === 'Checked In' || visitorStatusAt(visit, now) === 'Expired';
  if (!open) throw new AppError('conflict/visitor-not-checked-in', 'This visitor is not checked in.');
  const [revoked] = await tx
    .update(visitorBadges)
    .set({ revokedAt: now })
    .where(and(eq(visitorBadges.organizationId, tenant.organizationId), eq(visitorBadges.id, badge.id)))
    .returning();
  const [updated] = await tx
    .update(visitors)
    .set({ checkOutTime: now, checkedOutBy: ctx.actor.userId })
    .where(and(eq(visitors.organizationId, tenant.organizationId), eq(visitors.id, id)))
    .returning();
  await ctx.audit('visitor.badge-revoked', { type: 'visitor', id }, { badgeNumber: badge.badgeNumber, reason, patientId: visit.patientId });
  await ctx.emit('visitors.updated', id);
  return { visitor: toVisitorDto(updated, now), badge: toBadgeDto(revoked) };
}
