import { describe, expect, it } from 'vitest';
import { DEFAULT_PERMISSIONS, isAllowed, ROLES, type Role } from './access.js';
import { TRIAGE_FEATURE_MESSAGE } from '../contracts/triage.js';
import {
  ADMIN_ACCESS,
  ANALYTICS_ACCESS,
  BILLING_ACCESS,
  DASHBOARD_ACCESS,
  EMERGENCY_ACCESS,
  MEMBERS_ACCESS,
  OPS_ACCESS,
  ORGANIZATIONS_ACCESS,
  PATIENTS_ACCESS,
  QUEUE_ACCESS,
  SETTINGS_ACCESS,
  SIGN_IN_LOCKS_ACCESS,
  TRIAGE_ACCESS,
  TRIALS_ACCESS,
  VISITORS_ACCESS,
} from './route-access.js';

/** The roles that, with their default flags, meet `rule`. */
const allowedRoles = (rule: Parameters<typeof isAllowed>[1]) =>
  ROLES.filter((role: Role) => isAllowed({ role, permissions: DEFAULT_PERMISSIONS[role] }, rule));

describe('route access tables', () => {
  it('lets every member see the dashboard', () => {
    expect(allowedRoles(DASHBOARD_ACCESS.view)).toEqual([...ROLES]);
  });

  it('gives the patient directory to the roles that manage patients by default, and archiving to Admin and Owner only', () => {
    expect(allowedRoles(PATIENTS_ACCESS.manage)).toEqual(['Nurse', 'Doctor', 'Manager', 'Admin', 'Owner']);
    expect(allowedRoles(PATIENTS_ACCESS.archive)).toEqual(['Admin', 'Owner']);
  });

  it('gives the waiting room (and the AI risk assessment) to the roles that manage the queue by default', () => {
    expect(allowedRoles(QUEUE_ACCESS.manage)).toEqual(['Staff', 'Nurse', 'Doctor', 'Manager', 'Admin', 'Owner']);
    expect(TRIAGE_ACCESS.risk).toEqual(QUEUE_ACCESS.manage);
  });

  it('gives AI triage to the emergency-room roles, on a plan with aiTriage, refusing others with the spec text', () => {
    expect(allowedRoles(TRIAGE_ACCESS.use)).toEqual(['Nurse', 'Doctor', 'Manager', 'Admin', 'Owner']);
    expect(TRIAGE_ACCESS.use.feature).toBe('aiTriage');
    expect(TRIAGE_ACCESS.use.featureMessage).toBe(TRIAGE_FEATURE_MESSAGE);
  });

  it('gives member lists to the roles that manage users by default, invitations to Admins, and member changes to Admins who manage users', () => {
    expect(allowedRoles(MEMBERS_ACCESS.list)).toEqual(['Manager', 'Admin', 'Owner']);
    expect(allowedRoles(MEMBERS_ACCESS.stats)).toEqual([...ROLES]);
    expect(allowedRoles(MEMBERS_ACCESS.invitations)).toEqual(['Admin', 'Owner']);
    expect(allowedRoles(MEMBERS_ACCESS.administer)).toEqual(['Admin', 'Owner']);
    expect(SIGN_IN_LOCKS_ACCESS.manage).toEqual(MEMBERS_ACCESS.administer);
  });

  it("gives the organization's settings and clinics to the roles that manage settings by default", () => {
    expect(allowedRoles(ORGANIZATIONS_ACCESS.settings)).toEqual(['Admin', 'Owner']);
  });

  it("gives the platform's health report to Admins and Owners only", () => {
    expect(allowedRoles(OPS_ACCESS.health)).toEqual(['Admin', 'Owner']);
  });

  it("gives the organization's overview and audit logs to Admins and Owners only", () => {
    expect(allowedRoles(ADMIN_ACCESS.overview)).toEqual(['Admin', 'Owner']);
    expect(allowedRoles(ADMIN_ACCESS.logs)).toEqual(['Admin', 'Owner']);
  });

  it('gives the emergency room, visitors and clinical trials screens to the roles holding their permission by default', () => {
    expect(allowedRoles(EMERGENCY_ACCESS.view)).toEqual(['Nurse', 'Doctor', 'Manager', 'Admin', 'Owner']);
    expect(allowedRoles(VISITORS_ACCESS.manage)).toEqual(['Staff', 'Manager', 'Admin', 'Owner']);
    expect(allowedRoles(TRIALS_ACCESS.manage)).toEqual(['Doctor', 'Manager', 'Admin', 'Owner']);
  });

  it("gives the emergency room's protocols and facility settings to Admins and Owners", () => {
    expect(allowedRoles(EMERGENCY_ACCESS.protocols)).toEqual(['Admin', 'Owner']);
    expect(allowedRoles(EMERGENCY_ACCESS.facility)).toEqual(['Admin', 'Owner']);
  });

  it('gives analytics, settings and billing to every signed-in member, as the spec route table says', () => {
    for (const rule of [ANALYTICS_ACCESS.view, SETTINGS_ACCESS.view, BILLING_ACCESS.view]) expect(allowedRoles(rule)).toEqual([...ROLES]);
  });

  it('gives the organization dashboard to the Owner and its settings screen to Admins and Owners', () => {
    expect(allowedRoles(ORGANIZATIONS_ACCESS.dashboard)).toEqual(['Owner']);
    expect(allowedRoles(ORGANIZATIONS_ACCESS.settingsPage)).toEqual(['Admin', 'Owner']);
  });
});
