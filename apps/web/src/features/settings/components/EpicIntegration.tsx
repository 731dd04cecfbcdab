import { epicIntegrationBody, type EpicIntegration as Epic } from '@clinic/domain/contracts/settings';
import { Alert, Button, Group, List, PasswordInput, Progress, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { TimeText } from '../../../ui/TimeText';
import { useZodForm } from '../../../ui/use-zod-form';
import { useSaveEpic } from '../api/save-epic';
import { useSyncEpic } from '../api/sync-epic';
import { useTestEpic } from '../api/test-epic';

/**
 * The Epic EHR integration of the organization: saved by Admins (its own Save, as it is the
 * organization's, not the member's); Test Connection is the server's `GET {baseUrl}/metadata`;
 * Sync Patients imports the EHR's Patients into the directory. The bearer token is write-only.
 */
export function EpicIntegration(props: { epic: Epic; bearerTokenSet: boolean; canEdit: boolean }) {
  // Edits belong to the connection they were made on: a save or a reload starts from the new one.
  return <EpicForm key={JSON.stringify(props.epic)} {...props} />;
}

/** The connection's fields as the form holds them: the saved ones, and a new token (empty: keep the saved one). */
const formOf = ({ lastSync: _lastSync, ...fields }: Epic) => ({ ...fields, bearerToken: '' });

function EpicForm({ epic, bearerTokenSet, canEdit }: { epic: Epic; bearerTokenSet: boolean; canEdit: boolean }) {
  const form = useZodForm({
    schema: epicIntegrationBody,
    initialValues: formOf(epic),
    toInput: ({ bearerToken, ...fields }) => (bearerToken.trim() ? { ...fields, bearerToken } : fields),
  });
  const draft = form.getValues();
  const save = useSaveEpic();
  const test = useTestEpic();
  const sync = useSyncEpic();
  const changed = JSON.stringify(draft) !== JSON.stringify(formOf(epic));
  const submit = form.onSubmit((body) => save.mutate(body, { onSuccess: () => form.setFieldValue('bearerToken', '') }));

  return (
    <Stack gap="sm">
      <Switch label="Epic EHR" {...form.getInputProps('enabled', { type: 'checkbox' })} disabled={!canEdit} />
      {draft.enabled && (
        <Stack gap="sm" pl="lg">
          <TextInput label="Client ID" {...form.getInputProps('clientId')} readOnly={!canEdit} />
          <Select
            label="Environment"
            data={[
              { value: 'sandbox', label: 'Sandbox' },
              { value: 'production', label: 'Production' },
            ]}
            {...form.getInputProps('environment')}
            disabled={!canEdit}
            allowDeselect={false}
          />
          <TextInput
            label="Base URL"
            placeholder="https://fhir.example.org/api/FHIR/R4"
            description="An https address on the internet; a server on your own network only where this installation's operator allows it."
            {...form.getInputProps('baseUrl')}
            readOnly={!canEdit}
          />
          {canEdit && (
            <PasswordInput
              label="Bearer token (API key)"
              description={bearerTokenSet ? 'A token is saved. Enter a new one to replace it.' : 'Sent as Authorization: Bearer to the EHR.'}
              {...form.getInputProps('bearerToken')}
              autoComplete="off"
            />
          )}
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
          <Button onClick={() => submit()} disabled={!changed || save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Integration'}
          </Button>
          {epic.enabled && (
            <Button variant="light" onClick={() => test.mutate()} disabled={changed || test.isPending || !epic.baseUrl}>
              {test.isPending ? 'Testing...' : 'Test Connection'}
            </Button>
          )}
          {epic.enabled && (
            <Button variant="light" onClick={() => sync.mutate()} disabled={changed || sync.isPending || !epic.baseUrl}>
              {sync.isPending ? 'Syncing...' : 'Sync Patients'}
            </Button>
          )}
        </Group>
      )}
      {save.isError && <Alert color="red">{save.error.message}</Alert>}
      {test.data &&
        (test.data.ok ? (
          <Alert color="teal.9" variant="outline" title="Connected">
            FHIR version {test.data.fhirVersion ?? 'unknown'}, software {test.data.software ?? 'unknown'}.
          </Alert>
        ) : (
          <Alert color="red" title="Connection failed">
            {test.data.error}
          </Alert>
        ))}
      {test.isError && <Alert color="red">{test.error.message}</Alert>}
      {sync.isPending && <Progress value={100} animated striped aria-label="Syncing patients" />}
      {sync.isError && <Alert color="red">{sync.error.message}</Alert>}
      {sync.data && (
        <Alert
          variant="outline"
          // orange.9 is 4.3:1 on white, under AA for the title; red.9 is 5.9:1.
          color={sync.data.complete && sync.data.errors === 0 ? 'teal.9' : 'red.9'}
          title={sync.data.complete ? 'Sync complete' : 'Sync stopped'}
        >
          <Text size="sm">
            Created {sync.data.created}, updated {sync.data.updated}, unchanged {sync.data.unchanged}, skipped {sync.data.skipped}, errors{' '}
            {sync.data.errors} ({sync.data.pages} {sync.data.pages === 1 ? 'page' : 'pages'} read).
          </Text>
          {sync.data.messages.length > 0 && (
            <List size="sm">
              {sync.data.messages.map((m, i) => (
                <List.Item key={`${i} ${m}`}>{m}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
    </Stack>
  );
}
