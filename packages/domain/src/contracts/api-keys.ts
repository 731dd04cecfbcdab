/**
 * API keys of an organization (`/api/organizations/api-keys`): what an Admin sends to create one
 * and what the list shows. The secret itself is only in the creation's answer.
 */
import { z } from 'zod';
import { requiredText } from './common.js';

/** The SMART-style read scopes a key may hold: every resource, or one resource type. */
export const API_KEY_SCOPES = ['patient/*.read', 'patient/Patient.read', 'patient/Encounter.read', 'patient/Observation.read'] as const;
/** One API key scope. */
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What each scope lets a key read, as the panel describes it. */
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'patient/*.read': 'Everything (patients, encounters, observations)',
  'patient/Patient.read': 'Patients',
  'patient/Encounter.read': 'Encounters (visits and queue episodes)',
  'patient/Observation.read': 'Observations (vital signs)',
};

/** Longest key name. */
export const API_KEY_NAME_MAX = 100;

/** `POST /api/organizations/api-keys`: a name and at least one scope, each listed once. */
export const createApiKeyBody = z.object({
  name: requiredText(API_KEY_NAME_MAX, 'Name'),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: `Scopes must be among ${API_KEY_SCOPES.join(', ')}` }))
    .min(1, 'Choose at least one scope')
    .max(API_KEY_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, { message: 'Each scope may be listed once' }),
});
/** Create-key input. */
export type CreateApiKeyBody = z.infer<typeof createApiKeyBody>;

/** One key as the list shows it: never its secret, only the first characters to recognise it. */
export const apiKeyDto = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.string()),
  /** The start of the secret, to tell keys apart (`ck_live_…abcd`). */
  prefix: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  revokedBy: z.string().nullable(),
});
/** An API key as listed. */
export type ApiKeyDto = z.infer<typeof apiKeyDto>;

/** `POST /api/organizations/api-keys`: the key and its secret, shown this once. */
export const createApiKeyResponse = z.object({ success: z.literal(true), key: apiKeyDto, secret: z.string() });
/** Create-key answer. */
export type CreateApiKeyResponse = z.infer<typeof createApiKeyResponse>;

/** `GET /api/organizations/api-keys`: every key of the organization, newest first, revoked ones included. */
export const apiKeyListResponse = z.object({ success: z.literal(true), keys: z.array(apiKeyDto) });
/** List-keys answer. */
export type ApiKeyListResponse = z.infer<typeof apiKeyListResponse>;

/** `DELETE /api/organizations/api-keys/{id}`: the key, now revoked. */
export const revokeApiKeyResponse = z.object({ success: z.literal(true), key: apiKeyDto });
/** Revoke-key answer. */
export type RevokeApiKeyResponse = z.infer<typeof revokeApiKeyResponse>;

/** The FHIR resource types a key's scopes may grant. */
export type ScopedResource = 'Patient' | 'Encounter' | 'Observation';

/** True when `scopes` let a key read `resource` (`patient/*.read` or `patient/<resource>.read`). */
export function scopesAllow(scopes: readonly string[], resource: ScopedResource): boolean {
  return scopes.includes('patient/*.read') || scopes.includes(`patient/${resource}.read`);
}
