import { SETUP_ORGANIZATION_TYPES, type AvailableOrganizationDto } from '@clinic/domain/contracts/organizations';
import { Alert, Badge, Button, Group, Loader, Paper, Radio, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client';
import { sessionQueryKey, useSession } from '../../api/session';
import { createOrganization, fetchAvailableOrganizations, resendVerification, setProfile } from './api/auth-calls';

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
  const client = useQueryClient();
  const available = useQuery({ queryKey: ['org', 'available'], queryFn: fetchAvailableOrganizations });
  const [organizationId, setOrganizationId] = useState<string | null>(null);
  const [clinicId, setClinicId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const chosen: AvailableOrganizationDto | undefined = available.data?.find((o) => o.id === organizationId);

  const submit = async () => {
    if (!organizationId || !clinicId) {
      setError('Please select both an organization and clinic');
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await setProfile(organizationId, clinicId);
      await client.invalidateQueries({ queryKey: sessionQueryKey });
      onDone();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Failed to load organizations');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack>
      <Title order={1} fz="h2">
        Select Your Organization
      </Title>
      <Text c="dimmed" size="sm">
        Choose the organization and clinic you work in, or create a new organization.
      </Text>
      {available.isPending && <Loader aria-label="Loading organizations" />}
      {available.isError && (
        <Alert color="red" role="alert">
          Failed to load organizations
        </Alert>
      )}
      {available.data && available.data.length === 0 && (
        <Text>You are not a member of any organization yet. Create one to get started.</Text>
      )}
      <UnverifiedNotice />
      {available.data && available.data.length > 0 && (
        <Radio.Group
          label="Organization"
          value={organizationId}
          onChange={(v) => {
            setOrganizationId(v);
            setClinicId(null);
          }}
        >
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
          onChange={setClinicId}
        />
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={onCreate}>
          Create New Organization
        </Button>
        <Group gap="xs">
          <Button variant="subtle" onClick={onDone}>
            Skip for now
          </Button>
          <Button onClick={submit} disabled={!organizationId || !clinicId} loading={saving}>
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
  const [sent, setSent] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  if (!session.data || session.data.user.emailVerified) return null;
  const resend = async () => {
    setFailed(null);
    try {
      const r = await resendVerification();
      setSent(r.message ?? 'A new link was sent.');
    } catch (err) {
      setFailed(err instanceof ApiError ? err.message : 'The link could not be sent.');
    }
  };
  return (
    <Alert color="blue" role="status">
      <Stack gap="xs">
        <Text size="sm">
          Invited to an organization? Open the invitation link from your e-mail, or confirm your address with the link we sent
          to {session.data.user.email}: invitations to it then appear here.
        </Text>
        {sent ? (
          <Text size="sm">{sent}</Text>
        ) : (
          <Button variant="light" size="xs" onClick={resend} w="fit-content">
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
  const client = useQueryClient();
  const [form, setForm] = useState({ name: '', type: 'hospital', address: '', phone: '', email: '' });
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.name.trim()) return;
    setLoading(true);
    setError(null);
    try {
      await createOrganization(form);
      await client.invalidateQueries({ queryKey: sessionQueryKey });
      onDone();
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : 'Failed to create organization');
    } finally {
      setLoading(false);
    }
  };

  return (
    <form onSubmit={submit}>
      <Stack>
        <Title order={1} fz="h2">
          Create Organization
        </Title>
        <TextInput label="Organization Name" required value={form.name} onChange={(e) => set('name')(e.currentTarget.value)} maxLength={200} />
        <Select
          label="Organization Type"
          data={SETUP_ORGANIZATION_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
          value={form.type}
          onChange={(v) => set('type')(v ?? 'hospital')}
          allowDeselect={false}
        />
        <TextInput label="Address" value={form.address} onChange={(e) => set('address')(e.currentTarget.value)} maxLength={500} />
        <TextInput label="Phone" type="tel" value={form.phone} onChange={(e) => set('phone')(e.currentTarget.value)} maxLength={40} />
        <TextInput label="Email" type="email" value={form.email} onChange={(e) => set('email')(e.currentTarget.value)} maxLength={254} />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="space-between">
          <Button variant="default" onClick={onBack} disabled={loading}>
            Back
          </Button>
          <Button type="submit" disabled={!form.name.trim() || loading} loading={loading}>
            Create Organization
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
