import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { concerns, invalidateForEvent } from './live-resources';

const tenant = (organizationId: string, clinicId = '') => ({ organizationId, clinicId });
const queueEvent = { type: 'queue.updated', organizationId: 'org-1', clinicId: 'clinic-1' };

describe('live refresh', () => {
  it("a queue event concerns every view of that clinic's queue and the dashboard figures, not the patient list", () => {
    expect(concerns(['waiting-room', tenant('org-1', 'clinic-1'), 'staff'], 'queue.updated', queueEvent)).toBe(true);
    expect(concerns(['waiting-room', tenant('org-1', 'clinic-1'), 'public'], 'queue.updated', queueEvent)).toBe(true);
    expect(concerns(['dashboard-stats', tenant('org-1', 'clinic-1')], 'queue.updated', queueEvent)).toBe(true);
    expect(concerns(['patients', 'list', {}], 'queue.updated', queueEvent)).toBe(false);
  });

  it('a check-in, a new patient or a member change refreshes every page of the recent activity of that tenant', () => {
    const page = { limit: 10, offset: 0 };
    expect(concerns(['recent-activity', tenant('org-1', 'clinic-1'), page], 'queue.updated', queueEvent)).toBe(true);
    expect(
      concerns(['recent-activity', tenant('org-1', 'clinic-1'), { limit: 20, offset: 40 }], 'patient.created', {
        ...queueEvent,
        type: 'patient.created',
      }),
    ).toBe(true);
    expect(
      concerns(['recent-activity', tenant('org-1', 'clinic-1'), page], 'member.updated', { type: 'member.updated', organizationId: 'org-1' }),
    ).toBe(true);
    expect(concerns(['recent-activity', tenant('org-2', 'clinic-1'), page], 'queue.updated', queueEvent)).toBe(false);
    expect(concerns(['recent-activity', tenant('org-1', 'clinic-1'), page], 'patient.updated', { ...queueEvent, type: 'patient.updated' })).toBe(
      false,
    );
  });

  it("an emergency event or a queue change refreshes that clinic's emergency room, not the patient list", () => {
    const alert = { type: 'emergency.alert.updated', organizationId: 'org-1', clinicId: 'clinic-1' };
    expect(concerns(['emergency-room', tenant('org-1', 'clinic-1'), 'dashboard'], 'emergency.alert.updated', alert)).toBe(true);
    expect(concerns(['emergency-room', tenant('org-1', 'clinic-1'), 'alerts'], 'emergency.alert.updated', alert)).toBe(true);
    expect(concerns(['emergency-room', tenant('org-1', 'clinic-1'), 'dashboard'], 'queue.updated', queueEvent)).toBe(true);
    expect(concerns(['emergency-room', tenant('org-1', 'clinic-2'), 'dashboard'], 'emergency.alert.updated', alert)).toBe(false);
    expect(concerns(['patients', 'list', {}], 'emergency.alert.updated', alert)).toBe(false);
  });

  it('leaves other clinics and organizations alone; a key naming no clinic hears every clinic of its organization', () => {
    expect(concerns(['waiting-room', tenant('org-1', 'clinic-2'), 'staff'], 'queue.updated', queueEvent)).toBe(false);
    expect(concerns(['waiting-room', tenant('org-2', 'clinic-1'), 'staff'], 'queue.updated', queueEvent)).toBe(false);
    expect(concerns(['waiting-room', tenant('org-1'), 'staff'], 'queue.updated', queueEvent)).toBe(true);
  });

  it('a reconnection concerns every live resource, an unknown event none', () => {
    expect(concerns(['patient-stats', tenant('org-9', 'c')], 'reconnected', null)).toBe(true);
    expect(concerns(['waiting-room', tenant('org-1', 'clinic-1')], 'member.updated', { ...queueEvent, type: 'member.updated' })).toBe(false);
    expect(concerns(['session', 'user'], 'reconnected', null)).toBe(false);
  });

  it('marks the concerned cached queries stale and no others', async () => {
    const client = new QueryClient();
    client.setQueryData(['waiting-room', tenant('org-1', 'clinic-1'), 'staff'], []);
    client.setQueryData(['waiting-room', tenant('org-1', 'clinic-2'), 'staff'], []);
    await invalidateForEvent(client, 'queue.updated', queueEvent);
    expect(client.getQueryState(['waiting-room', tenant('org-1', 'clinic-1'), 'staff'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['waiting-room', tenant('org-1', 'clinic-2'), 'staff'])?.isInvalidated).toBe(false);
  });
});
