/**
 * Who may call each feature's routes and open its screens, as data: one table per feature. The
 * server's routes name an entry (`access: PATIENTS_ACCESS.manage`) and the web's guards name the
 * same entry, so the two never drift apart. The decision itself is {@link checkAccess} in
 * `access.ts`; the server is the authority, a guard on a page is only a courtesy.
 *
 * Types only are imported here: the web's route table loads this file into every page's bundle.
 */
import type { AccessRequirement } from './access.js';
import type { Feature } from './plans.js';

/** One entry of a feature's table: a role and/or permission flag, and optionally a plan feature. */
export interface RouteAccessRule extends AccessRequirement {
  /** A plan feature the organization's subscription must include. */
  feature?: Feature;
}

/** The dashboard: any active member of the organization. */
export const DASHBOARD_ACCESS = {
  view: {},
} as const satisfies Record<string, RouteAccessRule>;

/** The patient directory (list, read, create, update, discharge, reactivate, visits). */
export const PATIENTS_ACCESS = {
  /** Everything but archiving: the patients permission. */
  manage: { permission: 'canManagePatients' },
  /** Archiving takes a patient out of the directory: Admin or above, and the patients permission. */
  archive: { role: 'Admin', permission: 'canManagePatients' },
} as const satisfies Record<string, RouteAccessRule>;
