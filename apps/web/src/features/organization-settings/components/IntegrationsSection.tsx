import { Fieldset, Stack, Switch, TextInput } from '@mantine/core';
import type { Draft, EditDraft } from '../draft';

const INTEGRATIONS = [
  ['emr', 'EMR'],
  ['lab', 'Lab'],
  ['radiology', 'Radiology'],
] as const;

/** The Integrations tab: each system's switch, name and https endpoint. */
export function IntegrationsSection({ draft, edit }: { draft: Draft; edit: EditDraft }) {
  return (
    <Stack>
      {INTEGRATIONS.map(([key, name]) => (
        <Fieldset key={key} legend={`${name} Integration`}>
          <Stack>
            <Switch
              label={`Enable ${name} Integration`}
              checked={draft.integrations[key].enabled}
              onChange={(e) => edit((d) => void (d.integrations[key].enabled = e.currentTarget.checked))}
            />
            <TextInput
              label={`${name} System Name`}
              value={draft.integrations[key].systemName}
              onChange={(e) => edit((d) => void (d.integrations[key].systemName = e.currentTarget.value))}
            />
            <TextInput
              label={`${name} API Endpoint`}
              type="url"
              placeholder="https://"
              description="An https:// address"
              value={draft.integrations[key].endpoint}
              onChange={(e) => edit((d) => void (d.integrations[key].endpoint = e.currentTarget.value))}
            />
          </Stack>
        </Fieldset>
      ))}
    </Stack>
  );
}
