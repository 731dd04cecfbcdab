/**
 * Sync Patients: how a FHIR R4 Patient of the organization's EHR becomes a directory
 * patient, and which fields a later sync may change. Pure: the server pages the EHR's Patient
 * search and applies these to each resource.
 */

import type { z } from 'zod';
import { personDate } from '../contracts/calendar-date.js';
import { patientAddressInput, patientFields } from '../contracts/patients.js';
import type { EhrSyncRunStatus } from '../contracts/integrations.js';
import type { EpicAuthMethod } from '../contracts/settings.js';

/** The directory fields a sync reads from a FHIR Patient (and may later update). */
export const SYNCED_FIELDS = [
  'firstName',
  'lastName',
  'dateOfBirth',
  'gender',
  'phone',
  'email',
  'street',
  'city',
  'state',
  'zipCode',
  'country',
] as const;
/** One synced field. */
export type SyncedField = (typeof SYNCED_FIELDS)[number];
/** A patient's synced fields; null when the EHR has no value. */
export type SyncedValues = Record<SyncedField, string | null> & { firstName: string; lastName: string };

/** Resources read per page of the EHR's Patient search. */
export const SYNC_PAGE_SIZE = 100;
/** Pages read in one sync at most (10,000 patients); a larger EHR is synced again to go on. */
export const SYNC_MAX_PAGES = 100;

/** A FHIR Patient as far as the sync reads it (`@types/fhir`'s shape, loosely typed: it comes from outside). */
export interface FhirPatientLike {
  resourceType?: unknown;
  id?: unknown;
  active?: unknown;
  identifier?: Array<{ system?: unknown; value?: unknown }>;
  name?: Array<{ use?: unknown; family?: unknown; given?: unknown; text?: unknown }>;
  birthDate?: unknown;
  gender?: unknown;
  telecom?: Array<{ system?: unknown; value?: unknown; use?: unknown; rank?: unknown }>;
  address?: Array<{ use?: unknown; line?: unknown; city?: unknown; state?: unknown; postalCode?: unknown; country?: unknown }>;
}

/** A Patient read for import, or why it is skipped. */
export type ImportedPatient =
  { ok: true; externalId: string; identifiers: string[]; values: SyncedValues } | { ok: false; externalId: string | null; reason: string };

const str = (v: unknown, max: number): string | null => (typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : null);

/** The entry of `use` first (official, else usual), else the first; FHIR's way of choosing among repeats. */
function preferred<T extends { use?: unknown }>(list: T[] | undefined, uses: string[]): T | undefined {
  if (!Array.isArray(list)) return undefined;
  for (const use of uses) {
    const hit = list.find((e) => e?.use === use);
    if (hit) return hit;
  }
  return list.find((e) => e && e.use !== 'old');
}

/** A contact point of the system (phone or email), home or mobile before work, lowest rank first. */
function telecomOf(p: FhirPatientLike, system: 'phone' | 'email'): string | null {
  const points = (Array.isArray(p.telecom) ? p.telecom : []).filter((t) => t?.system === system && typeof t.value === 'string');
  points.sort((a, b) => (Number(a.rank) || 99) - (Number(b.rank) || 99));
  const choice = preferred(points, ['mobile', 'home']) ?? points[0];
  return str(choice?.value, system === 'email' ? 254 : 30);
}

/**
 * The directory values of a FHIR Patient: official (else usual) name, birth date, gender (male,
 * female, other; `unknown` is no value), first phone and e-mail, home address. A Patient without
 * an id, a family name or a given name, or marked inactive, is skipped with the reason; so is one
 * holding a value the patient form refuses (a name with text-direction controls, an impossible
 * birth date, a phone number that is not one...), with the form's message.
 */
export function patientFromFhir(resource: FhirPatientLike): ImportedPatient {
  const externalId = str(resource?.id, 64);
  if (resource?.resourceType !== 'Patient' || !externalId) return { ok: false, externalId, reason: 'Not a Patient with an id' };
  if (resource.active === false) return { ok: false, externalId, reason: 'Inactive in the EHR' };
  const name = preferred(resource.name, ['official', 'usual']);
  const given = Array.isArray(name?.given) ? name.given.filter((g): g is string => typeof g === 'string' && g.trim() !== '') : [];
  const lastName = str(name?.family, 100);
  const firstName = str(given.join(' '), 100);
  if (!lastName || !firstName) return { ok: false, externalId, reason: 'No family and given name' };
  // FHIR allows a year or a month alone; only a full date is read, and it must be a real one.
  const birthDate = typeof resource.birthDate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(resource.birthDate) ? resource.birthDate : null;
  const gender = resource.gender === 'male' || resource.gender === 'female' || resource.gender === 'other' ? resource.gender : null;
  const address = preferred(resource.address, ['home']);
  const lines = Array.isArray(address?.line) ? address.line.filter((l): l is string => typeof l === 'string') : [];
  const identifiers = (Array.isArray(resource.identifier) ? resource.identifier : [])
    .map((i) => (typeof i?.value === 'string' && i.value.trim() ? `${typeof i.system === 'string' ? i.system : ''}|${i.value.trim()}` : null))
    .filter((i): i is string => i !== null);
  const read: SyncedValues = {
    firstName,
    lastName,
    dateOfBirth: birthDate,
    gender,
    phone: telecomOf(resource, 'phone'),
    email: telecomOf(resource, 'email'),
    street: str(lines.join(', '), 200),
    city: str(address?.city, 100),
    state: str(address?.state, 100),
    zipCode: str(address?.postalCode, 20),
    country: str(address?.country, 100),
  };
  const checked = typedRules(read);
  return 'reason' in checked ? { ok: false, externalId, reason: checked.reason } : { ok: true, externalId, identifiers, values: checked.values };
}

/**
 * The contracts a value typed into the patient form passes (`contracts/patients.ts`); an imported
 * value meets the same rules, so the EHR cannot store what a user could not type.
 */
const TYPED_RULES: Record<Exclude<SyncedField, 'gender'>, z.ZodType<string | undefined>> = {
  firstName: patientFields.shape.firstName,
  lastName: patientFields.shape.lastName,
  dateOfBirth: personDate,
  phone: patientFields.shape.phone,
  email: patientFields.shape.email,
  street: patientAddressInput.shape.street,
  city: patientAddressInput.shape.city,
  state: patientAddressInput.shape.state,
  zipCode: patientAddressInput.shape.zipCode,
  country: patientAddressInput.shape.country,
};

/** The values as the typed rules give them back (an e-mail lower-cased...), or the first rule one breaks. */
function typedRules(values: SyncedValues): { values: SyncedValues } | { reason: string } {
  const out = { ...values };
  for (const [field, rule] of Object.entries(TYPED_RULES) as Array<[keyof typeof TYPED_RULES, z.ZodType<string | undefined>]>) {
    const value = values[field];
    if (value === null) continue;
    const parsed = rule.safeParse(value);
    if (!parsed.success) return { reason: parsed.error.issues[0]?.message ?? `Invalid ${field}` };
    (out as Record<SyncedField, string | null>)[field] = parsed.data ?? null;
  }
  return { values: out };
}

/**
 * The fields a sync changes on a linked patient: those whose EHR value differs from the directory's
 * and that the clinic has not edited since the last sync (the directory still holds what that sync
 * brought, `baseline`). Before any sync (`baseline` null, a patient matched by name and birth date)
 * only the directory's empty fields are filled: the clinic's own values stand.
 */
export function syncChanges(current: SyncedValues, baseline: Partial<SyncedValues> | null, incoming: SyncedValues): Partial<SyncedValues> {
  const changes: Partial<SyncedValues> = {};
  for (const field of SYNCED_FIELDS) {
    const now = current[field] ?? null;
    const next = incoming[field];
    if (next === null || next === now) continue;
    const untouched = baseline ? (baseline[field] ?? null) === now : now === null;
    if (untouched) changes[field] = next;
  }
  return changes;
}

/**
 * The sign-in method of an Epic connection: the one saved; for a connection saved before there was
 * a choice, the bearer token it was using when one is saved, else SMART Backend Services (a new
 * connection's default, and the only method a real Epic accepts).
 */
export function epicAuthMethodOf(saved: EpicAuthMethod | null | undefined, bearerTokenSaved: boolean): EpicAuthMethod {
  if (saved) return saved;
  return bearerTokenSaved ? 'bearer-token' : 'smart-backend';
}

/** Whether a Sync Patients run still waits for a worker or is being worked on. */
export const isOpenSyncRun = (status: EhrSyncRunStatus): boolean => status === 'queued' || status === 'running';

/** Longest OAuth `error` code shown. */
export const OAUTH_ERROR_MAX = 64;
/** Longest OAuth `error_description` shown. */
export const OAUTH_DESCRIPTION_MAX = 200;

/** Printable text on one line, trimmed to `max` characters (with an ellipsis when cut); null when nothing is left. */
function shown(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null;
  // Control and formatting characters (line breaks, text-direction overrides) never reach the screen.
  const clean = value
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!clean) return null;
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

/**
 * What the screen and the sync run say when the EHR's token endpoint refuses the sign-in: its OAuth
 * `error` code and `error_description` (RFC 6749 section 5.2), trimmed to one short printable line,
 * e.g. "The EHR refused the sign-in: invalid_client (jti already used)". Null when the answer
 * holds no `error` code (it is then not an OAuth refusal).
 */
export function signInRefusal(answer: unknown): string | null {
  const body = answer as { error?: unknown; error_description?: unknown } | null;
  const code = shown(body?.error, OAUTH_ERROR_MAX);
  if (!code) return null;
  const description = shown(body?.error_description, OAUTH_DESCRIPTION_MAX);
  return `The EHR refused the sign-in: ${code}${description ? ` (${description})` : ''}`;
}
