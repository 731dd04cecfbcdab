import {
  describeActivity,
  isActivityAction,
  seesActivityDetails,
  timeAgo,
  type ActivityItemDto,
  type ActivityQuery,
  type ActivitySubject,
} from '@clinic/domain';
import { activityCountQuery, activityPageQuery } from '../../platform/audit-readers.js';
import type { TenantRouteContext, TenantTx } from '../../platform/route/index.js';
import { memberNames } from '../members/index.js';
import { patientNames } from '../patients/index.js';
import { queueEntrySubjects } from '../queue/index.js';
import { visitorNames } from '../visitors/index.js';

/**
 * The Recent Activity panel (platform-core, Dashboard), read from the audit trail: every action a
 * route takes is audited in its own transaction, so the trail is the organization's real history,
 * and nothing rolled back is in it. Only the actions `rules/activity.ts` lists are activity (never
 * a read); the rule also decides what each member may read of them.
 */

// The activity rows are the platform's audit trail, read through its readers (the test explains their plans).
export { activityCountQuery, activityPageQuery, type ActivityScope } from '../../platform/audit-readers.js';

type ActivityRow = Awaited<ReturnType<typeof activityPageQuery>>[number];
/** A looked-up subject, and the patient it is about (for the audit of the read). */
type Subject = ActivitySubject & { patientId?: string | null };
/** Finds the subjects of one entity type, by entity id. */
type SubjectLookup = (tx: TenantTx, organizationId: string, ids: string[]) => Promise<Map<string, Subject>>;

/** Who or what each entity type names, asked of the module that owns it (a lookup exported from its index). */
const SUBJECT_LOOKUPS: Record<string, SubjectLookup> = {
  queue_entry: queueEntrySubjects,
  patient: async (tx, organizationId, ids) => {
    const names = await patientNames(tx, organizationId, ids);
    return new Map([...names].map(([id, name]) => [id, { name, patientId: id }]));
  },
  visitor: async (tx, organizationId, ids) => {
    const names = await visitorNames(tx, organizationId, ids);
    return new Map([...names].map(([id, name]) => [id, { name }]));
  },
  member: async (tx, organizationId, ids) => {
    const names = await memberNames(tx, organizationId, ids, 'member');
    return new Map([...names].map(([id, name]) => [id, { name }]));
  },
};

/** The subjects of a page of rows, by "type:id". */
async function subjectsOf(tx: TenantTx, organizationId: string, rows: ActivityRow[]) {
  const wanted = new Map<string, string[]>();
  for (const r of rows) {
    if (!r.entityType || !r.entityId || !SUBJECT_LOOKUPS[r.entityType]) continue;
    wanted.set(r.entityType, [...(wanted.get(r.entityType) ?? []), r.entityId]);
  }
  const found = new Map<string, Subject>();
  for (const [type, ids] of wanted) {
    for (const [id, subject] of await SUBJECT_LOOKUPS[type](tx, organizationId, ids)) found.set(`${type}:${id}`, subject);
  }
  return found;
}

/**
 * A page of the organization's activity for the calling member, newest first, and the total. Names
 * and clinical details appear only where the member holds the permission of the event's area
 * (`describeActivity`). The read is audited (`activity.read`, with the patients whose details were
 * shown); that action is not activity, so reading never adds to the list.
 */
export async function recentActivity(ctx: TenantRouteContext, query: ActivityQuery, now = new Date()) {
  const { tx, tenant } = ctx;
  const rows = await activityPageQuery(tx, tenant, query);
  const [{ n: total }] = await activityCountQuery(tx, tenant);
  const subjects = await subjectsOf(tx, tenant.organizationId, rows);
  const actors = await memberNames(
    tx,
    tenant.organizationId,
    rows.map((r) => r.actorUserId).filter((v): v is string => !!v),
    'user',
  );
  const permissions = tenant.member.permissions;
  const shownPatients = new Set<string>();
  const activities: ActivityItemDto[] = [];
  for (const r of rows) {
    if (!isActivityAction(r.action)) continue;
    const subject = r.entityType && r.entityId ? (subjects.get(`${r.entityType}:${r.entityId}`) ?? null) : null;
    const text = describeActivity(
      {
        action: r.action,
        details: (r.details as Record<string, unknown> | null) ?? null,
        subject,
        actorName: r.actorUserId ? (actors.get(r.actorUserId) ?? null) : null,
      },
      permissions,
    );
    if (subject?.patientId && seesActivityDetails(r.action, permissions)) shownPatients.add(subject.patientId);
    activities.push({ id: r.id, ...text, timeAgo: timeAgo(r.at, now), at: r.at.toISOString() });
  }
  await ctx.audit('activity.read', { type: 'audit_event' }, { offset: query.offset, count: activities.length, patients: [...shownPatients] });
  return { activities, total };
}
