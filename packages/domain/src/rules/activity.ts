/**
 * What the Recent Activity panel says about an event of the audit trail (platform-core, Dashboard).
 * The audit trail is the source: every action a route takes is written there with `ctx.audit`, in
 * the action's own transaction. An action is activity only when it is listed in
 * {@link ACTIVITY_KINDS}: reads (`queue.read`, `patient.read`, `activity.read`, ...), sign-ins and
 * settings changes never are.
 *
 * Each kind names the permission whose holders may read the names and clinical details of its
 * events (the permission of the screens that show them): a member without it reads "A patient
 * checked in", never who or why. {@link describeActivity} enforces that in one place: what is
 * hidden is removed before any text is written.
 */
import type { ActivityIcon, ActivityPriority } from '../contracts/activity.js';
import type { Permission, Permissions } from './access.js';

/** What an event is about, looked up when it is listed: the person and, for a queue entry, why they came. */
export interface ActivitySubject {
  /** The patient, visitor or member, as "First Last" (or an e-mail). */
  name?: string | null;
  /** A queue entry's chief complaint. */
  complaint?: string | null;
  /** A queue entry's number of the day: public (the waiting-room board shows it). */
  queueNumber?: number | null;
}

/** An audit event with what was looked up about it. */
export interface ActivityFacts {
  action: string;
  /** The audit row's details (the clinic, the cause, the scores...). */
  details: Record<string, unknown> | null;
  subject: ActivitySubject | null;
  /** The member who acted, as "First Last"; null for a kiosk or the system. */
  actorName: string | null;
}

/** The facts a viewer may read: everything, or only the kind's public parts. */
interface VisibleFacts {
  shown: boolean;
  details: Record<string, unknown>;
  subject: ActivitySubject;
  actorName: string | null;
}

/** How one audit action reads as activity. */
interface ActivityKind {
  icon: ActivityIcon;
  /** Holders of this flag read names and clinical details; others the generic text. */
  permission: Permission;
  /** Detail keys anyone may read (the rest is removed for members without the permission). */
  publicDetails?: readonly string[];
  priority: ActivityPriority | ((f: VisibleFacts) => ActivityPriority);
  title(f: VisibleFacts): string;
  description(f: VisibleFacts): string;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
/** The parts that exist, joined by " · ". */
const line = (...parts: Array<string | null | undefined | false>) => parts.filter(Boolean).join(' · ');
/** The subject's name when the viewer may read it. */
const nameOf = (f: VisibleFacts): string | null => (f.shown ? text(f.subject.name) : null);
const queueNo = (f: VisibleFacts) => {
  const n = num(f.subject.queueNumber) ?? num(f.details.queueNumber);
  return n === null ? null : `Queue #${n}`;
};
const complaintOf = (f: VisibleFacts) => (f.shown ? text(f.subject.complaint) : null);
const by = (f: VisibleFacts) => (f.actorName ? `by ${f.actorName}` : null);
const roleOf = (f: VisibleFacts) => text(f.details.role) ?? 'member';

/** A queue action: "<title with name>" or "<generic title>", the complaint, the number and who acted. */
function queueKind(icon: ActivityIcon, priority: ActivityPriority, named: (name: string) => string, generic: string): ActivityKind {
  return {
    icon,
    permission: 'canManageQueue',
    priority,
    title: (f) => {
      const name = nameOf(f);
      return name ? named(name) : generic;
    },
    description: (f) => line(complaintOf(f), queueNo(f), by(f)),
  };
}

/**
 * Every audit action that is activity. The visitors module audits `visitor.checked-in` and
 * `visitor.checked-out` (entity type `visitor`) and exports the lookup of their names.
 */
export const ACTIVITY_KINDS = {
  'queue.checked-in': {
    icon: 'check-in',
    permission: 'canManageQueue',
    publicDetails: ['via', 'queueNumber'],
    priority: 'medium',
    title: (f) => {
      const name = nameOf(f);
      return name ? `${name} checked in` : 'A patient checked in';
    },
    description: (f) =>
      line(
        complaintOf(f),
        queueNo(f),
        f.details.via === 'kiosk' ? 'Kiosk check-in' : f.details.via === 'emergency-kiosk' ? 'Emergency kiosk check-in' : 'Front desk check-in',
      ),
  },
  'queue.alert-raised': {
    icon: 'alert',
    permission: 'canManageQueue',
    publicDetails: ['immediateAttention', 'cause', 'queueNumber'],
    priority: (f) => (f.details.immediateAttention === true ? 'emergency' : 'urgent'),
    title: (f) => {
      const what = f.details.immediateAttention === true ? 'needs immediate attention' : 'has a raised NEWS2 score';
      const name = nameOf(f);
      return name ? `Alert: ${name} ${what}` : `Alert: a patient ${what}`;
    },
    description: (f) => {
      const risk = num(f.details.riskScore);
      const news2 = num(f.details.news2Score);
      return line(
        risk !== null && `Risk score ${risk}`,
        news2 !== null && `NEWS2 ${news2}`,
        queueNo(f),
        f.details.cause === 'vitals' ? 'After vital signs' : 'At check-in',
      );
    },
  },
  'queue.start': queueKind('care-started', 'medium', (n) => `Care started for ${n}`, 'Care started for a patient'),
  'queue.complete': queueKind('care-completed', 'low', (n) => `Care completed for ${n}`, 'Care completed for a patient'),
  'queue.admit': queueKind('admitted', 'high', (n) => `${n} admitted`, 'A patient was admitted'),
  'queue.emergency-admit': queueKind('admitted', 'emergency', (n) => `${n} admitted as an emergency`, 'A patient was admitted as an emergency'),
  'queue.cancel': queueKind('cancelled', 'low', (n) => `Check-in cancelled for ${n}`, 'A check-in was cancelled'),
  'patient.created': {
    icon: 'patient-added',
    permission: 'canManagePatients',
    publicDetails: ['via'],
    priority: 'low',
    title: (f) => {
      const name = nameOf(f);
      return name ? `New patient: ${name}` : 'A new patient was added';
    },
    description: (f) =>
      f.details.via === 'kiosk' || f.details.via === 'emergency-kiosk'
        ? 'Added at a kiosk check-in'
        : f.actorName
          ? `Added by ${f.actorName}`
          : 'Added to the directory',
  },
  'patient.discharged': {
    icon: 'patient-discharged',
    permission: 'canManagePatients',
    priority: 'low',
    title: (f) => {
      const name = nameOf(f);
      return name ? `${name} discharged` : 'A patient was discharged';
    },
    description: (f) => (f.actorName ? `Discharged by ${f.actorName}` : 'Discharged'),
  },
  'invitation.created': {
    icon: 'member-invited',
    permission: 'canManageUsers',
    publicDetails: ['role'],
    priority: 'low',
    title: (f) => {
      const email = f.shown ? text(f.details.email) : null;
      return email ? `${email} invited as ${roleOf(f)}` : `A new ${roleOf(f)} was invited`;
    },
    description: (f) => (f.actorName ? `Invited by ${f.actorName}` : 'Invitation sent'),
  },
  'member.joined': {
    icon: 'member-joined',
    permission: 'canManageUsers',
    publicDetails: ['role'],
    priority: 'low',
    title: (f) => {
      const name = nameOf(f);
      return name ? `${name} joined as ${roleOf(f)}` : `A new ${roleOf(f)} joined`;
    },
    description: () => 'Joined the organization',
  },
  'visitor.checked-in': {
    icon: 'visitor-in',
    permission: 'canManageVisitors',
    priority: 'low',
    title: (f) => {
      const name = nameOf(f);
      return name ? `Visitor ${name} checked in` : 'A visitor checked in';
    },
    description: (f) => line('Visitor check-in', by(f)),
  },
  'visitor.checked-out': {
    icon: 'visitor-out',
    permission: 'canManageVisitors',
    priority: 'low',
    title: (f) => {
      const name = nameOf(f);
      return name ? `Visitor ${name} checked out` : 'A visitor checked out';
    },
    description: (f) => line('Visitor check-out', by(f)),
  },
} as const satisfies Record<string, ActivityKind>;

/** An audit action that is activity. */
export type ActivityAction = keyof typeof ACTIVITY_KINDS;

/** Every audit action that is activity; the server lists audit rows of these actions only. */
export const ACTIVITY_ACTIONS = Object.keys(ACTIVITY_KINDS) as ActivityAction[];

/** True when an audit action is activity. */
export function isActivityAction(action: string): action is ActivityAction {
  return Object.hasOwn(ACTIVITY_KINDS, action);
}

/** The flag whose holders read the names and clinical details of an action's events. */
export function activityPermission(action: ActivityAction): Permission {
  return ACTIVITY_KINDS[action].permission;
}

/** True when a member with `permissions` reads the names and clinical details of `action`'s events. */
export function seesActivityDetails(action: ActivityAction, permissions: Partial<Permissions>): boolean {
  return permissions[activityPermission(action)] === true;
}

/** What an item says: the spec's icon, title, description and priority. */
export interface ActivityText {
  icon: ActivityIcon;
  title: string;
  description: string;
  priority: ActivityPriority;
}

/**
 * The item of an activity event for a viewer with `permissions`: with the permission of its kind
 * everything is read; without it the subject (names, complaint) and every detail but the kind's
 * public ones are removed before the text is written, so no text can leak them.
 */
export function describeActivity(facts: ActivityFacts & { action: ActivityAction }, permissions: Partial<Permissions>): ActivityText {
  const kind: ActivityKind = ACTIVITY_KINDS[facts.action];
  const shown = seesActivityDetails(facts.action, permissions);
  const details = facts.details ?? {};
  const visible: VisibleFacts = shown
    ? { shown, details, subject: facts.subject ?? {}, actorName: facts.actorName }
    : {
        shown,
        details: Object.fromEntries((kind.publicDetails ?? []).filter((k) => k in details).map((k) => [k, details[k]])),
        subject: { queueNumber: facts.subject?.queueNumber ?? null },
        actorName: facts.actorName,
      };
  return {
    icon: kind.icon,
    title: kind.title(visible),
    description: kind.description(visible),
    priority: typeof kind.priority === 'function' ? kind.priority(visible) : kind.priority,
  };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "Just now" under a minute, then "1 minute ago", "5 minutes ago", "2 hours ago", "3 days ago". */
export function timeAgo(at: Date | string, now: Date = new Date()): string {
  const elapsed = now.getTime() - new Date(at).getTime();
  if (!Number.isFinite(elapsed) || elapsed < MINUTE) return 'Just now';
  const [n, unit] =
    elapsed < HOUR
      ? [Math.floor(elapsed / MINUTE), 'minute']
      : elapsed < DAY
        ? [Math.floor(elapsed / HOUR), 'hour']
        : [Math.floor(elapsed / DAY), 'day'];
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}
