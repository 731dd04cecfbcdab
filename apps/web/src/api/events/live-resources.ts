import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { LiveEvent } from './use-live-events';

/**
 * Which cached data each server event changes, by the first element of its query keys (the
 * resource). A screen's query joins the live refresh by starting its key with one of these names;
 * a key whose second element is a tenant (`{ organizationId, clinicId }`) is refreshed only by
 * events of that tenant. The dashboard's `recent-activity` hears the events whose actions it lists
 * (check-ins, care, alerts: `queue.updated`; patients added or discharged) and member changes.
 */
export const LIVE_RESOURCES: Record<string, readonly string[]> = {
  'queue.updated': ['waiting-room', 'dashboard-stats', 'recent-activity', 'emergency-room', 'kiosk-stats'],
  'patient.created': ['patients', 'patient-stats', 'dashboard-stats', 'recent-activity'],
  'patient.updated': ['patients', 'patient-stats', 'dashboard-stats'],
  'patient.discharged': ['patients', 'patient-stats', 'dashboard-stats', 'recent-activity'],
  'patient.reactivated': ['patients', 'patient-stats', 'dashboard-stats'],
  'patient.archived': ['patients', 'patient-stats', 'dashboard-stats'],
  'patient.visit.created': ['patients', 'dashboard-stats'],
  // A member's flags decide what the activity names; joining and invitations arrive with its 30 s poll.
  'member.updated': ['recent-activity'],
  // The visitor console's list, stats and badges; check-ins and check-outs are activity.
  'visitors.updated': ['visitors', 'visitor-stats', 'recent-activity'],
  'visitors.security-alert': ['visitors', 'visitor-stats'],
  // The emergency room dashboard and the dashboard's Emergency tab.
  'emergency.alert.updated': ['emergency-room'],
  'emergency.assessment.created': ['emergency-room'],
  'emergency.mass-casualty.updated': ['emergency-room'],
  'emergency.protocol.updated': ['emergency-room'],
  'emergency.facility.updated': ['emergency-room'],
  'emergency.patient-details.updated': ['emergency-room'],
  // The clinical trial dashboard: trials, enrolments, adverse events; a serious event is an alert.
  'clinical-trials.updated': ['clinical-trials'],
  'clinical-trials.safety-alert': ['clinical-trials'],
  // Pages: the inbox, the pager badge, the history, the figures and the rotas.
  'paging.updated': ['paging'],
};

/** The events a stream listens to. */
export const LIVE_EVENT_NAMES = Object.keys(LIVE_RESOURCES);

const isTenant = (part: unknown): part is { organizationId: string; clinicId: string } =>
  typeof part === 'object' && part !== null && 'organizationId' in part && 'clinicId' in part;

/**
 * Whether a cached key is concerned by an event: its resource is one the event changes, and its
 * tenant (when it has one and the event names one) is the event's organization and, when both
 * name one, the same clinic. Without an event (a reconnection, when events may have been missed)
 * every live resource is concerned.
 */
export function concerns(key: QueryKey, name: string, event: LiveEvent | null): boolean {
  const resources = event ? LIVE_RESOURCES[name] : [...new Set(Object.values(LIVE_RESOURCES).flat())];
  if (!resources?.includes(String(key[0]))) return false;
  const tenant = key[1];
  if (!event?.organizationId || !isTenant(tenant) || !tenant.organizationId) return true;
  if (tenant.organizationId !== event.organizationId) return false;
  return !tenant.clinicId || !event.clinicId || tenant.clinicId === event.clinicId;
}

/** Marks what an event changed as stale; what is on screen reloads at once. */
export function invalidateForEvent(client: QueryClient, name: string, event: LiveEvent | null): Promise<void> {
  return client.invalidateQueries({ predicate: (query) => concerns(query.queryKey, name, event) });
}
