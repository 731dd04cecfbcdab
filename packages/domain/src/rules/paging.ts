import { localWallClock } from './clinic-time.js';
import type { Role } from './access.js';
import { isOpenPage, type OnCallRole, type PagePriority, type PageStatus } from './page-states.js';

/**
 * Paging: who is on call, how long a page waits for its acknowledgement, and where it goes next.
 *
 * A page goes to one member (named, or the primary on call for a role). Not acknowledged within
 * its priority's timeout, it escalates: first to the backup on call for that role, then to the
 * clinic's Managers and Admins together; not acknowledged by them within one more timeout, it
 * expires. Each step is an event on the page; whoever it has reached may acknowledge it.
 */

export { isOpenPage, ON_CALL_ROLES, OPEN_PAGE_STATUSES, PAGE_PRIORITIES, PAGE_STATUSES } from './page-states.js';
export type { OnCallRole, PagePriority, PageStatus } from './page-states.js';

/** Who may send a page: every role but Viewer. */
export const mayPage = (role: Role) => role !== 'Viewer';

/** Minutes a page waits for an acknowledgement before it escalates, by priority. */
export type PageTimeouts = Record<PagePriority, number>;

/** The organization's paging settings (Organization Settings, Paging). */
export interface PagingSettings {
  timeoutMinutes: PageTimeouts;
  /** A CRITICAL alert pages the clinic's on-call doctor by itself. */
  autoPageCritical: boolean;
  /** A hospital paging gateway that gets every page as a signed POST; none when null. */
  webhookUrl: string | null;
}

export const DEFAULT_PAGING_SETTINGS: PagingSettings = {
  timeoutMinutes: { emergency: 5, urgent: 15, routine: 60 },
  autoPageCritical: true,
  webhookUrl: null,
};
/** Bounds of a timeout: at least a minute, at most a day. */
export const PAGE_TIMEOUT_MINUTES = { min: 1, max: 1440 } as const;

/** The paging settings an organization's stored settings give, each missing or unusable part its default. */
export function pagingSettingsOf(stored: unknown): PagingSettings {
  const s = (stored && typeof stored === 'object' ? stored : {}) as Partial<Record<keyof PagingSettings, unknown>>;
  const timeouts = (s.timeoutMinutes && typeof s.timeoutMinutes === 'object' ? s.timeoutMinutes : {}) as Record<string, unknown>;
  const timeout = (p: PagePriority) => {
    const v = timeouts[p];
    return Number.isInteger(v) && (v as number) >= PAGE_TIMEOUT_MINUTES.min && (v as number) <= PAGE_TIMEOUT_MINUTES.max
      ? (v as number)
      : DEFAULT_PAGING_SETTINGS.timeoutMinutes[p];
  };
  return {
    timeoutMinutes: { emergency: timeout('emergency'), urgent: timeout('urgent'), routine: timeout('routine') },
    autoPageCritical: typeof s.autoPageCritical === 'boolean' ? s.autoPageCritical : DEFAULT_PAGING_SETTINGS.autoPageCritical,
    webhookUrl: typeof s.webhookUrl === 'string' && s.webhookUrl ? s.webhookUrl : null,
  };
}

/** When a page that reached its current step at `stepAt` escalates, unless acknowledged first. */
export function escalationDueAt(stepAt: Date, priority: PagePriority, timeouts: PageTimeouts): Date {
  return new Date(stepAt.getTime() + timeouts[priority] * 60_000);
}

/**
 * A weekly shift of a rota: on `weekday` (0 Sunday .. 6 Saturday, the clinic's calendar) from
 * `start` to `end` (`HH:MM`, the clinic's wall clock). An `end` at or before `start` runs past
 * midnight into the next day; equal to `start`, the shift lasts 24 hours.
 */
export interface OnCallShift {
  weekday: number;
  start: string;
  end: string;
  primaryMemberId: string;
  backupMemberId: string | null;
}

/** Who is on call instead of the weekly shifts, every day from `from` to `to` (calendar dates, both included). */
export interface OnCallOverride {
  from: string;
  to: string;
  primaryMemberId: string;
  backupMemberId: string | null;
}

/** A clinic's rota for one role. */
export interface OnCallRota {
  role: OnCallRole;
  shifts: OnCallShift[];
  overrides: OnCallOverride[];
}

/** Who is on call at an instant: the one paged, and the one a page escalates to. */
export interface OnCall {
  primaryMemberId: string;
  backupMemberId: string | null;
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
/** Minutes after midnight of an `HH:MM` wall time; null when it is not one. */
export function minutesOfDay(time: string): number | null {
  const m = TIME.exec(time);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

const DAY_MINUTES = 24 * 60;
/** The weekday of a calendar date (`YYYY-MM-DD`), 0 Sunday .. 6 Saturday. */
const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

/** Whether a shift covers minute `minute` of a day whose weekday is `weekday`, by starting that day or the day before. */
function shiftCovers(shift: OnCallShift, weekday: number, minute: number): boolean {
  const start = minutesOfDay(shift.start);
  const end = minutesOfDay(shift.end);
  if (start === null || end === null) return false;
  const length = end > start ? end - start : end - start + DAY_MINUTES;
  if (shift.weekday === weekday && minute >= start && minute < start + length) return true;
  const yesterday = (weekday + 6) % 7;
  return shift.weekday === yesterday && minute + DAY_MINUTES < start + length;
}

/**
 * Who is on call for the rota at `at`, read on the clinic's clock (`timeZone`): an override of that
 * date first (the one declared last when several cover it), else the first weekly shift covering
 * that moment; null when nobody is.
 */
export function onCallAt(rota: Pick<OnCallRota, 'shifts' | 'overrides'>, timeZone: string, at: Date): OnCall | null {
  const clock = localWallClock(timeZone, at);
  const override = [...rota.overrides].reverse().find((o) => o.from <= clock.date && clock.date <= o.to);
  if (override) return { primaryMemberId: override.primaryMemberId, backupMemberId: override.backupMemberId };
  const minute = clock.hour * 60 + clock.minute;
  const shift = rota.shifts.find((s) => shiftCovers(s, weekdayOf(clock.date), minute));
  return shift ? { primaryMemberId: shift.primaryMemberId, backupMemberId: shift.backupMemberId } : null;
}

/**
 * A rota's problems, each as the message to show: a time that is not `HH:MM`, a weekday out of
 * range, a backup who is the primary, an override that ends before it starts; none when it is sound.
 */
export function rotaProblems(rota: Pick<OnCallRota, 'shifts' | 'overrides'>): string[] {
  const problems: string[] = [];
  rota.shifts.forEach((s, i) => {
    const at = `Shift ${i + 1}`;
    if (!Number.isInteger(s.weekday) || s.weekday < 0 || s.weekday > 6) problems.push(`${at}: the weekday must be 0 (Sunday) to 6 (Saturday)`);
    if (minutesOfDay(s.start) === null || minutesOfDay(s.end) === null) problems.push(`${at}: times must be HH:MM`);
    if (s.backupMemberId && s.backupMemberId === s.primaryMemberId) problems.push(`${at}: the backup must be someone else than the primary`);
  });
  rota.overrides.forEach((o, i) => {
    const at = `Override ${i + 1}`;
    if (o.to < o.from) problems.push(`${at}: it must end on or after the day it starts`);
    if (o.backupMemberId && o.backupMemberId === o.primaryMemberId) problems.push(`${at}: the backup must be someone else than the primary`);
  });
  return problems;
}

/** A page's escalation level: 0 its first recipient, 1 the backup on call, 2 the clinic's Managers and Admins. */
export const LAST_ESCALATION_LEVEL = 2;

/** What happens to an open page whose timeout passed at `level`. */
export type EscalationStep = { kind: 'escalate'; level: number; memberIds: string[] } | { kind: 'expire' };

/**
 * The next step of a page at `level` that nobody acknowledged in time: the backup on call (unless
 * there is none, or the page already reached them), else the clinic's Managers and Admins (those
 * it has not reached yet); past them, or with nobody new to reach, the page expires.
 */
export function nextEscalation(
  level: number,
  reached: readonly string[],
  who: { backupMemberId: string | null; managerMemberIds: readonly string[] },
): EscalationStep {
  const fresh = (ids: readonly string[]) => ids.filter((id) => !reached.includes(id));
  if (level < 1 && who.backupMemberId && fresh([who.backupMemberId]).length) {
    return { kind: 'escalate', level: 1, memberIds: [who.backupMemberId] };
  }
  if (level < LAST_ESCALATION_LEVEL) {
    const managers = fresh(who.managerMemberIds);
    if (managers.length) return { kind: 'escalate', level: LAST_ESCALATION_LEVEL, memberIds: [...new Set(managers)] };
  }
  return { kind: 'expire' };
}

/** Whether `memberId` may acknowledge a page in `status` that has reached `reached`. */
export function mayAcknowledge(status: PageStatus, reached: readonly string[], memberId: string): boolean {
  return isOpenPage(status) && reached.includes(memberId);
}

/** Whether a member may cancel an open page: its sender, or an Admin or Owner. */
export function mayCancel(status: PageStatus, senderMemberId: string | null, member: { id: string; role: Role }): boolean {
  return isOpenPage(status) && (member.id === senderMemberId || member.role === 'Admin' || member.role === 'Owner');
}
