import { describe, expect, it } from 'vitest';
import { DEFAULT_PERMISSIONS, isAllowed, ROLES, type Role } from './access.js';
import { DASHBOARD_ACCESS, PATIENTS_ACCESS } from './route-access.js';

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
});
