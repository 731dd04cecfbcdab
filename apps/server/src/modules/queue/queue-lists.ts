import {
  OPEN_QUEUE_STATUSES,
  compareQueueOrder,
  computeQueueStats,
  isOpenQueueStatus,
  publicBoard,
  publicBoardEntryDto,
  type QueueStatsEntry,
  type QueueStatus,
} from '@clinic/domain';
import { and, asc, eq, gte, inArray, not, or, sql } from 'drizzle-orm';
import { queueEntries } from '../../db/schema/index.js';
import type { PublicRouteContext, TenantRouteContext, TenantTx } from '../../platform/route/index.js';
import { prepared } from '../../platform/route/index.js';
import { activeDoctors, memberNames } from '../members/index.js';
import { queueEntryView, toQueueEntryDto, type QueueEntryView } from './queue-entries.js';
import { queueSummaryView, summaryEntry, type QueueSummaryRow } from './queue-summary.js';
import type { QueueReader } from './queue.service.js';

/** How far back the stats' guideline compliance reads the entries whose care started. */
const COMPLIANCE_WINDOW_MS = 24 * 3600_000;

/**
 * Which entries a queue's reads take, of the clinic (or of the organization without one): the open
 * entries (waiting and in progress), the closed entries whose care started since `since` (for the
 * stats' compliance), or both. Each read is one statement of only the columns it uses, oldest
 * check-in first.
 */
type QueueRows = 'open' | 'closedStarted' | 'both';
const queueRows = (byClinic: boolean, rows: QueueRows) => {
  const open = inArray(queueEntries.status, [...OPEN_QUEUE_STATUSES]);
  const startedSince = gte(queueEntries.startedAt, sql.placeholder('since'));
  return and(
    eq(queueEntries.organizationId, sql.placeholder('organizationId')),
    byClinic ? eq(queueEntries.clinicId, sql.placeholder('clinicId')) : undefined,
    rows === 'open' ? open : rows === 'closedStarted' ? and(not(open), startedSince) : or(open, startedSince),
  );
};
const queueOrder = [asc(queueEntries.createdAt), asc(queueEntries.id)];

const fullStatement = (tx: TenantTx, byClinic: boolean) =>
  tx
    .select(queueEntryView)
    .from(queueEntries)
    .where(queueRows(byClinic, 'open'))
    .orderBy(...queueOrder);
const summaryStatement = (tx: TenantTx, byClinic: boolean, rows: QueueRows) =>
  tx
    .select(queueSummaryView)
    .from(queueEntries)
    .where(queueRows(byClinic, rows))
    .orderBy(...queueOrder);

/** A queue as of `now`: its open entries, and the closed ones whose care started in the compliance window. */
interface QueueState<R> {
  open: R[];
  closedStarted: R[];
}

const windowStart = (now: Date) => new Date(now.getTime() - COMPLIANCE_WINDOW_MS);

/**
 * The queue as the waiting room reads it: the open entries with every column its staff see, the
 * closed ones of the compliance window with only what the stats count.
 */
async function queueState(tx: TenantTx, tenant: QueueReader['tenant'], now: Date) {
  const { organizationId, clinicId } = tenant;
  const values = { organizationId, clinicId, since: windowStart(now) };
  const openRows = clinicId
    ? prepared(tx, 'queue_open_clinic', (t) => fullStatement(t, true))
    : prepared(tx, 'queue_open_organization', (t) => fullStatement(t, false));
  const closedRows = clinicId
    ? prepared(tx, 'queue_closed_started_clinic', (t) => summaryStatement(t, true, 'closedStarted'))
    : prepared(tx, 'queue_closed_started_organization', (t) => summaryStatement(t, false, 'closedStarted'));
  const open = await openRows.execute(values);
  return { open, closedStarted: await closedRows.execute(values) };
}

/** The queue with only what the stats and the public board read ({@link queueSummaryView}). */
async function queueSummary(tx: TenantTx, tenant: QueueReader['tenant'], now: Date): Promise<QueueState<QueueSummaryRow>> {
  const { organizationId, clinicId } = tenant;
  const statement = clinicId
    ? prepared(tx, 'queue_summary_clinic', (t) => summaryStatement(t, true, 'both'))
    : prepared(tx, 'queue_summary_organization', (t) => summaryStatement(t, false, 'both'));
  const state: QueueState<QueueSummaryRow> = { open: [], closedStarted: [] };
  for (const row of await statement.execute({ organizationId, clinicId, since: windowStart(now) })) {
    (isOpenQueueStatus(row.status as QueueStatus) ? state.open : state.closedStarted).push(row);
  }
  return state;
}

/**
 * The spec's Queue stats: the open entries (`open`, with who started each, and `derived` in the same
 * order) and, for compliance, the closed entries whose care started in the last 24 hours.
 */
async function statsOf(
  tx: TenantTx,
  organizationId: string,
  open: ReadonlyArray<{ status: string; startedBy: string | null }>,
  derived: QueueStatsEntry[],
  closedStarted: QueueStatsEntry[],
) {
  const busy = new Set(open.filter((e) => e.status === 'in-progress' && e.startedBy).map((e) => e.startedBy as string));
  const doctorsAvailable = (await activeDoctors(tx, organizationId)).filter((d) => !busy.has(d.userId)).length;
  return computeQueueStats([...derived, ...closedStarted], { doctorsAvailable });
}

/** The spec's Queue stats of the request's clinic, as of `now`, from the stored risk scores. */
export async function queueStats({ tx, tenant }: QueueReader, now = new Date()) {
  const { open, closedStarted } = await queueSummary(tx, tenant, now);
  const summarize = (r: QueueSummaryRow) => summaryEntry(r, now);
  return statsOf(tx, tenant.organizationId, open, open.map(summarize), closedStarted.map(summarize));
}

/** The waiting room of the request's clinic: open entries by clinical priority, and the stats. */
export async function waitingRoom(ctx: TenantRouteContext, now = new Date()) {
  const { tx, tenant } = ctx;
  const state = await queueState(tx, tenant, now);
  const { open } = state;
  const names = await memberNames(
    tx,
    tenant.organizationId,
    open.map((r) => r.assignedTo),
    'member',
  );
  const named = (r: QueueEntryView) => (r.assignedTo ? (names.get(r.assignedTo) ?? r.assignedTo) : null);
  const entries = open.map((r) => toQueueEntryDto(r, now, named(r)));
  const closed = state.closedStarted.map((r) => summaryEntry(r, now));
  const stats = await statsOf(tx, tenant.organizationId, open, entries, closed);
  // ctx.audit adds the request's clinic as details.clinicId.
  await ctx.audit('queue.read', { type: 'queue_entry' }, { entries: open.map((r) => r.id), patients: open.map((r) => r.patientId) });
  return { patients: entries.sort(compareQueueOrder), stats };
}

/**
 * The de-identified board of the public route's clinic: queue number, initials, urgency, wait and
 * status only, each line passed through the public contract so nothing else can leave.
 */
export async function publicBoardOf({ tx, tenant }: PublicRouteContext, now = new Date()) {
  const { open, closedStarted } = await queueSummary(tx, tenant, now);
  const summarize = (r: QueueSummaryRow) => summaryEntry(r, now);
  const derived = open.map(summarize);
  const lines = publicBoard(open.map((r, i) => ({ ...derived[i], queueNumber: r.queueNumber, patientName: `${r.firstName} ${r.lastName}` }))).map(
    (l) => publicBoardEntryDto.parse(l),
  );
  const stats = await statsOf(tx, tenant.organizationId, open, derived, closedStarted.map(summarize));
  return { patients: lines, stats };
}
