import { profileBody } from '@clinic/domain/contracts/auth';
import { SETUP_ORGANIZATION_TYPES, type AvailableOrganizationDto } from '@clinic/domain/contracts/organizations';
import { createOrganizationBody } from '@clinic/domain/contracts/organization-bodies';
import { Alert, Badge, Button, Group, Loader, Paper, Radio, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { useAvailableOrganizations } from '../../api/organizations';
import { useSession } from '../../api/session';
import { Banner } from '../../ui/Banner';
import { useZodForm } from '../../ui/use-zod-form';
import { useCreateOrganization } from './api/create-organization';
import { useResendVerification } from './api/resend-verification';
import { useSetProfile } from './api/set-profile';

const TYPE_LABELS: Record<(typeof SETUP_ORGANIZATION_TYPES)[number], string> = {
  hospital: 'Hospital',
  clinic: 'Clinic',
  medical_center: 'Medical Center',
};

/** The organization setup step after account creation: select an organization and clinic, or create one. */
export function OrganizationSetup({ onDone }: { onDone: () => void }) {
  const [mode, setMode] = useState<'select' | 'create'>('select');
  return (
    <Paper withBorder shadow="sm" p="xl" w="100%" maw={560} radius="md">
      {mode === 'select' ? (
        <SelectOrganization onCreate={() => setMode('create')} onDone={onDone} />
      ) : (
        <CreateOrganization onBack={() => setMode('select')} onDone={onDone} />
      )}
    </Paper>
  );
}

function SelectOrganization({ onCreate, onDone }: { onCreate: () => void; onDone: () => void }) {
  const available = useAvailableOrganizations();
  const setProfile = useSetProfile();
  // This step asks for both: the organization and one of its clinics.
  const form = useZodForm({
    schema: profileBody.required({ clinicId: true }),
    initialValues: { organizationId: null as string | null, clinicId: null as string | null },
  });
  const [error, setError] = useState<string | null>(null);
  const { organizationId, clinicId } = form.getValues();

  const chosen: AvailableOrganizationDto | undefined = available.data?.find((o) => o.id === organizationId);

  const submit = form.onSubmit(
    async (body) => {
      setError(null);
      try {
        await setProfile.mutateAsync(body);
        onDone();
      } catch (err) {
        setError(err instanceof ApiError ? err.message : 'Failed to load organizations');
      }
    },
    () => setError('Please select both an organization and clinic'),
  );

  return (
    <Stack>
      <Title order={1} fz="h2">
        Select Your Organization
      </Title>
      <Text c="dimmed" size="sm">
        Choose the organization and clinic you work in, or create a new organization.
      </Text>
      {available.isPending && <Loader aria-label="Loading organizations" />}
      {available.isError && <Banner>Failed to load organizations</Banner>}
      {available.data && available.data.length === 0 && <Text>You are not a member of any organization yet. Create one to get started.</Text>}
      <UnverifiedNotice />
      {available.data && available.data.length > 0 && (
        <Radio.Group label="Organization" value={organizationId} onChange={(v) => form.setValues({ organizationId: v, clinicId: null })}>
          <Stack gap="xs" mt="xs">
            {available.data.map((o) => (
              <Radio
                key={o.id}
                value={o.id}
                label={
                  <Group gap="xs">
                    <span>{o.name}</span>
                    <Badge variant="light" size="sm">
                      {o.type}
                    </Badge>
                    {o.invited && (
                      <Badge color="teal" variant="light" size="sm">
                        Invited
                      </Badge>
                    )}
                  </Group>
                }
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
      {chosen && (
        <Select
          label="Clinic"
          placeholder="Choose a clinic..."
          data={chosen.clinics.map((c) => ({ value: c.id, label: c.name }))}
          value={clinicId}
          onChange={(v) => form.setFieldValue('clinicId', v)}
        />
      )}
      {error && <Banner>{error}</Banner>}
      <Group justify="space-between">
        <Button variant="default" onClick={onCreate}>
          Create New Organization
        </Button>
        <Group gap="xs">
          <Button variant="subtle" onClick={onDone}>
            Skip for now
          </Button>
          <Button onClick={() => submit()} disabled={!organizationId || !clinicId} loading={setProfile.isPending}>
            Continue
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

/**
 * Invitations are offered by address only once the address is verified; until then the person
 * joins through the invitation link itself, or confirms the address first.
 */
function UnverifiedNotice() {
  const session = useSession();
  const resend = useResendVerification();
  if (!session.data || session.data.user.emailVerified) return null;
  const sent = resend.data ? (resend.data.message ?? 'A new link was sent.') : null;
  const failed = resend.error ? (resend.error instanceof ApiError ? resend.error.message : 'The link could not be sent.') : null;
  return (
    <Alert color="blue" role="status">
      <Stack gap="xs">
        <Text size="sm">
          Invited to an organization? Open the invitation link from your e-mail, or confirm your address with the link we sent to{' '}
          {session.data.user.email}: invitations to it then appear here.
        </Text>
        {sent ? (
          <Text size="sm">{sent}</Text>
        ) : (
          <Button variant="light" size="xs" onClick={() => resend.mutate()} w="fit-content">
            Send the confirmation link again
          </Button>
        )}
        {failed && (
          <Text size="sm" c="red.8">
            {failed}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

function CreateOrganization({ onBack, onDone }: { onBack: () => void; onDone: () => void }) {
  const createOrganization = useCreateOrganization();
  const form = useZodForm({
    schema: createOrganizationBody,
    initialValues: { name: '', type: 'hospital', address: '', phone: '', email: '' },
  });
  const [error, setError] = useState<string | null>(null);
  const loading = form.submitting;

  const submit = form.onSubmit(async () => {
    setError(null);
    try {
      await createOrganization.mutateAsync(form.getValues());
      onDone();
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : 'Failed to create organization');
    }
  });

  return (
    <form onSubmit={submit}>
      <Stack>
        <Title order={1} fz="h2">
          Create Organization
        </Title>
        <TextInput label="Organization Name" required maxLength={200} {...form.getInputProps('name')} />
        <Select
          label="Organization Type"
          data={SETUP_ORGANIZATION_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
          {...form.getInputProps('type')}
          onChange={(v) => form.setFieldValue('type', v ?? 'hospital')}
          allowDeselect={false}
        />
        <TextInput label="Address" maxLength={500} {...form.getInputProps('address')} />
        <TextInput label="Phone" type="tel" maxLength={40} {...form.getInputProps('phone')} />
        <TextInput label="Email" type="email" maxLength={254} {...form.getInputProps('email')} />
        {error && <Banner>{error}</Banner>}
        <Group justify="space-between">
          <Button variant="default" onClick={onBack} disabled={loading}>
            Back
          </Button>
          <Button type="submit" disabled={!form.values.name.trim() || loading} loading={loading}>
            Create Organization
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
