import { ALL_PERMISSIONS, DEFAULT_PERMISSIONS, type Role } from '@clinic/domain';
import { hash } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import type { AppDb } from '../client.js';
import { clinics, organizationMembers, organizations, users } from '../schema/index.js';
import { withTenant } from '../tenant.js';
import { seedActivity } from './activity.js';
import { seedClinicalTrials } from './clinical-trials.js';
import { DEMO_VISIT_FEES, seedAnalyticsHistory } from './analytics.js';
import { seedBilling } from './billing.js';
import { seedEmergency } from './emergency.js';
import { seedGdpr } from './gdpr.js';
import { demoOrganizationSettings } from './organization-settings.js';
import { seedPaging } from './paging.js';
import { seedPatients } from './patients.js';
import { seedQueue } from './queue.js';
import { seedSettings } from './settings.js';
import { seedVisitors } from './visitors.js';

/** The demo organization's id, also the id of its main clinic (the spec's default). */
export const DEMO_ORGANIZATION_ID = 'default-clinic';
export const DEMO_CLINIC_ID = 'default-clinic';
/** The demo organization's time zone (its settings). */
const DEMO_TIME_ZONE = 'America/Los_Angeles';

/** The demo accounts, one per role. */
export const DEMO_USERS: ReadonlyArray<{ email: string; role: Role; firstName: string; lastName: string; department: string; title: string }> = [
  {
    email: 'owner@demo.clinic',
    role: 'Owner',
    firstName: 'Olivia',
    lastName: 'Owens',
    department: 'Administration',
    title: 'System Administrator',
  },
  {
    email: 'admin@demo.clinic',
    role: 'Admin',
    firstName: 'Adam',
    lastName: 'Alvarez',
    department: 'Administration',
    title: 'Practice Administrator',
  },
  { email: 'manager@demo.clinic', role: 'Manager', firstName: 'Maya', lastName: 'Mendes', department: 'Operations', title: 'Clinic Manager' },
  {
    email: 'doctor@demo.clinic',
    role: 'Doctor',
    firstName: 'Daniel',
    lastName: 'Diaz',
    department: 'Emergency Medicine',
    title: 'Attending Physician',
  },
  { email: 'nurse@demo.clinic', role: 'Nurse', firstName: 'Nora', lastName: 'Nguyen', department: 'Emergency Medicine', title: 'Charge Nurse' },
  { email: 'staff@demo.clinic', role: 'Staff', firstName: 'Sam', lastName: 'Stone', department: 'Front Desk', title: 'Reception' },
  { email: 'viewer@demo.clinic', role: 'Viewer', firstName: 'Victor', lastName: 'Vance', department: 'Quality', title: 'Analyst' },
];

/** True when the database holds no user yet (a fresh embedded database). */
export async function isEmpty(db: AppDb): Promise<boolean> {
  const rows = await db.execute(sql`select 1 from users limit 1`);
  return rows.rows.length === 0;
}

/**
 * Loads the demo organization, its main clinic, one member per role and the patient directory;
 * with `queue`, also a living queue (people waiting, in care and seen today, relative to now) and
 * the visitors of the last 14 days, as
 * `npm start` and `npm run seed` do. Tests leave it out unless they ask, so their counts start
 * from an empty queue. Safe to run twice: it does nothing when the demo organization exists.
 */
export async function seedDemo(db: AppDb, password: string, options: { queue?: boolean } = {}): Promise<boolean> {
  const [existing] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, DEMO_ORGANIZATION_ID));
  if (existing) return false;
  const passwordHash = await hash(password);
  const now = new Date();
  const userIds = new Map<string, string>();
  for (const u of DEMO_USERS) {
    const id = crypto.randomUUID();
    userIds.set(u.email, id);
    await db.insert(users).values({
      id,
      email: u.email,
      passwordHash,
      firstName: u.firstName,
      lastName: u.lastName,
      currentOrganizationId: DEMO_ORGANIZATION_ID,
      currentClinicId: DEMO_CLINIC_ID,
      emailVerifiedAt: new Date(),
    });
  }
  await withTenant(db, DEMO_ORGANIZATION_ID, async (tx) => {
    await tx.insert(organizations).values({
      id: DEMO_ORGANIZATION_ID,
      name: 'Demo General Hospital',
      type: 'hospital',
      description: 'Demonstration organization with sample data.',
      address: '100 Main Street, Springfield, CA 90000, USA',
      phone: '(555) 010-0100',
      email: 'contact@demo.clinic',
      website: 'https://demo.clinic',
      status: 'active',
      settings: {
        timezone: DEMO_TIME_ZONE,
        language: 'en',
        currency: 'USD',
        dateFormat: 'MM/DD/YYYY',
        timeFormat: '12h',
        maxUsers: 100,
        features: [],
        sessionTimeoutMinutes: 30,
        visitFees: DEMO_VISIT_FEES,
        doctorShiftHours: 8,
        ...demoOrganizationSettings(),
      },
      planId: 'professional',
      subscriptionStatus: 'active',
      subscriptionStartedAt: now,
      currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
      billingCycle: 'monthly',
      createdBy: userIds.get('owner@demo.clinic'),
    });
    await tx.insert(clinics).values({
      organizationId: DEMO_ORGANIZATION_ID,
      id: DEMO_CLINIC_ID,
      name: 'Demo General Hospital Main Clinic',
      type: 'general',
      status: 'active',
      address: '100 Main Street, Springfield, CA 90000, USA',
      phone: '(555) 010-0100',
    });
    const memberIds = new Map<string, string>();
    for (const u of DEMO_USERS) {
      memberIds.set(u.email, crypto.randomUUID());
      await tx.insert(organizationMembers).values({
        organizationId: DEMO_ORGANIZATION_ID,
        id: memberIds.get(u.email)!,
        userId: userIds.get(u.email)!,
        role: u.role,
        permissions: u.role === 'Owner' ? ALL_PERMISSIONS : DEFAULT_PERMISSIONS[u.role],
        department: u.department,
        title: u.title,
        status: 'active',
        joinedAt: now,
      });
    }
    const doctor = { userId: userIds.get('doctor@demo.clinic')!, memberId: memberIds.get('doctor@demo.clinic')! };
    const directory = await seedPatients(tx, DEMO_ORGANIZATION_ID, DEMO_CLINIC_ID, doctor.userId);
    if (options.queue) {
      const scope = { organizationId: DEMO_ORGANIZATION_ID, clinicId: DEMO_CLINIC_ID, timeZone: DEMO_TIME_ZONE };
      await seedQueue(tx, scope, doctor, directory, now);
      // The audit rows of that history: the dashboard's Recent Activity reads the audit trail.
      await seedActivity(tx, scope, doctor);
      // The 90 days before today, for the analytics (with their own history lines and audit rows).
      await seedAnalyticsHistory(tx, scope, { doctor: doctor.userId, nurse: userIds.get('nurse@demo.clinic')! }, directory, now);
      // Visitors of the last 14 days and patients in rooms to visit (their audit rows included).
      await seedVisitors(tx, scope, userIds.get('staff@demo.clinic')!, directory, now);
      // The emergency room's protocols, scorings, alerts and mass-casualty event over that queue.
      await seedEmergency(tx, scope, doctor, now);
      // Three trials (one recruiting pediatric asthma trial), a dozen enrolments with visits, adverse events.
      await seedClinicalTrials(tx, scope, doctor.userId, directory, now);
      // The subscription's invoices and a pending invitation.
      await seedBilling(tx, DEMO_ORGANIZATION_ID, userIds.get('owner@demo.clinic')!, now);
      // The Admin's settings and the last day's security events (the SOC 2 dashboard, the audit trail).
      await seedSettings(tx, scope, userIds, now);
      // Patients' rights: consents, an overdue copy request and closed requests, with their audit rows.
      await seedGdpr(tx, scope, { recordedBy: userIds.get('nurse@demo.clinic')!, admin: userIds.get('admin@demo.clinic')! }, directory, now);
      // The Doctor and Nurse on-call rotas and the last day's pages, one still open for the doctor.
      const member = (role: string) => memberIds.get(`${role}@demo.clinic`)!;
      const cast = { doctor: member('doctor'), nurse: member('nurse'), staff: member('staff'), manager: member('manager'), admin: member('admin') };
      await seedPaging(tx, scope, cast, now);
    }
  });
  return true;
}

/** The lines printed at start-up so a newcomer can sign in. */
export function demoSignInLines(password: string): string[] {
  return [
    'Demo sign-in (one account per role, all with the same password):',
    ...DEMO_USERS.map((u) => `  ${u.role.padEnd(8)} ${u.email}`),
    `  password: ${password}`,
  ];
}
