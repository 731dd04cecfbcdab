import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAGING_SETTINGS,
  escalationDueAt,
  mayAcknowledge,
  mayCancel,
  mayPage,
  minutesOfDay,
  nextEscalation,
  onCallAt,
  pagingSettingsOf,
  rotaProblems,
  type OnCallShift,
} from './paging.js';

const ZONE = 'America/New_York';
/** An instant given by the clinic's wall clock in New York (EST in January: UTC-5). */
const nyJanuary = (date: string, time: string) => new Date(`${date}T${time}:00-05:00`);

const shift = (weekday: number, start: string, end: string, primary: string, backup: string | null = null): OnCallShift => ({
  weekday,
  start,
  end,
  primaryMemberId: primary,
  backupMemberId: backup,
});

describe('onCallAt', () => {
  // 2027-01-04 is a Monday.
  const days = { shifts: [shift(1, '08:00', '20:00', 'day', 'day-backup'), shift(1, '20:00', '08:00', 'night', 'night-backup')], overrides: [] };

  it('finds the shift covering the clinic-local time, start included and end excluded', () => {
    expect(onCallAt(days, ZONE, nyJanuary('2027-01-04', '08:00'))).toEqual({ primaryMemberId: 'day', backupMemberId: 'day-backup' });
    expect(onCallAt(days, ZONE, nyJanuary('2027-01-04', '19:59'))?.primaryMemberId).toBe('day');
    expect(onCallAt(days, ZONE, nyJanuary('2027-01-04', '20:00'))?.primaryMemberId).toBe('night');
    expect(onCallAt(days, ZONE, nyJanuary('2027-01-04', '07:59'))).toBeNull();
  });

  it('runs an overnight shift into the next morning, and not past its end', () => {
    expect(onCallAt(days, ZONE, nyJanuary('2027-01-05', '07:59'))?.primaryMemberId).toBe('night');
    expect(onCallAt(days, ZONE, nyJanuary('2027-01-05', '08:00'))).toBeNull();
  });

  it('reads the clinic clock, not UTC', () => {
    // 02:00 UTC on Tuesday is 21:00 on Monday in New York: the night shift.
    expect(onCallAt(days, ZONE, new Date('2027-01-05T02:00:00Z'))?.primaryMemberId).toBe('night');
    expect(onCallAt(days, 'UTC', new Date('2027-01-05T02:00:00Z'))?.primaryMemberId).toBe('night');
    expect(onCallAt(days, 'Asia/Tokyo', new Date('2027-01-04T12:00:00Z'))?.primaryMemberId).toBe('night');
  });

  it('takes a start equal to the end for 24 hours', () => {
    const allDay = { shifts: [shift(3, '07:00', '07:00', 'all')], overrides: [] };
    expect(onCallAt(allDay, ZONE, nyJanuary('2027-01-06', '07:00'))?.primaryMemberId).toBe('all');
    expect(onCallAt(allDay, ZONE, nyJanuary('2027-01-07', '06:59'))?.primaryMemberId).toBe('all');
    expect(onCallAt(allDay, ZONE, nyJanuary('2027-01-07', '07:00'))).toBeNull();
  });

  it('lets an override of the date win over the shifts, the last declared first, both ends included', () => {
    const rota = {
      shifts: days.shifts,
      overrides: [
        { from: '2027-01-04', to: '2027-01-10', primaryMemberId: 'locum', backupMemberId: null },
        { from: '2027-01-06', to: '2027-01-06', primaryMemberId: 'cover', backupMemberId: 'locum' },
      ],
    };
    expect(onCallAt(rota, ZONE, nyJanuary('2027-01-04', '03:00'))?.primaryMemberId).toBe('locum');
    expect(onCallAt(rota, ZONE, nyJanuary('2027-01-06', '12:00'))).toEqual({ primaryMemberId: 'cover', backupMemberId: 'locum' });
    expect(onCallAt(rota, ZONE, nyJanuary('2027-01-10', '23:59'))?.primaryMemberId).toBe('locum');
    expect(onCallAt(rota, ZONE, nyJanuary('2027-01-11', '09:00'))?.primaryMemberId).toBe('day');
  });
});

describe('rotaProblems', () => {
  it('accepts a sound rota', () => {
    expect(rotaProblems({ shifts: [shift(0, '00:00', '23:59', 'a', 'b')], overrides: [] })).toEqual([]);
  });
  it('names each bad shift and override', () => {
    const problems = rotaProblems({
      shifts: [shift(7, '08:00', '20:00', 'a'), shift(1, '8:00', '24:00', 'a'), shift(2, '08:00', '09:00', 'a', 'a')],
      overrides: [{ from: '2027-01-05', to: '2027-01-04', primaryMemberId: 'a', backupMemberId: null }],
    });
    expect(problems).toEqual([
      'Shift 1: the weekday must be 0 (Sunday) to 6 (Saturday)',
      'Shift 2: times must be HH:MM',
      'Shift 3: the backup must be someone else than the primary',
      'Override 1: it must end on or after the day it starts',
    ]);
  });
  it('reads HH:MM only', () => {
    expect(minutesOfDay('00:00')).toBe(0);
    expect(minutesOfDay('23:59')).toBe(1439);
    expect(minutesOfDay('24:00')).toBeNull();
    expect(minutesOfDay('7:00')).toBeNull();
  });
});

describe('escalation', () => {
  const who = { backupMemberId: 'backup', managerMemberIds: ['manager', 'admin'] };

  it('goes to the backup, then the Managers and Admins, then expires', () => {
    expect(nextEscalation(0, ['doctor'], who)).toEqual({ kind: 'escalate', level: 1, memberIds: ['backup'] });
    expect(nextEscalation(1, ['doctor', 'backup'], who)).toEqual({ kind: 'escalate', level: 2, memberIds: ['manager', 'admin'] });
    expect(nextEscalation(2, ['doctor', 'backup', 'manager', 'admin'], who)).toEqual({ kind: 'expire' });
  });

  it('skips a backup who is missing or already reached, and managers already reached', () => {
    expect(nextEscalation(0, ['doctor'], { ...who, backupMemberId: null })).toEqual({
      kind: 'escalate',
      level: 2,
      memberIds: ['manager', 'admin'],
    });
    expect(nextEscalation(0, ['backup'], who)).toEqual({ kind: 'escalate', level: 2, memberIds: ['manager', 'admin'] });
    expect(nextEscalation(1, ['doctor', 'backup', 'manager'], who)).toEqual({ kind: 'escalate', level: 2, memberIds: ['admin'] });
    expect(nextEscalation(1, ['manager', 'admin'], { backupMemberId: null, managerMemberIds: ['manager', 'admin'] })).toEqual({ kind: 'expire' });
  });

  it('is due one timeout of its priority after the step', () => {
    const at = new Date('2027-01-04T10:00:00Z');
    expect(escalationDueAt(at, 'emergency', DEFAULT_PAGING_SETTINGS.timeoutMinutes).toISOString()).toBe('2027-01-04T10:05:00.000Z');
    expect(escalationDueAt(at, 'urgent', DEFAULT_PAGING_SETTINGS.timeoutMinutes).toISOString()).toBe('2027-01-04T10:15:00.000Z');
    expect(escalationDueAt(at, 'routine', DEFAULT_PAGING_SETTINGS.timeoutMinutes).toISOString()).toBe('2027-01-04T11:00:00.000Z');
  });
});

describe('who may page, acknowledge and cancel', () => {
  it('lets every role but Viewer page', () => {
    expect(mayPage('Viewer')).toBe(false);
    expect(mayPage('Staff')).toBe(true);
    expect(mayPage('Owner')).toBe(true);
  });
  it('lets whoever the page reached acknowledge it while it is open', () => {
    expect(mayAcknowledge('sent', ['a'], 'a')).toBe(true);
    expect(mayAcknowledge('escalated', ['a', 'b'], 'b')).toBe(true);
    expect(mayAcknowledge('escalated', ['a', 'b'], 'c')).toBe(false);
    expect(mayAcknowledge('acknowledged', ['a'], 'a')).toBe(false);
    expect(mayAcknowledge('expired', ['a'], 'a')).toBe(false);
  });
  it('lets the sender, an Admin or the Owner cancel an open page', () => {
    expect(mayCancel('sent', 's', { id: 's', role: 'Nurse' })).toBe(true);
    expect(mayCancel('sent', 's', { id: 'x', role: 'Admin' })).toBe(true);
    expect(mayCancel('delivered', 's', { id: 'x', role: 'Owner' })).toBe(true);
    expect(mayCancel('sent', 's', { id: 'x', role: 'Manager' })).toBe(false);
    expect(mayCancel('cancelled', 's', { id: 's', role: 'Nurse' })).toBe(false);
  });
});

describe('pagingSettingsOf', () => {
  it('gives the defaults for nothing stored', () => {
    expect(pagingSettingsOf(undefined)).toEqual(DEFAULT_PAGING_SETTINGS);
  });
  it('keeps sound values and replaces each unusable one by its default', () => {
    expect(
      pagingSettingsOf({ timeoutMinutes: { emergency: 1, urgent: 0, routine: 1.5 }, autoPageCritical: false, webhookUrl: 'https://pager.example' }),
    ).toEqual({ timeoutMinutes: { emergency: 1, urgent: 15, routine: 60 }, autoPageCritical: false, webhookUrl: 'https://pager.example' });
    expect(pagingSettingsOf({ timeoutMinutes: { emergency: 1441 }, autoPageCritical: 'yes', webhookUrl: '' })).toEqual(DEFAULT_PAGING_SETTINGS);
  });
});
