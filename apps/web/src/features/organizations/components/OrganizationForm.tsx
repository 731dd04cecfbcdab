import type { OrganizationDto } from '@clinic/domain/contracts/organizations';
import { Alert, Card, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, TagsInput, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { FormActions } from '../../../ui/FormActions';
import { useZodForm } from '../../../ui/use-zod-form';
import { useCreateOrganization } from '../api/create-organization';
import { useUpdateOrganization } from '../api/update-organization';
import { ORGANIZATION_FORM_TYPES, organizationFormSpec, organizationToForm, type OrganizationFormValues } from './organization-form';

const STATUSES = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'suspended', label: 'Suspended' },
];

/**
 * The organization form: creating one (no organization yet) or editing it (Edit Organization),
 * with the spec's success and failure texts.
 */
export function OrganizationForm({ organization, onDone }: { organization: OrganizationDto | null; onDone?: () => void }) {
  const form = useZodForm({ ...organizationFormSpec(organization !== null), initialValues: organizationToForm(organization) });
  const [error, setError] = useState<string | null>(null);
  const create = useCreateOrganization();
  const update = useUpdateOrganization();
  const busy = create.isPending || update.isPending;
  const field = (key: keyof OrganizationFormValues) => form.getInputProps(key);
  const check = (key: keyof OrganizationFormValues) => form.getInputProps(key, { type: 'checkbox' });

  const submit = form.onSubmit(async (body) => {
    setError(null);
    try {
      if (organization) {
        const r = await update.mutateAsync(body);
        notifications.show({ color: 'green', message: r.message ?? 'Organization updated successfully!' });
        onDone?.();
      } else {
        const r = await create.mutateAsync(body);
        notifications.show({ color: 'green', message: r.message ?? 'Organization and default clinic created successfully!' });
      }
    } catch (err) {
      const fallback = organization ? 'Failed to update organization' : 'Failed to create organization';
      setError(err instanceof ApiError && err.message ? err.message : fallback);
    }
  });

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
          <TextInput label="Organization name" required {...field('name')} maxLength={200} />
          <Select label="Type" data={ORGANIZATION_FORM_TYPES} {...field('type')} allowDeselect={false} />
        </SimpleGrid>
        <Textarea label="Description" {...field('description')} autosize minRows={2} />
        <Title order={3} size="h4">
          Address
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <TextInput label="Street" {...field('street')} />
          <TextInput label="City" {...field('city')} />
          <TextInput label="State" {...field('state')} />
          <TextInput label="ZIP code" {...field('zipCode')} />
          <TextInput label="Country" {...field('country')} />
        </SimpleGrid>
        <Title order={3} size="h4">
          Contact
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Phone" type="tel" {...field('phone')} />
          <TextInput label="Email" type="email" {...field('email')} />
          <TextInput label="Website" type="url" {...field('website')} />
          <TextInput label="Emergency phone" type="tel" {...field('emergencyPhone')} />
        </SimpleGrid>
        {organization && (
          <>
            <Title order={3} size="h4">
              Settings
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NumberInput label="Max users" min={1} max={1000} clampBehavior="strict" {...field('maxUsers')} />
              <Select label="Status" data={STATUSES} {...field('status')} allowDeselect={false} />
            </SimpleGrid>
            <TagsInput label="Features" {...field('features')} placeholder="Type a feature and press Enter" />
            <Group gap="lg">
              <Checkbox label="Allow patient sharing" {...check('allowPatientSharing')} />
              <Checkbox label="Require approval" {...check('requireApproval')} />
              <Checkbox label="Kiosk enabled" {...check('kioskEnabled')} />
              <Checkbox label="Clinical decision support enabled" {...check('cdsEnabled')} />
              <Checkbox label="Emergency mode" {...check('emergencyMode')} />
            </Group>
          </>
        )}
        <FormActions
          submitLabel={organization ? 'Save Changes' : 'Create Organization'}
          loading={busy}
          onCancel={organization ? onDone : undefined}
          cancelDisabled={busy}
        />
      </Stack>
    </Card>
  );
}
