import type { OrganizationDto } from '@clinic/domain/contracts/organizations';
import { Alert, Button, Card, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, TagsInput, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../api/client';
import { useCreateOrganization } from '../api/create-organization';
import { useUpdateOrganization } from '../api/update-organization';

/** The five organization types of the server's form (operations-and-public section 3). */
const TYPES = [
  { value: 'hospital', label: 'Hospital' },
  { value: 'clinic', label: 'Clinic' },
  { value: 'urgent_care', label: 'Urgent Care' },
  { value: 'private_practice', label: 'Private Practice' },
  { value: 'other', label: 'Other' },
];
const STATUSES = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'suspended', label: 'Suspended' },
];

interface FormState {
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

function initial(o: OrganizationDto | null): FormState {
  const a = o?.settings.postalAddress;
  return {
    name: o?.name ?? '',
    type: TYPES.some((t) => t.value === o?.type) ? o!.type : 'hospital',
    description: o?.description ?? '',
    street: a?.street ?? (a ? '' : (o?.address ?? '')),
    city: a?.city ?? '',
    state: a?.state ?? '',
    zipCode: a?.zipCode ?? '',
    country: a?.country ?? 'United States',
    phone: o?.phone ?? '',
    email: o?.email ?? '',
    website: o?.website ?? '',
    emergencyPhone: o?.settings.emergencyPhone ?? '',
    allowPatientSharing: o?.settings.allowPatientSharing ?? false,
    requireApproval: o?.settings.requireApproval ?? false,
    maxUsers: o?.settings.maxUsers ?? 100,
    features: o?.settings.features ?? [],
    kioskEnabled: o?.settings.kioskEnabled ?? true,
    cdsEnabled: o?.settings.cdsEnabled ?? true,
    emergencyMode: o?.settings.emergencyMode ?? false,
    status: o?.status ?? 'active',
  };
}

const orNull = (v: string) => (v.trim() ? v.trim() : null);

/**
 * The organization form: creating one (no organization yet) or editing it (Edit Organization),
 * with the spec's success and failure texts.
 */
export function OrganizationForm({ organization, onDone }: { organization: OrganizationDto | null; onDone?: () => void }) {
  const [form, setForm] = useState<FormState>(() => initial(organization));
  const [error, setError] = useState<string | null>(null);
  const create = useCreateOrganization();
  const update = useUpdateOrganization();
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));
  const busy = create.isPending || update.isPending;
  const oneLineAddress = [form.street, form.city, [form.state, form.zipCode].filter(Boolean).join(' '), form.country]
    .map((p) => p.trim())
    .filter(Boolean)
    .join(', ');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const settings = {
      allowPatientSharing: form.allowPatientSharing,
      requireApproval: form.requireApproval,
      maxUsers: Number(form.maxUsers) || 100,
      features: form.features,
      kioskEnabled: form.kioskEnabled,
      cdsEnabled: form.cdsEnabled,
      emergencyMode: form.emergencyMode,
      postalAddress: { street: form.street, city: form.city, state: form.state, zipCode: form.zipCode, country: form.country },
      ...(form.emergencyPhone.trim() ? { emergencyPhone: form.emergencyPhone.trim() } : {}),
    };
    try {
      if (organization) {
        const r = await update.mutateAsync({
          name: form.name,
          type: form.type,
          description: orNull(form.description),
          address: orNull(oneLineAddress),
          phone: orNull(form.phone),
          email: orNull(form.email),
          website: orNull(form.website),
          status: form.status,
          settings,
        });
        notifications.show({ color: 'green', message: r.message ?? 'Organization updated successfully!' });
        onDone?.();
      } else {
        const r = await create.mutateAsync({
          name: form.name,
          type: form.type,
          description: orNull(form.description) ?? undefined,
          address: orNull(oneLineAddress) ?? undefined,
          phone: orNull(form.phone) ?? undefined,
          email: orNull(form.email) ?? undefined,
          website: orNull(form.website) ?? undefined,
          status: form.status === 'inactive' ? 'inactive' : 'active',
        });
        notifications.show({ color: 'green', message: r.message ?? 'Organization and default clinic created successfully!' });
      }
    } catch (err) {
      const fallback = organization ? 'Failed to update organization' : 'Failed to create organization';
      setError(err instanceof ApiError && err.message ? err.message : fallback);
    }
  };

  return (
    <Card withBorder padding="lg" component="form" onSubmit={submit} aria-label={organization ? 'Edit Organization' : 'Create Organization'}>
      <Stack gap="md">
        <Title order={2}>{organization ? 'Edit Organization' : 'Create Organization'}</Title>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Organization name" required value={form.name} onChange={(e) => set('name', e.currentTarget.value)} maxLength={200} />
          <Select label="Type" data={TYPES} value={form.type} onChange={(v) => set('type', v ?? 'hospital')} allowDeselect={false} />
        </SimpleGrid>
        <Textarea label="Description" value={form.description} onChange={(e) => set('description', e.currentTarget.value)} autosize minRows={2} />
        <Title order={3} size="h4">
          Address
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <TextInput label="Street" value={form.street} onChange={(e) => set('street', e.currentTarget.value)} />
          <TextInput label="City" value={form.city} onChange={(e) => set('city', e.currentTarget.value)} />
          <TextInput label="State" value={form.state} onChange={(e) => set('state', e.currentTarget.value)} />
          <TextInput label="ZIP code" value={form.zipCode} onChange={(e) => set('zipCode', e.currentTarget.value)} />
          <TextInput label="Country" value={form.country} onChange={(e) => set('country', e.currentTarget.value)} />
        </SimpleGrid>
        <Title order={3} size="h4">
          Contact
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Phone" type="tel" value={form.phone} onChange={(e) => set('phone', e.currentTarget.value)} />
          <TextInput label="Email" type="email" value={form.email} onChange={(e) => set('email', e.currentTarget.value)} />
          <TextInput label="Website" type="url" value={form.website} onChange={(e) => set('website', e.currentTarget.value)} />
          <TextInput
            label="Emergency phone"
            type="tel"
            value={form.emergencyPhone}
            onChange={(e) => set('emergencyPhone', e.currentTarget.value)}
          />
        </SimpleGrid>
        {organization && (
          <>
            <Title order={3} size="h4">
              Settings
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NumberInput label="Max users" min={1} max={1000} clampBehavior="strict" value={form.maxUsers} onChange={(v) => set('maxUsers', v)} />
              <Select label="Status" data={STATUSES} value={form.status} onChange={(v) => set('status', v ?? 'active')} allowDeselect={false} />
            </SimpleGrid>
            <TagsInput label="Features" value={form.features} onChange={(v) => set('features', v)} placeholder="Type a feature and press Enter" />
            <Group gap="lg">
              <Checkbox
                label="Allow patient sharing"
                checked={form.allowPatientSharing}
                onChange={(e) => set('allowPatientSharing', e.currentTarget.checked)}
              />
              <Checkbox label="Require approval" checked={form.requireApproval} onChange={(e) => set('requireApproval', e.currentTarget.checked)} />
              <Checkbox label="Kiosk enabled" checked={form.kioskEnabled} onChange={(e) => set('kioskEnabled', e.currentTarget.checked)} />
              <Checkbox
                label="Clinical decision support enabled"
                checked={form.cdsEnabled}
                onChange={(e) => set('cdsEnabled', e.currentTarget.checked)}
              />
              <Checkbox label="Emergency mode" checked={form.emergencyMode} onChange={(e) => set('emergencyMode', e.currentTarget.checked)} />
            </Group>
          </>
        )}
        <Group justify="flex-end">
          {organization && onDone && (
            <Button variant="default" onClick={onDone} disabled={busy}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={busy}>
            {organization ? 'Save Changes' : 'Create Organization'}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
