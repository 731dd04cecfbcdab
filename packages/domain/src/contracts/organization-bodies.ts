/** The bodies of the organization, clinic and member routes (their replies' DTOs are in `organizations.ts`). */
import { z } from 'zod';
import { PERMISSIONS, ROLES } from '../rules/access.js';
import { LONG_TEXT, SHORT_TEXT, idSchema, optionalEmail, optionalText, requiredText } from './common.js';
import { facilityBody } from './emergency-bodies.js';
import { ORGANIZATION_TYPES, organizationSettings } from './organizations.js';

/** `POST /api/organizations` body. */
export const createOrganizationBody = z.object({
  name: requiredText(SHORT_TEXT, 'Organization name'),
  type: z.enum(ORGANIZATION_TYPES).default('hospital'),
  description: optionalText(LONG_TEXT),
  address: optionalText(500),
  phone: optionalText(40),
  email: optionalEmail,
  website: optionalText(300),
  status: z.enum(['active', 'inactive']).optional(),
  /**
   * Marks the organization as made by the organization test page (`/test-organization`): only such
   * an organization may be removed again, by its Owner (`DELETE /api/organizations`).
   */
  testOrganization: z.boolean().optional(),
});
/** Create-organization input. */
export type CreateOrganizationBody = z.infer<typeof createOrganizationBody>;

/** `PUT /api/organizations` body: the fields to change. */
export const updateOrganizationBody = z
  .object({
    name: requiredText(SHORT_TEXT, 'Organization name').optional(),
    type: z.enum(ORGANIZATION_TYPES).optional(),
    description: optionalText(LONG_TEXT),
    address: optionalText(500),
    phone: optionalText(40),
    email: optionalEmail,
    website: optionalText(300),
    contactInfo: z.object({ phone: optionalText(40), email: optionalEmail, website: optionalText(300) }).optional(),
    // The security settings change only through `PUT /api/organizations/settings`, which guards
    // against an allow-list that shuts its saver out.
    settings: organizationSettings.omit({ requireTwoFactor: true, passwordPolicy: true, ipWhitelist: true }).partial().optional(),
    status: z.enum(['active', 'inactive', 'suspended']).optional(),
  })
  .strict();

/** `POST /api/clinics` body. */
export const createClinicBody = z.object({
  name: requiredText(SHORT_TEXT, 'Clinic name'),
  organizationId: idSchema.optional(),
  type: z.enum(['general', 'emergency', 'pediatric', 'specialty', 'urgent_care']).default('general'),
  address: optionalText(500),
  phone: optionalText(40),
  email: optionalEmail,
  status: z.enum(['active', 'inactive']).default('active'),
});

/** `PUT /api/clinics/{id}` body: the clinic's details; what is left out stays. */
export const updateClinicBody = z
  .object({
    name: requiredText(SHORT_TEXT, 'Clinic name').optional(),
    type: z.enum(['general', 'emergency', 'pediatric', 'specialty', 'urgent_care']).optional(),
    address: optionalText(500),
    phone: optionalText(40),
    email: optionalEmail,
    status: z.enum(['active', 'inactive']).optional(),
    /** The clinic's emergency settings (level, facility id, bed count) the emergency room uses: Admin or above. */
    emergency: facilityBody.strict().optional(),
  })
  .strict();
/** Update-clinic input. */
export type UpdateClinicBody = z.infer<typeof updateClinicBody>;

/** `POST /api/organizations/invite` body. */
export const inviteBody = z.object({
  email: z
    .string()
    .trim()
    .max(254)
    .pipe(z.email())
    .transform((v) => v.toLowerCase()),
  role: z.enum(ROLES),
});

/** `PATCH /api/organizations/members/{memberId}` body. */
export const updateMemberBody = z
  .object({
    role: z.enum(ROLES).optional(),
    permissions: z.partialRecord(z.enum(PERMISSIONS), z.boolean()).optional(),
    status: z.enum(['active', 'disabled']).optional(),
    department: optionalText(),
    title: optionalText(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');

/** `POST /api/org/switch` body. */
export const switchOrganizationBody = z.object({ organizationId: idSchema, clinicId: idSchema.optional() });

/** Update-organization input. */
export type UpdateOrganizationBody = z.infer<typeof updateOrganizationBody>;
/** Create-clinic input. */
export type CreateClinicBody = z.infer<typeof createClinicBody>;
/** Invite input. */
export type InviteBody = z.infer<typeof inviteBody>;
/** Member change input. */
export type UpdateMemberBody = z.infer<typeof updateMemberBody>;
