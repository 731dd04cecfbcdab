import { Select, Stack, TextInput, Textarea } from '@mantine/core';
import type { SettingsForm } from '../draft';

/** The spec's five types, with the server's values. */
const TYPES = [
  { value: 'hospital', label: 'Hospital' },
  { value: 'clinic', label: 'Clinic' },
  { value: 'medical_group', label: 'Medical Group' },
  { value: 'healthcare_system', label: 'Healthcare System' },
  { value: 'other', label: 'Other' },
];
const OTHER_TYPE_LABELS: Record<string, string> = {
  medical_center: 'Medical Center',
  urgent_care: 'Urgent Care',
  private_practice: 'Private Practice',
};
const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Español' },
  { value: 'fr', label: 'Français' },
  { value: 'de', label: 'Deutsch' },
];

/** The General tab: name, type (an older type keeps its label), description, timezone and language. */
export function GeneralSection({ form }: { form: SettingsForm }) {
  const draft = form.getValues();
  const typeOptions = TYPES.some((t) => t.value === draft.general.type)
    ? TYPES
    : [...TYPES, { value: draft.general.type, label: OTHER_TYPE_LABELS[draft.general.type] ?? draft.general.type }];
  return (
    <Stack>
      <TextInput label="Organization Name" required {...form.getInputProps('general.name')} />
      <Select label="Organization Type" data={typeOptions} {...form.getInputProps('general.type')} allowDeselect={false} />
      <Textarea label="Description" autosize minRows={2} {...form.getInputProps('general.description')} />
      <Select
        label="Timezone"
        searchable
        data={Intl.supportedValuesOf('timeZone')}
        {...form.getInputProps('general.timezone')}
        allowDeselect={false}
      />
      <Select
        label="Language"
        description="Also the kiosks' default language"
        data={LANGUAGES}
        {...form.getInputProps('general.language')}
        allowDeselect={false}
      />
    </Stack>
  );
}
