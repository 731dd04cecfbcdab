import { OPEN_QUEUE_STATUSES, computeQueueStats, publicBoard, publicBoardEntryDto, type StartedTally } from '@clinic/domain';
import { and, asc, eq, gte, inArray, not, sql, type Placeholder } from 'drizzle-orm';
import { queueEntries } from '../../db/schema/index.js';
import type { PublicRouteContext, TenantRouteContext, TenantTx } from '../../platform/route/index.js';
import { finalRead, prepared } from '../../platform/route/index.js';
import { activeDoctors, memberNames } from '../members/index.js';
import { queueEntryView, type QueueEntryView } from './queue-entries.js';
import { queueEntriesJson } from './queue-entries-json.js';
import { complianceTally, queueSummaryView, summaryEntry, type QueueSummaryRow } from './queue-summary.js';
import type { QueueReader } from './queue.service.js';

/** How far back the stats' guideline compliance reads the entries whose care started. */
const COMPLIANCE_WINDOW_MS = 24 * 3600_000;

/**
 * Which entries a queue's reads take, of the clinic (or of the organization without one): the open
 * entries (waiting and in progress), or the closed entries whose care started since `since` (for
 * the stats' compliance). Each read is one statement of only the columns it uses, oldest check-in
 * first.
 */
type QueueRows = 'open' | 'closedStarted';
/** The values a read is bound to (the prepared statements' placeholders, or the values themselves); no clinic: the organization's. */
interface RowValues {
  organizationId: string | Placeholder;
  clinicId?: string | Placeholder;
  since: Date | Placeholder;
}
const placeholders = (byClinic: boolean): RowValues => ({
  organizationId: sql.placeholder('organizationId'),
  clinicId: byClinic ? sql.placeholder('clinicId') : undefined,
  since: sql.placeholder('since'),
});
const queueRows = (values: RowValues, rows: QueueRows) => {
  const open = inArray(queueEntries.status, [...OPEN_QUEUE_STATUSES]);
  return and(
    eq(queueEntries.organizationId, values.organizationId),
    values.clinicId === undefined ? undefined : eq(queueEntries.clinicId, values.clinicId),
    rows === 'open' ? open : and(not(open), gte(queueEntries.startedAt, values.since)),
  );
};
const queueOrder = [asc(queueEntries.createdAt), asc(queueEntries.id)];

const fullStatement = (tx: TenantTx, byClinic: boolean) =>
  tx
    .select(queueEntryView)
    .from(queueEntries)
    .where(queueRows(placeholders(byClinic), 'open'))
    .orderBy(...queueOrder);
const summaryStatement = (tx: TenantTx, byClinic: boolean) =>
  tx
    .select(queueSummaryView)
    .from(queueEntries)
    .where(queueRows(placeholders(byClinic), 'open'))
    .orderBy(...queueOrder);
const complianceStatement = (tx: TenantTx, values: RowValues) =>
  tx.select(complianceTally).from(queueEntries).where(queueRows(values, 'closedStarted'));

/** The compliance count of the closed entries whose care started since `since`, bound to its values (for reading its plan). */
export const complianceQuery = (tx: TenantTx, { organizationId, clinicId }: QueueReader['tenant'], since: Date) =>
  complianceStatement(tx, { organizationId, clinicId: clinicId ?? undefined, since });

const windowStart = (now: Date) => new Date(now.getTime() - COMPLIANCE_WINDOW_MS);

/**
 * The closed entries whose care started in the compliance window, counted for compliance: the
 * request's last read, sent with the rows deferred so far (its audit row) and the COMMIT in one
 * round trip (`finalRead`). Nothing may run in `tx` after it.
 */
async function closedStartedLast(tx: TenantTx, tenant: QueueReader['tenant'], now: Date): Promise<StartedTally> {
  const { organizationId, clinicId } = tenant;
  const [tally] = await finalRead(
    tx,
    clinicId ? 'queue_compliance_clinic' : 'queue_compliance_organization',
    (t) => complianceStatement(t, placeholders(!!clinicId)),
    { organizationId, clinicId, since: windowStart(now) },
    'always',
  );
  return tally;
}

/** The open entries with every column the waiting room's staff see. */
async function openEntries(tx: TenantTx, { organizationId, clinicId }: QueueReader['tenant']) {
  const statement = clinicId
    ? prepared(tx, 'queue_open_clinic', (t) => fullStatement(t, true))
    : prepared(tx, 'queue_open_organization', (t) => fullStatement(t, false));
  return statement.execute({ organizationId, clinicId });
}

/** The open entries with only what the stats and the public board read ({@link queueSummaryView}). */
async function openSummary(tx: TenantTx, { organizationId, clinicId }: QueueReader['tenant']): Promise<QueueSummaryRow[]> {
  const statement = clinicId
    ? prepared(tx, 'queue_summary_clinic', (t) => summaryStatement(t, true))
    : prepared(tx, 'queue_summary_organization', (t) => summaryStatement(t, false));
  return statement.execute({ organizationId, clinicId });
}

/** The clinic's active doctors who are not caring for one of the open entries (`open`, with who started each). */
async function doctorsAvailable(tx: TenantTx, organizationId: string, open: ReadonlyArray<{ status: string; startedBy: string | null }>) {
  const busy = new Set(open.filter((e) => e.status === 'in-progress' && e.startedBy).map((e) => e.startedBy as string));
  return (await activeDoctors(tx, organizationId)).filter((d) => !busy.has(d.userId)).length;
}

/**
 * The spec's Queue stats of the request's clinic, as of `now`, from the stored risk scores: the
 * open entries and, for compliance, the closed entries whose care started in the last 24 hours.
 */
export async function queueStats({ tx, tenant }: QueueReader, now = new Date()) {
  const open = await openSummary(tx, tenant);
  const available = await doctorsAvailable(tx, tenant.organizationId, open);
  const closed = await closedStartedLast(tx, tenant, now);
  return computeQueueStats(
    open.map((r) => summaryEntry(r, now)),
    { doctorsAvailable: available, closedStarted: closed },
  );
}

/**
 * The waiting room of the request's clinic: open entries by clinical priority, as the JSON text of
 * the reply's list (`queueEntriesJson`), and the stats. The read is audited; the audit row goes
 * with the compliance count and the COMMIT.
 */
export async function waitingRoom(ctx: TenantRouteContext, now = new Date()) {
  const { tx, tenant } = ctx;
  const open = await openEntries(tx, tenant);
  const names = await memberNames(
    tx,
    tenant.organizationId,
    open.map((r) => r.assignedTo),
    'member',
  );
  const named = (r: QueueEntryView) => (r.assignedTo ? (names.get(r.assignedTo) ?? r.assignedTo) : null);
  const entries = queueEntriesJson(open, now, named);
  const available = await doctorsAvailable(tx, tenant.organizationId, open);
  // ctx.audit adds the request's clinic as details.clinicId.
  await ctx.audit('queue.read', { type: 'queue_entry' }, { entries: open.map((r) => r.id), patients: open.map((r) => r.patientId) });
  const closed = await closedStartedLast(tx, tenant, now);
  return { patientsJson: entries.json, stats: computeQueueStats(entries.stats, { doctorsAvailable: available, closedStarted: closed }) };
}

/**
 * The de-identified board of the public route's clinic: queue number, initials, urgency, wait and
 * status only, each line passed through the public contract so nothing else can leave.
 */
export async function publicBoardOf({ tx, tenant }: PublicRouteContext, now = new Date()) {
  const open = await openSummary(tx, tenant);
  const derived = open.map((r) => summaryEntry(r, now));
  const lines = publicBoard(open.map((r, i) => ({ ...derived[i], queueNumber: r.queueNumber, patientName: `${r.firstName} ${r.lastName}` }))).map(
    (l) => publicBoardEntryDto.parse(l),
  );
  const available = await doctorsAvailable(tx, tenant.organizationId, open);
  const closed = await closedStartedLast(tx, tenant, now);
  return { patients: lines, stats: computeQueueStats(derived, { doctorsAvailable: available, closedStarted: closed }) };
}
