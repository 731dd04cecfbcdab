/**
 * The staff workspace's areas, as data: each area's path, label, icon and access rule. The web's
 * route table builds the guarded route of each area from this list, and the side navigation and
 * the command palette show the areas `openableAreas` (`screen-access.ts`) allows, so the
 * navigation never offers a link its guard would refuse. The access rules are the entries of
 * `route-access.ts`.
 *
 * The web's route table loads this file into every page's bundle (the first load of `/` has a
 * budget): data only; the decisions live in `screen-access.ts`, which only the staff shell loads.
 */
import {
  ANALYTICS_ACCESS,
  BILLING_ACCESS,
  DASHBOARD_ACCESS,
  EMERGENCY_ACCESS,
  ORGANIZATIONS_ACCESS,
  PAGING_ACCESS,
  PATIENTS_ACCESS,
  QUEUE_ACCESS,
  SETTINGS_ACCESS,
  TRIAGE_ACCESS,
  TRIALS_ACCESS,
  VISITORS_ACCESS,
  type RouteAccessRule,
} from './route-access.js';

/** The icon an area shows; the web maps each name to an icon component. */
export type WorkspaceIcon =
  | 'dashboard'
  | 'triage'
  | 'queue'
  | 'patients'
  | 'emergency'
  | 'paging'
  | 'visitors'
  | 'trials'
  | 'analytics'
  | 'organization'
  | 'organization-settings'
  | 'settings'
  | 'billing';

/** One area of the staff workspace. */
export interface WorkspaceArea {
  /** The path the navigation links to and the route table guards. */
  path: string;
  /** Other paths of the same screen (the spec's `/visitor-management`), guarded alike. */
  aliases?: readonly string[];
  /** The name shown in the navigation and the command palette. */
  label: string;
  icon: WorkspaceIcon;
  /** Who may open it: the guard of its route and the filter of the navigation. */
  access: RouteAccessRule;
  /**
   * True for an area whose route is public (the queue: staff get the Queue Manager, anyone else
   * the de-identified board), so the route has no guard; the navigation still lists it only for
   * members its rule allows.
   */
  publicRoute?: boolean;
}

/** The workspace areas by id, in navigation order. */
export const WORKSPACE_AREAS = {
  dashboard: { path: '/dashboard', label: 'Dashboard', icon: 'dashboard', access: DASHBOARD_ACCESS.view },
  triage: { path: '/triage', label: 'Triage', icon: 'triage', access: TRIAGE_ACCESS.use },
  queue: { path: '/queue', aliases: ['/cds-queue'], label: 'Queue', icon: 'queue', access: QUEUE_ACCESS.manage, publicRoute: true },
  patients: { path: '/patients', label: 'Patients', icon: 'patients', access: PATIENTS_ACCESS.manage },
  emergencyRoom: { path: '/emergency-room', label: 'Emergency Room', icon: 'emergency', access: EMERGENCY_ACCESS.view },
  paging: { path: '/paging', label: 'Paging', icon: 'paging', access: PAGING_ACCESS.page },
  visitors: { path: '/visitors', aliases: ['/visitor-management'], label: 'Visitors', icon: 'visitors', access: VISITORS_ACCESS.manage },
  clinicalTrials: { path: '/clinical-trials', label: 'Clinical Trials', icon: 'trials', access: TRIALS_ACCESS.manage },
  analytics: { path: '/analytics', label: 'Analytics', icon: 'analytics', access: ANALYTICS_ACCESS.view },
  organization: { path: '/organization', label: 'Organization', icon: 'organization', access: ORGANIZATIONS_ACCESS.dashboard },
  organizationSettings: {
    path: '/organization/settings',
    label: 'Organization Settings',
    icon: 'organization-settings',
    access: ORGANIZATIONS_ACCESS.settingsPage,
  },
  settings: { path: '/settings', label: 'Settings', icon: 'settings', access: SETTINGS_ACCESS.view },
  billing: { path: '/billing', label: 'Billing', icon: 'billing', access: BILLING_ACCESS.view },
} as const satisfies Record<string, WorkspaceArea>;

/** An area's id. */
export type WorkspaceAreaId = keyof typeof WORKSPACE_AREAS;

/** The areas in navigation order, with their ids. */
export const WORKSPACE_AREA_LIST: ReadonlyArray<WorkspaceArea & { id: WorkspaceAreaId }> = Object.entries(WORKSPACE_AREAS).map(([id, area]) => ({
  id: id as WorkspaceAreaId,
  ...area,
}));
