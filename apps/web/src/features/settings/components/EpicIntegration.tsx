import { epicIntegrationBody, type EpicIntegration as Epic } from '@clinic/domain/contracts/settings';
import { epicAuthMethodOf } from '@clinic/domain/rules/ehr-sync';
import { Alert, Button, Group, PasswordInput, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { TimeText } from '../../../ui/TimeText';
import { useZodForm } from '../../../ui/use-zod-form';
import { openRunOf, useEpicSyncRuns } from '../api/get-epic-sync-runs';
import { useSaveEpic } from '../api/save-epic';
import { useSyncEpic } from '../api/sync-epic';
import { useTestEpic } from '../api/test-epic';
import { EpicSmartKeys } from './EpicSmartKeys';
import { EpicSyncRuns } from './EpicSyncRuns';

/**
 * The Epic EHR integration of the organization: saved by Admins (its own Save, as it is the
 * organization's, not the member's). The server signs in over SMART Backend Services (its signed
 * assertion checked against the organization's JWKS, whose URL is shown to register in Epic) or
 * with a static bearer token (write-only). Test Connection is the server's `GET {baseUrl}/metadata`
 * and sign-in; Sync Patients is queued for the server's background worker, whose progress and
 * history are shown.
 */
export function EpicIntegration(props: { epic: Epic; bearerTokenSet: boolean; canEdit: boolean }) {
  // Kept across the form's reloads (a finished sync changes the last sync time): the run it started.
  const sync = useSyncEpic();
  return (
    <Stack gap="sm">
      {/* Edits belong to the connection they were made on: a save or a reload starts from the new one. */}
      <EpicForm key={JSON.stringify(props.epic)} {...props} sync={sync} />
      {sync.isError && <Alert color="red">{sync.error.message}</Alert>}
      {props.canEdit && (props.epic.enabled || sync.data) && <EpicSyncRuns startedRunId={sync.data?.id} />}
    </Stack>
  );
}

/**
 * The connection's fields as the form holds them: the saved ones with the sign-in method in force
 * (a connection saved before there was a choice keeps its bearer token), and a new token (empty:
 * keep the saved one).
 */
const formOf = ({ lastSync: _lastSync, ...fields }: Epic, bearerTokenSet: boolean) => ({
  ...fields,
  authMethod: epicAuthMethodOf(fields.authMethod, bearerTokenSet),
  bearerToken: '',
});

const AUTH_METHODS = [
  { value: 'smart-backend', label: 'SMART Backend Services (signed JWT)' },
  { value: 'bearer-token', label: 'Static bearer token' },
];

function EpicForm({
  epic,
  bearerTokenSet,
  canEdit,
  sync,
}: {
  epic: Epic;
  bearerTokenSet: boolean;
  canEdit: boolean;
  sync: ReturnType<typeof useSyncEpic>;
}) {
  const saved = formOf(epic, bearerTokenSet);
  const form = useZodForm({
    schema: epicIntegrationBody,
    initialValues: saved,
    toInput: ({ bearerToken, ...fields }) => (bearerToken.trim() && fields.authMethod === 'bearer-token' ? { ...fields, bearerToken } : fields),
  });
  const draft = form.getValues();
  const save = useSaveEpic();
  const test = useTestEpic();
  const runs = useEpicSyncRuns(canEdit);
  const syncing = sync.isPending || openRunOf(runs.data) !== undefined;
  const changed = JSON.stringify(draft) !== JSON.stringify(saved);
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
          <Select
            label="Sign-in method"
            description="Epic accepts SMART Backend Services only; a static bearer token is for a FHIR server that issues one."
            data={AUTH_METHODS}
            {...form.getInputProps('authMethod')}
            disabled={!canEdit}
            allowDeselect={false}
          />
          {canEdit && draft.authMethod === 'bearer-token' && (
            <PasswordInput
              label="Bearer token (API key)"
              description={bearerTokenSet ? 'A token is saved. Enter a new one to replace it.' : 'Sent as Authorization: Bearer to the EHR.'}
              {...form.getInputProps('bearerToken')}
              autoComplete="off"
            />
          )}
          {canEdit && saved.authMethod === 'smart-backend' && <EpicSmartKeys />}
          <Text size="sm">
            Last sync: <TimeText value={epic.lastSync} date="numeric" fallback="Never" />
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
            <Button variant="light" onClick={() => sync.mutate()} disabled={changed || syncing || !epic.baseUrl}>
              {syncing ? 'Syncing...' : 'Sync Patients'}
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
    </Stack>
  );
}
