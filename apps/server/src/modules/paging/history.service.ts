import { addLocalDays, localDayEnd, localDayStart, OPEN_PAGE_STATUSES, startOfLocalDay, type PageHistoryQuery } from '@clinic/domain';
import { and, count, desc, eq, gte, inArray, lt, notInArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { pageEvents, pages } from '../../db/schema/index.js';
import type { TenantRouteContext } from '../../platform/route/index.js';
import { pageDtos } from './paging.dto.js';
import { clinicOf } from './rotas.service.js';

/**
 * `GET /api/paging/history`: the clinic's pages, newest first, filtered (`recipient=me`: those that
 * reached the caller; a member id: those that reached that member; `open`: still waiting for an
 * answer or not; dates: the clinic's calendar days), a page at a time, with the total. The read is
 * audited with the pages it showed.
 */
export async function pageHistory(ctx: TenantRouteContext, query: PageHistoryQuery) {
  const { tx, tenant } = ctx;
  const conditions: SQL[] = [eq(pages.organizationId, tenant.organizationId), eq(pages.clinicId, clinicOf(ctx))];
  if (query.status) conditions.push(eq(pages.status, query.status));
  if (query.open === 'true') conditions.push(inArray(pages.status, [...OPEN_PAGE_STATUSES]));
  if (query.open === 'false') conditions.push(notInArray(pages.status, [...OPEN_PAGE_STATUSES]));
  if (query.priority) conditions.push(eq(pages.priority, query.priority));
  if (query.recipient) {
    const memberId = query.recipient === 'me' ? tenant.member.id : query.recipient;
    conditions.push(sql`${memberId} = any(${pages.reached})`);
  }
  if (query.from) conditions.push(gte(pages.createdAt, localDayStart(tenant.timeZone, query.from)));
  if (query.to) conditions.push(lt(pages.createdAt, localDayEnd(tenant.timeZone, query.to)));
  const where = and(...conditions);
  const rows = await tx
    .select()
    .from(pages)
    .where(where)
    .orderBy(desc(pages.createdAt), desc(pages.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [{ total }] = await tx.select({ total: count() }).from(pages).where(where);
  const list = await pageDtos(ctx, rows);
  await ctx.audit(
    'page.list',
    { type: 'page' },
    {
      pageIds: rows.map((r) => r.id),
      patientIds: [...new Set(rows.map((r) => r.patientId).filter(Boolean))],
      recipient: query.recipient ?? null,
      status: query.status ?? null,
      open: query.open ?? null,
      page: query.page,
      total,
    },
  );
  return { pages: list, total };
}

/** `GET /api/paging/stats/overview`: the clinic's figures for its local day, and the pages open now. */
export async function pagingStats(ctx: TenantRouteContext, now = new Date()) {
  const { tx, tenant } = ctx;
  const clinicId = clinicOf(ctx);
  const start = startOfLocalDay(tenant.timeZone, now);
  const end = addLocalDays(tenant.timeZone, start, 1);
  const inClinic = and(eq(pages.organizationId, tenant.organizationId), eq(pages.clinicId, clinicId));
  const today = (at: SQLWrapper) => sql`${at} >= ${start.toISOString()}::timestamptz and ${at} < ${end.toISOString()}::timestamptz`;
  const [figures] = await tx
    .select({
      sentToday: sql<number>`count(*) filter (where ${today(pages.createdAt)})::int`,
      openNow: sql<number>`count(*) filter (where ${inArray(pages.status, [...OPEN_PAGE_STATUSES])})::int`,
      acknowledgedToday: sql<number>`count(*) filter (where ${today(pages.acknowledgedAt)})::int`,
      medianAcknowledgeSeconds: sql<
        number | null
      >`(percentile_cont(0.5) within group (order by extract(epoch from ${pages.acknowledgedAt} - ${pages.createdAt}))
        filter (where ${today(pages.acknowledgedAt)}))::float8`,
      routine: sql<number>`count(*) filter (where ${today(pages.createdAt)} and ${pages.priority} = 'routine')::int`,
      urgent: sql<number>`count(*) filter (where ${today(pages.createdAt)} and ${pages.priority} = 'urgent')::int`,
      emergency: sql<number>`count(*) filter (where ${today(pages.createdAt)} and ${pages.priority} = 'emergency')::int`,
    })
    .from(pages)
    .where(inClinic);
  const [escalated] = await tx
    .select({ n: sql<number>`count(distinct ${pageEvents.pageId})::int` })
    .from(pageEvents)
    .innerJoin(pages, and(eq(pages.organizationId, pageEvents.organizationId), eq(pages.id, pageEvents.pageId)))
    .where(and(inClinic, eq(pageEvents.type, 'escalated'), gte(pageEvents.at, start), lt(pageEvents.at, end)));
  const { routine, urgent, emergency, medianAcknowledgeSeconds, ...rest } = figures;
  return {
    ...rest,
    medianAcknowledgeSeconds: medianAcknowledgeSeconds === null ? null : Math.round(Number(medianAcknowledgeSeconds)),
    escalatedToday: escalated.n,
    byPriority: { routine, urgent, emergency },
  };
}
