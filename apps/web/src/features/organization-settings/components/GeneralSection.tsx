import { Select, Stack, TextInput, Textarea } from '@mantine/core';
import type { Draft, EditDraft } from '../draft';

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
export function GeneralSection({ draft, edit }: { draft: Draft; edit: EditDraft }) {
  const typeOptions = TYPES.some((t) => t.value === draft.general.type)
    ? TYPES
    : [...TYPES, { value: draft.general.type, label: OTHER_TYPE_LABELS[draft.general.type] ?? draft.general.type }];
  return (
    <Stack>
      <TextInput
        label="Organization Name"
        required
        value={draft.general.name}
        onChange={(e) => edit((d) => void (d.general.name = e.currentTarget.value))}
      />
      <Select
        label="Organization Type"
        data={typeOptions}
        value={draft.general.type}
        allowDeselect={false}
        onChange={(v) => v && edit((d) => void (d.general.type = v))}
      />
      <Textarea
        label="Description"
        autosize
        minRows={2}
        value={draft.general.description}
        onChange={(e) => edit((d) => void (d.general.description = e.currentTarget.value))}
      />
      <Select
        label="Timezone"
        searchable
        data={Intl.supportedValuesOf('timeZone')}
        value={draft.general.timezone}
        allowDeselect={false}
        onChange={(v) => v && edit((d) => void (d.general.timezone = v))}
      />
      <Select
        label="Language"
        description="Also the kiosks' default language"
        data={LANGUAGES}
        value={draft.general.language}
        allowDeselect={false}
        onChange={(v) => v && edit((d) => void (d.general.language = v as Draft['general']['language']))}
      />
    </Stack>
  );
}
