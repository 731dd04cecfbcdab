import { describe, expect, it } from 'vitest';
import { DEFAULT_PERMISSIONS, ROLES, type Role } from './access.js';
import { featuresFor, workspaceFeatures } from './plans.js';
import { TRIAGE_ACCESS } from './route-access.js';
import { areaOfPath, openableAreas, screenRefusal, type WorkspaceViewer } from './screen-access.js';
import { WORKSPACE_AREA_LIST } from './workspace-areas.js';

/** The demo organization's plan. */
const PROFESSIONAL = workspaceFeatures({ planId: 'professional', status: 'active' });

/** A demo account of `role`: that role's default flags, on the demo plan. */
const demo = (role: Role, features = PROFESSIONAL): WorkspaceViewer => ({
  member: { role, permissions: DEFAULT_PERMISSIONS[role], status: 'active' },
  features,
});

const labels = (viewer: WorkspaceViewer) => openableAreas(viewer).map((a) => a.label);

/** Every area of the navigation, in its order: what an Owner opens. */
const EVERY_AREA = [
  'Dashboard',
  'Triage',
  'Queue',
  'Patients',
  'Emergency Room',
  'Paging',
  'Visitors',
  'Clinical Trials',
  'Analytics',
  'Organization',
  'Organization Settings',
  'Settings',
  'Billing',
];

describe('workspace areas in the navigation', () => {
  it.each<[Role, string[]]>([
    ['Owner', EVERY_AREA],
    ['Admin', EVERY_AREA.filter((area) => area !== 'Organization')],
    [
      'Manager',
      ['Dashboard', 'Triage', 'Queue', 'Patients', 'Emergency Room', 'Paging', 'Visitors', 'Clinical Trials', 'Analytics', 'Settings', 'Billing'],
    ],
    ['Doctor', ['Dashboard', 'Triage', 'Queue', 'Patients', 'Emergency Room', 'Paging', 'Clinical Trials', 'Analytics', 'Settings', 'Billing']],
    ['Nurse', ['Dashboard', 'Triage', 'Queue', 'Patients', 'Emergency Room', 'Paging', 'Analytics', 'Settings', 'Billing']],
    ['Staff', ['Dashboard', 'Queue', 'Paging', 'Visitors', 'Analytics', 'Settings', 'Billing']],
    ['Viewer', ['Dashboard', 'Analytics', 'Settings', 'Billing']],
  ])('shows a demo %s the areas of their role', (role, expected) => {
    expect(labels(demo(role))).toEqual(expected);
  });

  it('shows a Nurse the Emergency Room but not the Organization', () => {
    const shown = labels(demo('Nurse'));
    expect(shown).toContain('Emergency Room');
    expect(shown).not.toContain('Organization');
  });

  it('covers every role', () => {
    for (const role of ROLES) expect(labels(demo(role))).toContain('Dashboard');
  });

  it('follows the member’s own flags, not the role’s defaults', () => {
    const nurseWithoutEr: WorkspaceViewer = {
      member: { role: 'Nurse', permissions: { ...DEFAULT_PERMISSIONS.Nurse, canAccessEmergencyRoom: false }, status: 'active' },
      features: PROFESSIONAL,
    };
    expect(labels(nurseWithoutEr)).not.toContain('Emergency Room');
    expect(labels(nurseWithoutEr)).not.toContain('Triage');
  });

  it('hides Triage when the plan lacks AI triage, refusing it with the spec text', () => {
    const noPlan = demo('Doctor', featuresFor({ planId: 'professional', status: 'canceled' }));
    expect(labels(noPlan)).not.toContain('Triage');
    // The emergency room is a Professional feature too; the directory needs no plan feature.
    expect(labels(noPlan)).not.toContain('Emergency Room');
    expect(labels(noPlan)).toContain('Patients');
    expect(screenRefusal(noPlan, TRIAGE_ACCESS.use)).toEqual({
      kind: 'feature',
      required: 'aiTriage',
      message: 'AI Triage feature requires a subscription. Please upgrade your plan.',
    });
  });

  it('shows an inactive member only the areas that need nothing but a sign-in', () => {
    const disabled: WorkspaceViewer = {
      member: { role: 'Owner', permissions: DEFAULT_PERMISSIONS.Owner, status: 'disabled' },
      features: PROFESSIONAL,
    };
    expect(labels(disabled)).toEqual(['Dashboard', 'Analytics', 'Settings', 'Billing']);
  });

  it('lets a user without an organization reach the organization screens (to create one), as the role guard does', () => {
    expect(labels({ member: null, features: [] })).toEqual([
      'Dashboard',
      'Analytics',
      'Organization',
      'Organization Settings',
      'Settings',
      'Billing',
    ]);
  });

  it('gives every area its own path and icon', () => {
    const paths = WORKSPACE_AREA_LIST.flatMap((a) => [a.path, ...(a.aliases ?? [])]);
    expect(new Set(paths).size).toBe(paths.length);
    expect(new Set(WORKSPACE_AREA_LIST.map((a) => a.icon)).size).toBe(WORKSPACE_AREA_LIST.length);
  });
});

describe('the area of a path', () => {
  it.each([
    ['/dashboard', 'dashboard'],
    ['/patients', 'patients'],
    ['/patients/p-1/edit', 'patients'],
    ['/organization', 'organization'],
    ['/organization/settings', 'organizationSettings'],
    ['/visitor-management', 'visitors'],
    ['/cds-queue', 'queue'],
    ['/paging', 'paging'],
    ['/patientsx', undefined],
    ['/kiosk', undefined],
  ])('%s belongs to %s', (path, id) => {
    expect(areaOfPath(path)).toBe(id);
  });
});
