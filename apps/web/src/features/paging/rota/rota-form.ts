import { onCallRotaBody, type OnCallRotaBody } from '@clinic/domain/contracts/paging';
import { minutesOfDay, type OnCallOverride, type OnCallRole, type OnCallShift } from '@clinic/domain/rules/paging';
import type { Role } from '@clinic/domain/rules/access';

/** The weekdays as the rota numbers them: 0 Sunday .. 6 Saturday. */
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** A weekly shift as the editor holds it: a Select's string weekday, members not chosen yet as null. */
export interface ShiftRow {
  key: string;
  weekday: string;
  start: string;
  end: string;
  primaryMemberId: string | null;
  backupMemberId: string | null;
}

/** An override as the editor holds it. */
export interface OverrideRow {
  key: string;
  from: string;
  to: string;
  primaryMemberId: string | null;
  backupMemberId: string | null;
}

/** One role's rota as the editor holds it. */
export interface RotaDraft {
  shifts: ShiftRow[];
  overrides: OverrideRow[];
}

let nextKey = 0;
/** A key that tells the editor's rows apart while they are added and removed. */
const rowKey = () => `row-${++nextKey}`;

const byWeekdayAndStart = (a: Pick<OnCallShift, 'weekday' | 'start'>, b: Pick<OnCallShift, 'weekday' | 'start'>) =>
  a.weekday - b.weekday || (minutesOfDay(a.start) ?? 0) - (minutesOfDay(b.start) ?? 0);

/**
 * Shifts in the order of the week (weekday, then start), equal ones kept in their order. A rota is
 * saved in this order, so where two shifts overlap the one shown first is the one that applies.
 */
export function sortShifts<S extends Pick<OnCallShift, 'weekday' | 'start'>>(shifts: readonly S[]): S[] {
  return [...shifts].sort(byWeekdayAndStart);
}

/** The editor's rows for a saved rota (none for a role without one). */
export function draftOfRota(rota: { shifts: readonly OnCallShift[]; overrides: readonly OnCallOverride[] } | undefined): RotaDraft {
  return {
    shifts: sortShifts(rota?.shifts ?? []).map((s) => ({ ...s, key: rowKey(), weekday: String(s.weekday) })),
    overrides: (rota?.overrides ?? []).map((o) => ({ ...o, key: rowKey() })),
  };
}

/** A new shift: the day after the last one (Monday on an empty rota), 08:00 to 20:00, nobody chosen. */
export function newShift(draft: RotaDraft): ShiftRow {
  const last = draft.shifts.at(-1);
  const weekday = last ? (Number(last.weekday) + 1) % 7 : 1;
  return {
    key: rowKey(),
    weekday: String(weekday),
    start: last?.start || '08:00',
    end: last?.end || '20:00',
    primaryMemberId: null,
    backupMemberId: null,
  };
}

/** A new override from `today` to `today`, nobody chosen. */
export function newOverride(today: string): OverrideRow {
  return { key: rowKey(), from: today, to: today, primaryMemberId: null, backupMemberId: null };
}

const shiftsOf = (draft: RotaDraft): OnCallShift[] =>
  draft.shifts.map((s) => ({
    weekday: Number(s.weekday),
    start: s.start,
    end: s.end,
    primaryMemberId: s.primaryMemberId ?? '',
    backupMemberId: s.backupMemberId || null,
  }));

const overridesOf = (draft: RotaDraft): OnCallOverride[] =>
  draft.overrides.map((o) => ({ from: o.from, to: o.to, primaryMemberId: o.primaryMemberId ?? '', backupMemberId: o.backupMemberId || null }));

/** The body of a save: the rota whole, shifts in the order of the week, overrides as listed. */
export function bodyOfDraft(role: OnCallRole, draft: RotaDraft): OnCallRotaBody {
  return { role, shifts: sortShifts(shiftsOf(draft)), overrides: overridesOf(draft) };
}

/** What is missing from a row before the contract can judge it, as the person reads it. */
function missing(draft: RotaDraft): string[] {
  const problems: string[] = [];
  draft.shifts.forEach((s, i) => {
    if (!s.start || !s.end) problems.push(`Shift ${i + 1}: enter a start and an end time`);
    if (!s.primaryMemberId) problems.push(`Shift ${i + 1}: choose who is on call`);
  });
  draft.overrides.forEach((o, i) => {
    if (!o.from || !o.to) problems.push(`Override ${i + 1}: enter the first and the last day`);
    if (!o.primaryMemberId) problems.push(`Override ${i + 1}: choose who is on call`);
  });
  return problems;
}

const ROW_NAMES = { shifts: 'Shift', overrides: 'Override' } as const;

/** An issue of the contract as a sentence naming its row (`Shift 2: Times must be HH:MM`). */
export function issueText(issue: { path: string | ReadonlyArray<PropertyKey>; message: string }): string {
  const path = typeof issue.path === 'string' ? issue.path.split('.') : issue.path.map(String);
  const [list, index] = path;
  const name = ROW_NAMES[list as keyof typeof ROW_NAMES];
  // The rota's own problems already name their row.
  if (!name || index === undefined || !/^\d+$/.test(index)) return issue.message;
  return `${name} ${Number(index) + 1}: ${issue.message}`;
}

/**
 * The rota to send, checked by the contract the server applies; else every problem, each naming
 * its row as the editor lists it (the check runs before the shifts are put in order).
 */
export function rotaSubmission(role: OnCallRole, draft: RotaDraft): { body: OnCallRotaBody; problems: null } | { body: null; problems: string[] } {
  const incomplete = missing(draft);
  if (incomplete.length) return { body: null, problems: incomplete };
  const result = onCallRotaBody.safeParse({ role, shifts: shiftsOf(draft), overrides: overridesOf(draft) });
  if (!result.success) return { body: null, problems: [...new Set(result.error.issues.map(issueText))] };
  return { body: { ...result.data, shifts: sortShifts(result.data.shifts) }, problems: null };
}

/** A member who can be put on a rota, as `usePagingRecipients` gives them. */
export interface RotaMember {
  memberId: string;
  name: string;
  role: Role;
}

/**
 * The choices of a rota's member fields: the members of the rota's role first, then the others;
 * a member the rota names who is no longer among them stays choosable as "Former member".
 */
export function memberOptions(members: readonly RotaMember[], role: OnCallRole, named: ReadonlyArray<string | null>) {
  const option = (m: RotaMember) => ({ value: m.memberId, label: m.name });
  const known = new Set(members.map((m) => m.memberId));
  const former = [...new Set(named.filter((id): id is string => !!id && !known.has(id)))].map((id) => ({ value: id, label: 'Former member' }));
  const groups = [
    { group: `${role}s`, items: members.filter((m) => m.role === role).map(option) },
    { group: 'Other members', items: members.filter((m) => m.role !== role).map(option) },
    { group: 'No longer in the clinic', items: former },
  ];
  return groups.filter((g) => g.items.length > 0);
}

/** Every member a draft names (to keep them choosable). */
export const namedInDraft = (draft: RotaDraft) => [...draft.shifts, ...draft.overrides].flatMap((r) => [r.primaryMemberId, r.backupMemberId]);

/** A member's name for a read-only rota: the recipient's, else "Former member". */
export function nameOf(members: ReadonlyMap<string, string>, id: string | null): string {
  if (!id) return 'None';
  return members.get(id) ?? 'Former member';
}

/** A shift's end as read: one at or before its start falls on the next day (equal: 24 hours). */
export function shiftEndText(shift: Pick<OnCallShift, 'start' | 'end'>): string {
  const start = minutesOfDay(shift.start);
  const end = minutesOfDay(shift.end);
  return start !== null && end !== null && end <= start ? `${shift.end} (next day)` : shift.end;
}
