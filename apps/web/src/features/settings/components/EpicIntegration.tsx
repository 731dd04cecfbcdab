import type { EpicIntegration as Epic } from '@clinic/domain/contracts/settings';
import { Alert, Button, Checkbox, Group, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { TimeText } from '../../../ui/TimeText';
import { useSaveEpic } from '../api/save-epic';
import { useTestEpic } from '../api/test-epic';

/**
 * The Epic EHR integration of the organization: saved by Admins (its own Save, as it is the
 * organization's, not the member's); Test Connection is the server's `GET {baseUrl}/metadata`.
 */
export function EpicIntegration({ epic, canEdit }: { epic: Epic; canEdit: boolean }) {
  const [edited, setEdited] = useState<{ base: Epic; value: Epic } | null>(null);
  const draft = edited && edited.base === epic ? edited.value : epic;
  const save = useSaveEpic();
  const test = useTestEpic();
  const changed = JSON.stringify(draft) !== JSON.stringify(epic);
  const set = (change: Partial<Epic>) => setEdited({ base: epic, value: { ...draft, ...change } });
  const { lastSync: _lastSync, ...body } = draft;

  return (
    <Stack gap="sm">
      <Switch label="Epic EHR" checked={draft.enabled} disabled={!canEdit} onChange={(e) => set({ enabled: e.currentTarget.checked })} />
      {draft.enabled && (
        <Stack gap="sm" pl="lg">
          <TextInput label="Client ID" value={draft.clientId} readOnly={!canEdit} onChange={(e) => set({ clientId: e.currentTarget.value })} />
          <Select
            label="Environment"
            data={[
              { value: 'sandbox', label: 'Sandbox' },
              { value: 'production', label: 'Production' },
            ]}
            value={draft.environment}
            disabled={!canEdit}
            allowDeselect={false}
            onChange={(v) => v && set({ environment: v as Epic['environment'] })}
          />
          <TextInput
            label="Base URL"
            placeholder="https://fhir.example.org/api/FHIR/R4"
            value={draft.baseUrl}
            readOnly={!canEdit}
            onChange={(e) => set({ baseUrl: e.currentTarget.value })}
          />
          <Checkbox
            label="On-premise server (allow private addresses and plain http)"
            checked={draft.allowOnPremise}
            disabled={!canEdit}
            onChange={(e) => set({ allowOnPremise: e.currentTarget.checked })}
          />
          <Text size="sm">
            Last sync: <TimeText value={epic.lastSync} date="numeric" fallback="Never" />
          </Text>
          <Text size="sm" c="dimmed">
            Sync Patients is offered once the interoperability work is available.
          </Text>
        </Stack>
      )}
      {canEdit && (
        <Group>
          <Button onClick={() => save.mutate(body)} disabled={!changed || save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Integration'}
          </Button>
          {epic.enabled && (
            <Button variant="light" onClick={() => test.mutate()} disabled={changed || test.isPending || !epic.baseUrl}>
              {test.isPending ? 'Testing...' : 'Test Connection'}
            </Button>
          )}
        </Group>
      )}
      {save.isError && <Alert color="red">{save.error.message}</Alert>}
      {test.data &&
        (test.data.ok ? (
          <Alert color="green" title="Connected">
            FHIR version {test.data.fhirVersion ?? 'unknown'}, software {test.data.software ?? 'unknown'}.
          </Alert>
        ) : (
          <Alert color="red" title="Connection failed">
            {test.data.error}
          </Alert>
        ))}
      {test.isError && <Alert color="red">{test.error.message}</Alert>}
    </Stack>
  );
}
