import { describe, expect, it } from 'vitest';
import {
  bodyOfDraft,
  draftOfRota,
  issueText,
  memberOptions,
  nameOf,
  newShift,
  rotaSubmission,
  shiftEndText,
  sortShifts,
  type RotaDraft,
} from './rota-form';

const shift = (weekday: number, start: string, end: string, primaryMemberId = 'doc1', backupMemberId: string | null = null) => ({
  weekday,
  start,
  end,
  primaryMemberId,
  backupMemberId,
});

describe('on-call rota form', () => {
  it('puts shifts in the order of the week, then by start, keeping equal ones in place', () => {
    const sorted = sortShifts([
      shift(3, '20:00', '08:00'),
      shift(1, '20:00', '08:00'),
      shift(1, '08:00', '20:00', 'a'),
      shift(1, '08:00', '12:00', 'b'),
    ]);
    expect(sorted.map((s) => `${s.weekday} ${s.start} ${s.primaryMemberId}`)).toEqual(['1 08:00 a', '1 08:00 b', '1 20:00 doc1', '3 20:00 doc1']);
  });

  it('opens a saved rota in week order and turns it back into the same body', () => {
    const rota = {
      shifts: [shift(2, '08:00', '20:00'), shift(0, '00:00', '00:00', 'doc2', 'doc1')],
      overrides: [{ from: '2026-12-24', to: '2026-12-26', primaryMemberId: 'doc3', backupMemberId: null }],
    };
    const draft = draftOfRota(rota);
    expect(draft.shifts.map((s) => s.weekday)).toEqual(['0', '2']);
    expect(new Set([...draft.shifts, ...draft.overrides].map((r) => r.key)).size).toBe(3);
    expect(bodyOfDraft('Doctor', draft)).toEqual({ role: 'Doctor', shifts: [rota.shifts[1], rota.shifts[0]], overrides: rota.overrides });
  });

  it('opens a role without a rota as an empty one', () => {
    expect(draftOfRota(undefined)).toEqual({ shifts: [], overrides: [] });
  });

  it('sends a backup left empty as none, and the shifts sorted though they were entered out of order', () => {
    const draft: RotaDraft = {
      shifts: [
        { key: 'a', weekday: '5', start: '08:00', end: '20:00', primaryMemberId: 'doc1', backupMemberId: '' },
        { key: 'b', weekday: '1', start: '08:00', end: '20:00', primaryMemberId: 'doc2', backupMemberId: 'doc1' },
      ],
      overrides: [],
    };
    const { body, problems } = rotaSubmission('Nurse', draft);
    expect(problems).toBeNull();
    expect(body).toEqual({
      role: 'Nurse',
      shifts: [shift(1, '08:00', '20:00', 'doc2', 'doc1'), shift(5, '08:00', '20:00', 'doc1', null)],
      overrides: [],
    });
  });

  it('names each row with nobody chosen or a time or a day left empty, and sends nothing', () => {
    const draft: RotaDraft = {
      shifts: [
        { key: 'a', weekday: '1', start: '08:00', end: '20:00', primaryMemberId: 'doc1', backupMemberId: null },
        { key: 'b', weekday: '2', start: '', end: '20:00', primaryMemberId: null, backupMemberId: null },
      ],
      overrides: [{ key: 'c', from: '2026-12-24', to: '', primaryMemberId: 'doc1', backupMemberId: null }],
    };
    expect(rotaSubmission('Doctor', draft)).toEqual({
      body: null,
      problems: ['Shift 2: enter a start and an end time', 'Shift 2: choose who is on call', 'Override 1: enter the first and the last day'],
    });
  });

  it("gives the contract's problems with the row as it stands on screen, not as it will be sorted", () => {
    const draft: RotaDraft = {
      shifts: [
        { key: 'a', weekday: '6', start: '08:00', end: '20:00', primaryMemberId: 'doc1', backupMemberId: null },
        { key: 'b', weekday: '0', start: '08:00', end: '20:00', primaryMemberId: 'doc2', backupMemberId: 'doc2' },
      ],
      overrides: [{ key: 'c', from: '2026-12-26', to: '2026-12-24', primaryMemberId: 'doc1', backupMemberId: null }],
    };
    expect(rotaSubmission('Doctor', draft).problems).toEqual([
      'Shift 2: the backup must be someone else than the primary',
      'Override 1: it must end on or after the day it starts',
    ]);
  });

  it("names the row of an issue the server puts on a field, and keeps the rota's own messages as they are", () => {
    expect(issueText({ path: 'shifts.0.primaryMemberId', message: 'Not an active member' })).toBe('Shift 1: Not an active member');
    expect(issueText({ path: ['overrides', 2, 'from'], message: 'Bad day' })).toBe('Override 3: Bad day');
    expect(issueText({ path: 'shifts', message: 'Shift 4: times must be HH:MM' })).toBe('Shift 4: times must be HH:MM');
  });

  it('starts a new shift the day after the last one, Monday on an empty rota', () => {
    expect(newShift({ shifts: [], overrides: [] })).toMatchObject({ weekday: '1', start: '08:00', end: '20:00', primaryMemberId: null });
    const saturday = draftOfRota({ shifts: [shift(6, '20:00', '08:00')], overrides: [] });
    expect(newShift(saturday)).toMatchObject({ weekday: '0', start: '20:00', end: '08:00' });
  });

  it("offers the rota's role first, then the others, and keeps a former member a rota still names", () => {
    const members = [
      { memberId: 'n1', name: 'Nora Nurse', role: 'Nurse' as const },
      { memberId: 'd1', name: 'Dana Doctor', role: 'Doctor' as const },
    ];
    expect(memberOptions(members, 'Doctor', ['d1', 'gone', null, 'gone'])).toEqual([
      { group: 'Doctors', items: [{ value: 'd1', label: 'Dana Doctor' }] },
      { group: 'Other members', items: [{ value: 'n1', label: 'Nora Nurse' }] },
      { group: 'No longer in the clinic', items: [{ value: 'gone', label: 'Former member' }] },
    ]);
    expect(memberOptions(members, 'Staff', []).map((g) => g.group)).toEqual(['Other members']);
  });

  it('shows a member by name, a member no longer listed as a former one, and no backup as None', () => {
    const names = new Map([['d1', 'Dana Doctor']]);
    expect([nameOf(names, 'd1'), nameOf(names, 'x'), nameOf(names, null)]).toEqual(['Dana Doctor', 'Former member', 'None']);
  });
});

describe('shift end text', () => {
  it('marks an end at or before the start as the next day', () => {
    expect(shiftEndText({ start: '08:00', end: '20:00' })).toBe('20:00');
    expect(shiftEndText({ start: '20:00', end: '08:00' })).toBe('08:00 (next day)');
    expect(shiftEndText({ start: '08:00', end: '08:00' })).toBe('08:00 (next day)');
  });
});
