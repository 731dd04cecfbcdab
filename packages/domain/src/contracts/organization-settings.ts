import { z } from 'zod';
import {
  ORGANIZATION_TYPES,
  allowListEntry,
  billingSettingsSchema,
  integrationSchema,
  organizationSettings,
  passwordPolicySchema,
} from './organizations.js';
import { MAX_ALLOW_LIST_ENTRIES } from '../rules/ip-allow-list.js';
import { LONG_TEXT, requiredText } from './common.js';
import { pagingSettingsInput } from './paging.js';

/**
 * `GET` and `PUT /api/organizations/settings` (the `/organization/settings` screen, Admin or
 * above): six sections over the organization's row and its `settings` (`contracts/organizations.ts`).
 */

/** The General tab: the organization's name, type and description, its time zone and language. */
export const generalSettingsDto = z.object({
  name: z.string(),
  type: z.string(),
  description: z.string(),
  timezone: z.string(),
  language: organizationSettings.shape.language,
});

/** The Security tab. `sessionTimeout` is in minutes (the settings' `sessionTimeoutMinutes`). */
export const securitySettingsDto = z.object({
  requireTwoFactor: z.boolean(),
  sessionTimeout: z.number(),
  passwordPolicy: passwordPolicySchema,
  ipWhitelist: z.array(z.string()),
});

/** The Billing tab: what the organization saved, and the subscription it is on (read-only here). */
export const billingSettingsDto = z.object({
  plan: z.string().nullable(),
  status: z.string(),
  nextBillingDate: z.string().nullable(),
  email: z.string(),
  address: z.object({ street: z.string(), city: z.string(), state: z.string(), zip: z.string() }),
  /** The payment method on file, as the provider describes it; null when there is none. */
  paymentMethod: z.string().nullable(),
});

/** The organization settings, every tab. */
export const organizationSettingsDto = z.object({
  general: generalSettingsDto,
  security: securitySettingsDto,
  notifications: z.object({
    email: z.object({ userInvitations: z.boolean(), userActivity: z.boolean(), systemAlerts: z.boolean(), billing: z.boolean() }),
    inApp: z.object({ userActivity: z.boolean(), systemAlerts: z.boolean(), maintenance: z.boolean() }),
  }),
  integrations: z.record(z.string(), z.object({ enabled: z.boolean(), systemName: z.string(), endpoint: z.string() })),
  billing: billingSettingsDto,
  /**
   * The Paging section: acknowledgement timeouts, automatic pages for critical alerts, the outbound
   * webhook, and the secret its deliveries are signed with (made when a webhook address is first
   * saved; null before).
   */
  paging: pagingSettingsInput.extend({ webhookUrl: z.string().nullable(), signingSecret: z.string().nullable() }),
});
/** The organization settings. */
export type OrganizationSettingsDto = z.infer<typeof organizationSettingsDto>;

/** `{ success, settings }`: both routes answer it. */
export const organizationSettingsResponse = z.object({ success: z.literal(true), settings: organizationSettingsDto });

/** Every field of an object optional, nested objects too, with no defaults filled in. */
const partialOf = <T extends z.ZodRawShape>(shape: T) => z.object(shape).partial().strict();

/** A change of one integration. */
const integrationChange = partialOf({
  enabled: z.boolean(),
  systemName: z.string().trim().max(100),
  endpoint: integrationSchema.shape.endpoint.unwrap(),
});

/** `PUT /api/organizations/settings`: any part of any section; what is left out keeps its value. */
export const updateOrganizationSettingsBody = z
  .object({
    general: partialOf({
      name: requiredText(),
      type: z.enum(ORGANIZATION_TYPES),
      description: z.string().trim().max(LONG_TEXT),
      timezone: z
        .string()
        .max(64)
        .refine((tz) => Intl.supportedValuesOf('timeZone').includes(tz) || tz === 'UTC', { message: 'Choose a time zone from the list' }),
      language: organizationSettings.shape.language.unwrap(),
    }),
    security: partialOf({
      requireTwoFactor: z.boolean(),
      sessionTimeout: z.number().int().min(5).max(720),
      passwordPolicy: partialOf({
        minLength: passwordPolicySchema.shape.minLength.unwrap(),
        requireSymbols: z.boolean(),
        requireNumbers: z.boolean(),
        requireUppercase: z.boolean(),
      }),
      // One entry per line as typed: blank lines are dropped, not refused.
      ipWhitelist: z.preprocess(
        (v) => (Array.isArray(v) ? v.filter((e) => typeof e !== 'string' || e.trim() !== '') : v),
        z.array(allowListEntry).max(MAX_ALLOW_LIST_ENTRIES),
      ),
    }),
    notifications: partialOf({
      email: partialOf({ userInvitations: z.boolean(), userActivity: z.boolean(), systemAlerts: z.boolean(), billing: z.boolean() }),
      inApp: partialOf({ userActivity: z.boolean(), systemAlerts: z.boolean(), maintenance: z.boolean() }),
    }),
    integrations: partialOf({ emr: integrationChange, lab: integrationChange, radiology: integrationChange }),
    billing: partialOf({
      email: billingSettingsSchema.shape.email.unwrap(),
      address: partialOf({
        street: z.string().trim().max(200),
        city: z.string().trim().max(100),
        state: z.string().trim().max(100),
        zip: z.string().trim().max(20),
      }),
    }),
    paging: partialOf({
      timeoutMinutes: pagingSettingsInput.shape.timeoutMinutes.partial().strict(),
      autoPageCritical: pagingSettingsInput.shape.autoPageCritical,
      webhookUrl: pagingSettingsInput.shape.webhookUrl,
    }),
  })
  .partial()
  .strict();
/** The settings change input. */
export type UpdateOrganizationSettingsBody = z.infer<typeof updateOrganizationSettingsBody>;
