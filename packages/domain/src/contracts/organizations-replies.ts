/**
 * The replies of the organization routes (`/api/organizations`, `/api/clinics`, `/api/org`): what
 * the server serializes them from and what the web parses them with. The DTOs they carry are in
 * `contracts/organizations.ts`.
 */
import { z } from 'zod';
import { availableOrganizationDto, clinicDto, organizationDto } from './organizations.js';

/** `GET /api/organizations`: the current organization, or null while the user has none. */
export const currentOrganizationResponse = z.object({ success: z.literal(true), organization: organizationDto.nullable() });

/** `PUT /api/organizations`: the organization as saved. */
export const organizationUpdatedResponse = z.object({ success: z.literal(true), organization: organizationDto, message: z.string() });
/** The answer of an organization change. */
export type OrganizationUpdatedReply = z.infer<typeof organizationUpdatedResponse>;

/** `POST /api/organizations`: the new organization and its main clinic. */
export const organizationCreatedResponse = organizationUpdatedResponse.extend({ clinic: clinicDto });
/** The answer of an organization's creation. */
export type OrganizationCreatedReply = z.infer<typeof organizationCreatedResponse>;

/** `DELETE /api/organizations`: the test organization archived. */
export const testOrganizationRemovedResponse = z.object({
  success: z.literal(true),
  organization: z.object({ id: z.string(), name: z.string(), archivedAt: z.string() }),
  message: z.string(),
});

/** `GET /api/clinics/organization/{id}`: the organization's clinics, each with its emergency settings. */
export const clinicListResponse = z.object({ success: z.literal(true), clinics: z.array(clinicDto) });

/** `POST /api/clinics`: the clinic added. */
export const clinicResponse = z.object({ success: z.literal(true), clinic: clinicDto });

/** `PUT /api/clinics/{id}`: the clinic as saved (with its emergency settings when they were sent). */
export const clinicUpdatedResponse = clinicResponse.extend({ message: z.string() });

/** `GET /api/org/available`: the organizations the user belongs to or is invited to. */
export const availableOrganizationsResponse = z.object({ success: z.literal(true), organizations: z.array(availableOrganizationDto) });

/** `POST /api/org/switch`: the organization and clinic now current. */
export const organizationSwitchResponse = z.object({
  success: z.literal(true),
  organizationId: z.string(),
  clinicId: z.string().nullable(),
  message: z.string(),
});

/** The organizations the caller may switch to. */
export type AvailableOrganizationsReply = z.output<typeof availableOrganizationsResponse>;
/** The organization and clinic now current. */
export type OrganizationSwitchReply = z.output<typeof organizationSwitchResponse>;
