import { describe, expect, it } from 'vitest';
import { activityQuery, recentActivityResponse } from '../contracts/activity.js';
import { ALL_PERMISSIONS, DEFAULT_PERMISSIONS, ROLES, isAllowed } from './access.js';
import {
  ACTIVITY_ACTIONS,
  ACTIVITY_KINDS,
  describeActivity,
  isActivityAction,
  seesActivityDetails,
  timeAgo,
  type ActivityFacts,
} from './activity.js';
import { ACTIVITY_ACCESS } from './route-access.js';

const NONE = {};
const checkIn: ActivityFacts & { action: 'queue.checked-in' } = {
  action: 'queue.checked-in',
  details: { via: 'kiosk', queueNumber: 12, patientId: 'p-1', clinicId: 'c-1' },
  subject: { name: 'Rosa Lindqvist', complaint: 'Chest pain', queueNumber: 12 },
  actorName: null,
};

describe('recent activity', () => {
  it('is open to every member', () => {
    expect(ROLES.filter((role) => isAllowed({ role, permissions: DEFAULT_PERMISSIONS[role] }, ACTIVITY_ACCESS.view))).toEqual([...ROLES]);
  });

  it('lists actions that change something, never reads', () => {
    for (const read of [
      'queue.read',
      'patient.read',
      'patient.list',
      'patient.visits.read',
      'queue.history-read',
      'activity.read',
      'auth.sign-in',
    ]) {
      expect(isActivityAction(read), read).toBe(false);
    }
    expect(ACTIVITY_ACTIONS).toEqual(
      expect.arrayContaining(['queue.checked-in', 'queue.start', 'queue.complete', 'queue.alert-raised', 'patient.created', 'invitation.created']),
    );
    expect(ACTIVITY_ACTIONS).toEqual(expect.arrayContaining(['visitor.checked-in', 'visitor.checked-out']));
    for (const action of ACTIVITY_ACTIONS) expect(action).toMatch(/^[a-z]+\.[a-z-]+$/);
  });

  it('names the patient and the complaint of a check-in to a member with the queue permission', () => {
    expect(describeActivity(checkIn, DEFAULT_PERMISSIONS.Nurse)).toEqual({
      icon: 'check-in',
      title: 'Rosa Lindqvist checked in',
      description: 'Chest pain · Queue #12 · Kiosk check-in',
      priority: 'medium',
    });
  });

  it('says only "A patient checked in" to a member without it', () => {
    const item = describeActivity(checkIn, DEFAULT_PERMISSIONS.Viewer);
    expect(item).toEqual({ icon: 'check-in', title: 'A patient checked in', description: 'Queue #12 · Kiosk check-in', priority: 'medium' });
    expect(JSON.stringify(item)).not.toMatch(/Rosa|Lindqvist|Chest/);
  });

  it('keeps the scores of an alert from members without the queue permission, and rates it by immediate attention', () => {
    const alert = {
      action: 'queue.alert-raised' as const,
      details: { riskScore: 92, news2Score: 9, immediateAttention: true, cause: 'check-in', queueNumber: 3 },
      subject: { name: 'Robert Taylor', complaint: 'Chest tightness', queueNumber: 3 },
      actorName: null,
    };
    expect(describeActivity(alert, ALL_PERMISSIONS)).toEqual({
      icon: 'alert',
      title: 'Alert: Robert Taylor needs immediate attention',
      description: 'Risk score 92 · NEWS2 9 · Queue #3 · At check-in',
      priority: 'emergency',
    });
    const hidden = describeActivity(alert, NONE);
    expect(hidden.title).toBe('Alert: a patient needs immediate attention');
    expect(hidden.description).toBe('Queue #3 · At check-in');
    const news2Only = describeActivity(
      { ...alert, details: { ...alert.details, immediateAttention: false, cause: 'vitals' } },
      DEFAULT_PERMISSIONS.Staff,
    );
    expect(news2Only.priority).toBe('urgent');
    expect(news2Only.title).toBe('Alert: Robert Taylor has a raised NEWS2 score');
  });

  it('says who started and completed care, and rates admissions above routine events', () => {
    const facts = { details: {}, subject: { name: 'Ann Lee', complaint: 'Cough', queueNumber: 4 }, actorName: 'Daniel Diaz' };
    expect(describeActivity({ ...facts, action: 'queue.start' }, DEFAULT_PERMISSIONS.Doctor)).toMatchObject({
      icon: 'care-started',
      title: 'Care started for Ann Lee',
      description: 'Cough · Queue #4 · by Daniel Diaz',
      priority: 'medium',
    });
    expect(describeActivity({ ...facts, action: 'queue.complete' }, DEFAULT_PERMISSIONS.Viewer)).toEqual({
      icon: 'care-completed',
      title: 'Care completed for a patient',
      description: 'Queue #4 · by Daniel Diaz',
      priority: 'low',
    });
    expect(describeActivity({ ...facts, action: 'queue.emergency-admit' }, NONE).priority).toBe('emergency');
    expect(describeActivity({ ...facts, action: 'queue.admit' }, NONE).priority).toBe('high');
  });

  it('names a new patient to the patients permission only (a Staff member manages the queue, not patients)', () => {
    const added = { action: 'patient.created' as const, details: { via: 'kiosk' }, subject: { name: 'Ann Lee' }, actorName: null };
    expect(describeActivity(added, DEFAULT_PERMISSIONS.Nurse).title).toBe('New patient: Ann Lee');
    expect(describeActivity(added, DEFAULT_PERMISSIONS.Staff)).toEqual({
      icon: 'patient-added',
      title: 'A new patient was added',
      description: 'Added at a kiosk check-in',
      priority: 'low',
    });
    expect(seesActivityDetails('patient.created', DEFAULT_PERMISSIONS.Staff)).toBe(false);
    expect(seesActivityDetails('queue.checked-in', DEFAULT_PERMISSIONS.Staff)).toBe(true);
  });

  it("shows an invitation's address to those who manage users, its role to everyone", () => {
    const invited = {
      action: 'invitation.created' as const,
      details: { email: 'new.doc@example.com', role: 'Doctor' },
      subject: null,
      actorName: 'Adam Alvarez',
    };
    expect(describeActivity(invited, DEFAULT_PERMISSIONS.Admin)).toEqual({
      icon: 'member-invited',
      title: 'new.doc@example.com invited as Doctor',
      description: 'Invited by Adam Alvarez',
      priority: 'low',
    });
    expect(describeActivity(invited, DEFAULT_PERMISSIONS.Nurse).title).toBe('A new Doctor was invited');
  });

  it('falls back to the generic text when the subject is unknown, and lists visitors before their module names them', () => {
    expect(describeActivity({ ...checkIn, subject: null }, ALL_PERMISSIONS).title).toBe('A patient checked in');
    expect(describeActivity({ action: 'visitor.checked-in', details: null, subject: null, actorName: null }, ALL_PERMISSIONS)).toEqual({
      icon: 'visitor-in',
      title: 'A visitor checked in',
      description: 'Visitor check-in',
      priority: 'low',
    });
    expect(
      describeActivity({ action: 'visitor.checked-out', details: null, subject: { name: 'Lee Park' }, actorName: null }, DEFAULT_PERMISSIONS.Staff)
        .title,
    ).toBe('Visitor Lee Park checked out');
  });

  it('gives every kind an icon and a permission', () => {
    for (const kind of Object.values(ACTIVITY_KINDS)) {
      expect(kind.icon).toBeTruthy();
      expect(kind.permission).toMatch(/^can/);
    }
  });

  it('tells the time as "Just now", minutes, hours and days, each at its boundary', () => {
    const now = new Date('2026-05-01T12:00:00Z');
    const ago = (ms: number) => timeAgo(new Date(now.getTime() - ms), now);
    expect(ago(59_999)).toBe('Just now');
    expect(ago(-5_000)).toBe('Just now');
    expect(ago(60_000)).toBe('1 minute ago');
    expect(ago(59 * 60_000 + 59_999)).toBe('59 minutes ago');
    expect(ago(3_600_000)).toBe('1 hour ago');
    expect(ago(23 * 3_600_000 + 3_599_999)).toBe('23 hours ago');
    expect(ago(86_400_000)).toBe('1 day ago');
    expect(ago(3 * 86_400_000)).toBe('3 days ago');
    expect(timeAgo('2026-05-01T11:55:00Z', now)).toBe('5 minutes ago');
  });

  it('reads a page query (10 by default, at most 100) and checks the answer', () => {
    expect(activityQuery.parse({})).toEqual({ limit: 10, offset: 0 });
    expect(activityQuery.parse({ limit: '25', offset: '50' })).toEqual({ limit: 25, offset: 50 });
    expect(activityQuery.safeParse({ limit: '101' }).success).toBe(false);
    expect(activityQuery.safeParse({ offset: '-1' }).success).toBe(false);
    const item = { id: 'a', icon: 'check-in', title: 't', description: 'd', timeAgo: 'Just now', priority: 'medium', at: new Date().toISOString() };
    expect(recentActivityResponse.safeParse({ success: true, activities: [item], total: 1 }).success).toBe(true);
    expect(recentActivityResponse.safeParse({ success: true, activities: [{ ...item, priority: 'critical' }], total: 1 }).success).toBe(false);
  });
});
