import { Fieldset, Stack, Switch, TextInput } from '@mantine/core';
import type { SettingsForm } from '../draft';

const INTEGRATIONS = [
  ['emr', 'EMR'],
  ['lab', 'Lab'],
  ['radiology', 'Radiology'],
] as const;

/** The Integrations tab: each system's switch, name and https endpoint. */
export function IntegrationsSection({ form }: { form: SettingsForm }) {
  return (
    <Stack>
      {INTEGRATIONS.map(([key, name]) => (
        <Fieldset key={key} legend={`${name} Integration`}>
          <Stack>
            <Switch label={`Enable ${name} Integration`} {...form.getInputProps(`integrations.${key}.enabled`, { type: 'checkbox' })} />
            <TextInput label={`${name} System Name`} {...form.getInputProps(`integrations.${key}.systemName`)} />
            <TextInput
              label={`${name} API Endpoint`}
              type="url"
              placeholder="https://"
              description="An https:// address"
              {...form.getInputProps(`integrations.${key}.endpoint`)}
            />
          </Stack>
        </Fieldset>
      ))}
    </Stack>
  );
}
