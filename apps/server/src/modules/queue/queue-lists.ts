import {
  OPEN_QUEUE_STATUSES,
  compareQueueOrder,
  computeQueueStats,
  isOpenQueueStatus,
  publicBoard,
  publicBoardEntryDto,
  type QueueStatus,
} from '@clinic/domain';
import { and, asc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import { queueEntries } from '../../db/schema/index.js';
import type { PublicRouteContext, TenantRouteContext, TenantTx } from '../../platform/route/index.js';
import { prepared } from '../../platform/route/index.js';
import { activeDoctors, memberNames } from '../members/index.js';
import { deriveEntry, queueEntryView, toQueueEntryDto, type QueueEntryView } from './queue-entries.js';
import type { QueueReader } from './queue.service.js';

/** How far back the stats' guideline compliance reads the entries whose care started. */
const COMPLIANCE_WINDOW_MS = 24 * 3600_000;

/**
 * The statement of a queue's reads: the open entries (waiting and in progress) of the clinic, or of
 * the organization without one, and the entries whose care started since `since` (for the stats'
 * compliance), in one statement, only the columns the reads use, oldest check-in first.
 */
function queueReadStatement(tx: TenantTx, byClinic: boolean) {
  return tx
    .select(queueEntryView)
    .from(queueEntries)
    .where(
      and(
        eq(queueEntries.organizationId, sql.placeholder('organizationId')),
        byClinic ? eq(queueEntries.clinicId, sql.placeholder('clinicId')) : undefined,
        or(inArray(queueEntries.status, [...OPEN_QUEUE_STATUSES]), gte(queueEntries.startedAt, sql.placeholder('since'))),
      ),
    )
    .orderBy(asc(queueEntries.createdAt), asc(queueEntries.id));
}

/** A queue as of `now`: its open entries, and the closed ones whose care started in the compliance window. */
interface QueueState {
  open: QueueEntryView[];
  closedStarted: QueueEntryView[];
}

async function queueState(tx: TenantTx, tenant: QueueReader['tenant'], now: Date): Promise<QueueState> {
  const { organizationId, clinicId } = tenant;
  const statement = clinicId
    ? prepared(tx, 'queue_state_clinic', (t) => queueReadStatement(t, true))
    : prepared(tx, 'queue_state_organization', (t) => queueReadStatement(t, false));
  const rows = await statement.execute({ organizationId, clinicId, since: new Date(now.getTime() - COMPLIANCE_WINDOW_MS) });
  const state: QueueState = { open: [], closedStarted: [] };
  for (const row of rows) (isOpenQueueStatus(row.status as QueueStatus) ? state.open : state.closedStarted).push(row);
  return state;
}

/** What the stats read of an entry: its derived fields with status and start of care. */
type StatsEntry = Parameters<typeof computeQueueStats>[0][number];

const statsEntry = (row: QueueEntryView, now: Date): StatsEntry => ({
  ...deriveEntry(row, now),
  status: row.status as QueueStatus,
  startedAt: row.startedAt,
});

/**
 * The spec's Queue stats as of `now`: the open entries (`derived`, in the order of `state.open`)
 * and, for compliance, the closed entries whose care started in the last 24 hours.
 */
async function statsOf(tx: TenantTx, organizationId: string, state: QueueState, derived: StatsEntry[], now: Date) {
  const busy = new Set(state.open.filter((e) => e.status === 'in-progress' && e.startedBy).map((e) => e.startedBy as string));
  const doctorsAvailable = (await activeDoctors(tx, organizationId)).filter((d) => !busy.has(d.userId)).length;
  return computeQueueStats([...derived, ...state.closedStarted.map((r) => statsEntry(r, now))], { doctorsAvailable });
}

/** The spec's Queue stats of the request's clinic, as of `now`. */
export async function queueStats({ tx, tenant }: QueueReader, now = new Date()) {
  const state = await queueState(tx, tenant, now);
  return statsOf(
    tx,
    tenant.organizationId,
    state,
    state.open.map((r) => statsEntry(r, now)),
    now,
  );
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
  const stats = await statsOf(tx, tenant.organizationId, state, entries, now);
  // ctx.audit adds the request's clinic as details.clinicId.
  await ctx.audit('queue.read', { type: 'queue_entry' }, { entries: open.map((r) => r.id), patients: open.map((r) => r.patientId) });
  return { patients: entries.sort(compareQueueOrder), stats };
}

/**
 * The de-identified board of the public route's clinic: queue number, initials, urgency, wait and
 * status only, each line passed through the public contract so nothing else can leave.
 */
export async function publicBoardOf({ tx, tenant }: PublicRouteContext, now = new Date()) {
  const state = await queueState(tx, tenant, now);
  const derived = state.open.map((r) => statsEntry(r, now));
  const lines = publicBoard(
    state.open.map((r, i) => ({ ...derived[i], queueNumber: r.queueNumber, patientName: `${r.firstName} ${r.lastName}` })),
  ).map((l) => publicBoardEntryDto.parse(l));
  const stats = await statsOf(tx, tenant.organizationId, state, derived, now);
  return { patients: lines, stats };
}
