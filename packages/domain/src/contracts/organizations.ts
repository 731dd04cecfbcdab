import { z } from 'zod';
import { DEFAULT_TIME_ZONE } from '../rules/clinic-time.js';
import { PLAN_IDS } from '../rules/plans.js';
import { DEFAULT_DOCTOR_SHIFT_HOURS } from '../rules/analytics.js';
import { URGENCY_LEVELS } from '../rules/risk-levels.js';
import { DEFAULT_PASSWORD_POLICY, POLICY_MIN_LENGTH_RANGE } from '../rules/password-policy.js';
import { MAX_ALLOW_LIST_ENTRIES, isAllowListEntry } from '../rules/ip-allow-list.js';
import { VISITOR_PATIENT_LOOKUPS } from '../rules/visitors.js';
import { epicIntegration } from './settings.js';

/** Organization types the server accepts (the setup form offers the first three). */
export const ORGANIZATION_TYPES = [
  'hospital',
  'clinic',
  'medical_center',
  'urgent_care',
  'private_practice',
  'other',
  // The organization settings screen's Medical Group and Healthcare System (platform-core section 2).
  'medical_group',
  'healthcare_system',
] as const;
/** Types offered by the organization setup step. */
export const SETUP_ORGANIZATION_TYPES = ['hospital', 'clinic', 'medical_center'] as const;

const WALL_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** An organization's password policy (`rules/password-policy.ts`). */
export const passwordPolicySchema = z.object({
  minLength: z.number().int().min(POLICY_MIN_LENGTH_RANGE.min).max(POLICY_MIN_LENGTH_RANGE.max).default(DEFAULT_PASSWORD_POLICY.minLength),
  requireSymbols: z.boolean().default(DEFAULT_PASSWORD_POLICY.requireSymbols),
  requireNumbers: z.boolean().default(DEFAULT_PASSWORD_POLICY.requireNumbers),
  requireUppercase: z.boolean().default(DEFAULT_PASSWORD_POLICY.requireUppercase),
});

/** One line of the IP allow-list: an IPv4 or IPv6 address, or a CIDR range of either. */
export const allowListEntry = z
  .string()
  .trim()
  .max(64)
  .refine(isAllowListEntry, { message: 'Enter an IP address or a CIDR range (e.g. 203.0.113.0/24)' });

/** What the organization is told about by e-mail and in the app (Organization settings, Notifications). */
export const notificationSettingsSchema = z.object({
  email: z
    .object({
      userInvitations: z.boolean().default(true),
      userActivity: z.boolean().default(false),
      systemAlerts: z.boolean().default(true),
      billing: z.boolean().default(true),
    })
    .prefault({}),
  inApp: z
    .object({
      userActivity: z.boolean().default(true),
      systemAlerts: z.boolean().default(true),
      maintenance: z.boolean().default(true),
    })
    .prefault({}),
});

/** An https URL, or empty for none. */
const httpsEndpoint = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || (URL.canParse(v) && new URL(v).protocol === 'https:'), { message: 'The endpoint must be an https:// address' });

/** One connected system (Organization settings, Integrations). */
export const integrationSchema = z.object({
  enabled: z.boolean().default(false),
  systemName: z.string().trim().max(100).default(''),
  endpoint: httpsEndpoint.default(''),
});

/**
 * The connected systems, one entry each: EMR, lab and radiology (Organization settings,
 * Integrations), and the Epic EHR connection (Settings, System; saved through
 * `PUT /api/settings/integrations/epic`).
 */
export const integrationSettingsSchema = z.object({
  emr: integrationSchema.prefault({}),
  lab: integrationSchema.prefault({}),
  radiology: integrationSchema.prefault({}),
  epic: epicIntegration.optional(),
});

/** Where invoices go (Organization settings, Billing). */
export const billingSettingsSchema = z.object({
  email: z.union([z.literal(''), z.email().max(254)]).default(''),
  address: z
    .object({
      street: z.string().trim().max(200).default(''),
      city: z.string().trim().max(100).default(''),
      state: z.string().trim().max(100).default(''),
      zip: z.string().trim().max(20).default(''),
    })
    .prefault({}),
});

/** Organization settings kept with the organization. */
export const organizationSettings = z.object({
  timezone: z.string().max(64).default(DEFAULT_TIME_ZONE),
  language: z.enum(['en', 'es', 'fr', 'de']).default('en'),
  currency: z.string().max(8).default('USD'),
  dateFormat: z.string().max(20).default('MM/DD/YYYY'),
  timeFormat: z.enum(['12h', '24h']).default('12h'),
  maxUsers: z.number().int().min(1).max(1000).default(100),
  features: z.array(z.string().max(50)).max(50).default([]),
  sessionTimeoutMinutes: z.number().int().min(5).max(720).default(30),
  /** Members must sign in with a second factor (TOTP); one without it must enrol first. */
  requireTwoFactor: z.boolean().default(false),
  passwordPolicy: passwordPolicySchema.prefault({}),
  /** Addresses and CIDR ranges staff requests may come from; empty allows every address. */
  ipWhitelist: z.array(allowListEntry).max(MAX_ALLOW_LIST_ENTRIES).default([]),
  notifications: notificationSettingsSchema.prefault({}),
  integrations: integrationSettingsSchema.prefault({}),
  billing: billingSettingsSchema.prefault({}),
  /**
   * The fee of a visit by its type, the clinician's final priority (for the analytics' revenue per patient),
   * in the organization's currency; a type without a fee earns nothing, and no fee at all is "No data".
   */
  visitFees: z.partialRecord(z.enum(URGENCY_LEVELS), z.number().min(0).max(1_000_000)).default({}),
  /** Hours a doctor is on duty on a day they give care (for the analytics' resource utilization). */
  doctorShiftHours: z.number().min(1).max(24).default(DEFAULT_DOCTOR_SHIFT_HOURS),
  // The visiting policy; absent means the spec's default (`rules/visitors.ts`).
  visitingHoursStart: z.string().regex(WALL_TIME, 'Use HH:MM').optional(),
  visitingHoursEnd: z.string().regex(WALL_TIME, 'Use HH:MM').optional(),
  badgeValidHours: z.number().int().min(1).max(24).optional(),
  maxVisitorsPerPatient: z.number().int().min(1).max(20).optional(),
  /** How the visitor kiosk finds the patient: by name (default), or by room number too. */
  visitorPatientLookup: z.enum(VISITOR_PATIENT_LOOKUPS).optional(),
  // The organization panel's settings (operations-and-public section 3, Organization).
  allowPatientSharing: z.boolean().default(false),
  requireApproval: z.boolean().default(false),
  kioskEnabled: z.boolean().default(true),
  cdsEnabled: z.boolean().default(true),
  /** On: a banner on every staff screen, and the visitor limits (hours, visitors per patient) lifted. */
  emergencyMode: z.boolean().default(false),
  /** The panel's structured address (the organization's `address` keeps the one-line form). */
  postalAddress: z
    .object({
      street: z.string().trim().max(200).default(''),
      city: z.string().trim().max(100).default(''),
      state: z.string().trim().max(100).default(''),
      zipCode: z.string().trim().max(20).default(''),
      country: z.string().trim().max(100).default('United States'),
    })
    .optional(),
  emergencyPhone: z.string().trim().max(40).optional(),
});
/** Organization settings. */
export type OrganizationSettings = z.infer<typeof organizationSettings>;

/** The subscription an organization carries. */
export const subscriptionDto = z.object({
  plan: z.enum(PLAN_IDS).nullable(),
  status: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  trialEndsAt: z.string().nullable(),
  billingCycle: z.string(),
});

/** An organization as the API returns it. */
export const organizationDto = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  description: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  contactInfo: z.object({ phone: z.string().nullable(), email: z.string().nullable(), website: z.string().nullable() }),
  status: z.string(),
  settings: organizationSettings,
  subscription: subscriptionDto,
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Made by the organization test page, so removable by its Owner. */
  testOrganization: z.boolean(),
});
/** An organization. */
export type OrganizationDto = z.infer<typeof organizationDto>;

/** A clinic's emergency settings: the level and facility id of the emergency room's header, its bed count. */
export const clinicEmergencyDto = z.object({
  level: z.string().nullable(),
  facilityId: z.string().nullable(),
  bedCount: z.number().nullable(),
});
/** A clinic's emergency settings. */
export type ClinicEmergencyDto = z.infer<typeof clinicEmergencyDto>;

/** A clinic as the API returns it. */
export const clinicDto = z.object({
  id: z.string(),
  name: z.string(),
  organizationId: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  type: z.string(),
  status: z.string(),
  /** Its emergency settings, on the organization's clinic list (`GET /api/clinics/organization/{id}`) only. */
  emergency: clinicEmergencyDto.optional(),
});
/** A clinic. */
export type ClinicDto = z.infer<typeof clinicDto>;

/** An organization the caller may choose (member or invited). */
export const availableOrganizationDto = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  description: z.string().nullable(),
  plan: z.string().nullable(),
  isCurrent: z.boolean(),
  /** The caller's role there; null while only invited. */
  role: z.string().nullable(),
  /** True when the caller holds a pending invitation rather than a membership. */
  invited: z.boolean(),
  clinics: z.array(clinicDto),
});
/** An available organization. */
export type AvailableOrganizationDto = z.infer<typeof availableOrganizationDto>;

/** A member row of the organization screens. */
export const memberDto = z.object({
  id: z.string(),
  userId: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  role: z.string(),
  permissions: z.record(z.string(), z.boolean()),
  department: z.string().nullable(),
  title: z.string().nullable(),
  status: z.string(),
  lastLogin: z.string().nullable(),
  joinedAt: z.string().nullable(),
});
/** A member. */
export type MemberDto = z.infer<typeof memberDto>;

/** An invitation as the API returns it. */
export const invitationDto = z.object({
  id: z.string(),
  email: z.string(),
  role: z.string(),
  status: z.string(),
  organizationId: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
