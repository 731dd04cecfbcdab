import { API_KEY_SCOPE_LABELS, API_KEY_SCOPES, createApiKeyBody, type ApiKeyDto } from '@clinic/domain/contracts/api-keys';
import { Alert, Button, Card, Checkbox, Code, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Banner } from '../../../ui/Banner';
import { DataTable, type DataTableColumn } from '../../../ui/DataTable';
import { QueryState } from '../../../ui/QueryState';
import { StatusChip } from '../../../ui/StatusChip';
import { useCreateApiKey } from '../api/create-api-key';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { useApiKeys } from '../api/get-api-keys';
import { CopyableValue } from '../../../ui/CopyableValue';
import { TimeText } from '../../../ui/TimeText';
import { useZodForm } from '../../../ui/use-zod-form';

/**
 * The API keys panel (Admins): create a key for the FHIR server (`/fhir/R4`) with a name and read
 * scopes, its secret shown once with Copy and a warning; the keys with their last use; Revoke,
 * after a confirmation.
 */
export function ApiKeysPanel() {
  const keys = useApiKeys();
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyDto | null>(null);
  const columns: DataTableColumn<ApiKeyDto>[] = [
    { key: 'name', header: 'Name', cell: (k) => k.name, sortValue: (k) => k.name },
    { key: 'prefix', header: 'Key', cell: (k) => <Code>{k.prefix}…</Code> },
    { key: 'scopes', header: 'Scopes', cell: (k) => k.scopes.join(', ') },
    { key: 'created', header: 'Created', cell: (k) => <TimeText value={k.createdAt} date="numeric" fallback="Never" /> },
    { key: 'lastUsed', header: 'Last used', cell: (k) => <TimeText value={k.lastUsedAt} date="numeric" fallback="Never" /> },
    { key: 'status', header: 'Status', cell: (k) => <StatusChip status={k.revokedAt ? 'revoked' : 'active'} /> },
    {
      key: 'actions',
      header: 'Actions',
      cell: (k) =>
        k.revokedAt ? (
          <Text size="sm" c="dimmed">
            Revoked <TimeText value={k.revokedAt} date="numeric" />
          </Text>
        ) : (
          <Button size="xs" variant="outline" color="red.9" aria-label={`Revoke API key ${k.name}`} onClick={() => setRevoking(k)}>
            Revoke
          </Button>
        ),
    },
  ];
  return (
    <Stack gap="md">
      <Text size="sm">
        API keys let another system (an EHR, a data warehouse) read this organization&apos;s patients, encounters and vital signs from the FHIR R4
        server at <Code>/fhir/R4</Code>, sent as <Code>Authorization: Bearer &lt;key&gt;</Code>.
      </Text>
      <CreateKeyForm onCreated={setCreated} />
      {created && (
        <Alert color="yellow" role="status" aria-label={`API key ${created.name} created`}>
          <Stack gap={6}>
            <Text fw={700}>API key &quot;{created.name}&quot; created</Text>
            <Text size="sm" fw={600}>
              Copy this key now: it is shown only once and cannot be shown again.
            </Text>
            <CopyableValue value={created.secret} copyLabel="Copy key" testId="api-key-secret" />
            <Group>
              <Button size="xs" variant="subtle" onClick={() => setCreated(null)}>
                I have stored the key
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      <QueryState query={keys} loadingLabel="Loading API keys">
        {(rows) => <DataTable label="API keys" columns={columns} rows={rows} rowKey={(k) => k.id} emptyText="No API keys yet" />}
      </QueryState>
      <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} />
    </Stack>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (created: { name: string; secret: string }) => void }) {
  const form = useZodForm({ schema: createApiKeyBody, initialValues: { name: '', scopes: ['patient/*.read'] as string[] } });
  const [error, setError] = useState<string | null>(null);
  const create = useCreateApiKey();
  const submit = form.onSubmit(async (body) => {
    setError(null);
    try {
      const result = await create.mutateAsync(body);
      onCreated({ name: result.key.name, secret: result.secret });
      form.setFieldValue('name', '');
    } catch (err) {
      setError((err as Error).message);
    }
  });
  return (
    <Card withBorder component="form" onSubmit={submit} aria-label="Create API key">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Create API key
        </Title>
        {error && <Banner>{error}</Banner>}
        <TextInput label="Name" required maxLength={100} {...form.getInputProps('name')} placeholder="e.g. Epic sync" />
        <Checkbox.Group label="Scopes" {...form.getInputProps('scopes')} withAsterisk>
          <Stack gap={4} mt={4}>
            {API_KEY_SCOPES.map((scope) => (
              <Checkbox key={scope} value={scope} label={`${scope} (${API_KEY_SCOPE_LABELS[scope]})`} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group>
          <Button type="submit" loading={create.isPending} disabled={form.getValues().scopes.length === 0}>
            Create API key
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function RevokeDialog({ apiKey, onClose }: { apiKey: ApiKeyDto | null; onClose: () => void }) {
  const revoke = useRevokeApiKey();
  const close = () => {
    revoke.reset();
    onClose();
  };
  const confirm = async () => {
    if (!apiKey) return;
    try {
      await revoke.mutateAsync(apiKey.id);
      notifications.show({ color: 'green', message: `API key ${apiKey.name} revoked` });
      close();
    } catch {
      /* the message is shown in the dialog */
    }
  };
  return (
    <Modal opened={apiKey !== null} onClose={close} title="Revoke API key" centered>
      {apiKey && (
        <Stack gap="md">
          <Text>
            Revoke <strong>{apiKey.name}</strong>? Systems using it are refused from their next request. This cannot be undone.
          </Text>
          {revoke.error && <Banner>{revoke.error.message}</Banner>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button color="red.8" onClick={confirm} loading={revoke.isPending}>
              Revoke
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
