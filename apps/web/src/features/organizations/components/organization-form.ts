import { type OrganizationDto } from '@clinic/domain/contracts/organizations';
import {
  createOrganizationBody,
  updateOrganizationBody,
  type CreateOrganizationBody,
  type UpdateOrganizationBody,
} from '@clinic/domain/contracts/organization-bodies';
import type { z } from 'zod';
import type { FieldOf, ZodFormSpec } from '../../../ui/zod-form';
import { textsOf } from './form-texts';

/** The organization form's values: its details, its address in parts, and (editing) its settings. */
export interface OrganizationFormValues {
  name: string;
  type: string;
  description: string;
  street: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  phone: string;
  email: string;
  website: string;
  emergencyPhone: string;
  allowPatientSharing: boolean;
  requireApproval: boolean;
  maxUsers: number | string;
  features: string[];
  kioskEnabled: boolean;
  cdsEnabled: boolean;
  emergencyMode: boolean;
  status: string;
}

/** The five organization types of the server's form (operations-and-public section 3). */
export const ORGANIZATION_FORM_TYPES = [
  { value: 'hospital', label: 'Hospital' },
  { value: 'clinic', label: 'Clinic' },
  { value: 'urgent_care', label: 'Urgent Care' },
  { value: 'private_practice', label: 'Private Practice' },
  { value: 'other', label: 'Other' },
];

/** The form's values of an organization, or of a new one. */
export function organizationToForm(o: OrganizationDto | null): OrganizationFormValues {
  const a = o?.settings.postalAddress;
  const settings = o?.settings;
  return {
    ...textsOf(o, ['name', 'description', 'phone', 'email', 'website']),
    ...textsOf(a, ['city', 'state', 'zipCode']),
    type: ORGANIZATION_FORM_TYPES.some((t) => t.value === o?.type) ? o!.type : 'hospital',
    // Before the address had parts, the one-line address stood for the street.
    street: a?.street ?? (a ? '' : (o?.address ?? '')),
    country: a?.country ?? 'United States',
    emergencyPhone: settings?.emergencyPhone ?? '',
    allowPatientSharing: settings?.allowPatientSharing ?? false,
    requireApproval: settings?.requireApproval ?? false,
    maxUsers: settings?.maxUsers ?? 100,
    features: settings?.features ?? [],
    kioskEnabled: settings?.kioskEnabled ?? true,
    cdsEnabled: settings?.cdsEnabled ?? true,
    emergencyMode: settings?.emergencyMode ?? false,
    status: o?.status ?? 'active',
  };
}

/** The address in one line, as the organization's `address` keeps it. */
const oneLineAddress = (v: OrganizationFormValues) =>
  [v.street, v.city, [v.state, v.zipCode].filter(Boolean).join(' '), v.country]
    .map((p) => p.trim())
    .filter(Boolean)
    .join(', ');

// A settings issue goes to its own field (`settings.postalAddress.city` to City), the one-line address to Street.
const fieldOf: FieldOf = (path) => {
  const parts = path.split('.');
  if (parts[0] === 'address') return 'street';
  if (parts[0] !== 'settings') return parts[0] || null;
  return parts[1] === 'postalAddress' ? (parts[2] ?? 'street') : (parts[1] ?? null);
};

/** A new organization is checked by the create contract; an organization by the update contract, settings included. */
export function organizationFormSpec(
  editing: boolean,
): ZodFormSpec<OrganizationFormValues, z.ZodType<CreateOrganizationBody | UpdateOrganizationBody>> {
  const details = (v: OrganizationFormValues) => ({
    name: v.name,
    type: v.type,
    description: v.description,
    address: oneLineAddress(v),
    phone: v.phone,
    email: v.email,
    website: v.website,
  });
  if (!editing) {
    return {
      schema: createOrganizationBody,
      toInput: (v) => ({ ...details(v), status: v.status === 'inactive' ? 'inactive' : 'active' }),
      fieldOf,
    };
  }
  return {
    schema: updateOrganizationBody,
    toInput: (v) => ({
      ...details(v),
      status: v.status,
      settings: {
        allowPatientSharing: v.allowPatientSharing,
        requireApproval: v.requireApproval,
        maxUsers: Number(v.maxUsers) || 100,
        features: v.features,
        kioskEnabled: v.kioskEnabled,
        cdsEnabled: v.cdsEnabled,
        emergencyMode: v.emergencyMode,
        postalAddress: { street: v.street, city: v.city, state: v.state, zipCode: v.zipCode, country: v.country },
        ...(v.emergencyPhone.trim() ? { emergencyPhone: v.emergencyPhone.trim() } : {}),
      },
    }),
    fieldOf,
  };
}
