import type { pediatricIntakeBody } from '@clinic/domain/contracts/pediatric-intake';
import { localIsoDate } from '@clinic/domain/rules/patient-age';
import { GUARDIAN_RELATIONSHIPS, INTAKE_ETHNICITIES, INTAKE_GENDERS, INTAKE_RACES, LIVING_SITUATIONS } from '@clinic/domain/rules/pediatric-intake';
import { Box, Checkbox, Group, NativeSelect, Paper, Radio, SimpleGrid, Slider, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import type { ZodForm } from '../../ui/use-zod-form';
import type { IntakeForm } from './intake-form';

/** The wizard's form, checked by the intake contract. */
export type IntakeZodForm = ZodForm<IntakeForm, typeof pediatricIntakeBody>;

const choices = (values: readonly string[], labels: Record<string, string> = {}) => [
  { value: '', label: 'Select…' },
  ...values.map((v) => ({ value: v, label: labels[v] ?? v.charAt(0).toUpperCase() + v.slice(1).replace(/-/g, ' ') })),
];
const RACE_LABELS: Record<string, string> = {
  black: 'Black or African American',
  native: 'American Indian or Alaska Native',
  pacific: 'Native Hawaiian or Pacific Islander',
  declined: 'Prefer not to say',
};
const ETHNICITY_LABELS: Record<string, string> = {
  hispanic: 'Hispanic or Latino',
  'non-hispanic': 'Not Hispanic or Latino',
  declined: 'Prefer not to say',
};

/**
 * The fields of one step of the wizard (1 to 6); step 6 asks for consent when the intake is a
 * trial's (`trialId`, whose title is `title`).
 */
export function IntakeStep({ step, form, trialId, title }: { step: number; form: IntakeZodForm; trialId: string | null; title: string }) {
  const values = form.getValues();
  const field = (key: keyof IntakeForm, label: string, required = false) => ({
    label,
    ...form.getInputProps(key),
    ...(required ? { withAsterisk: true, 'aria-required': true as const } : {}),
  });
  return (
    <>
      {step === 1 && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput {...field('firstName', 'First Name', true)} autoComplete="off" />
          <TextInput {...field('lastName', 'Last Name', true)} autoComplete="off" />
          <TextInput {...field('dateOfBirth', 'Date of Birth', true)} type="date" max={localIsoDate()} />
          <NativeSelect {...field('gender', 'Gender', true)} data={choices(INTAKE_GENDERS)} />
          <NativeSelect {...field('race', 'Race')} data={choices(INTAKE_RACES, RACE_LABELS)} />
          <NativeSelect {...field('ethnicity', 'Ethnicity')} data={choices(INTAKE_ETHNICITIES, ETHNICITY_LABELS)} />
        </SimpleGrid>
      )}

      {step === 2 && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...field('primaryPhone', 'Primary Phone', true)} type="tel" />
            <TextInput {...field('secondaryPhone', 'Secondary Phone')} type="tel" />
            <TextInput {...field('email', 'Email')} type="email" />
            <TextInput {...field('street', 'Street Address')} />
            <TextInput {...field('city', 'City')} />
            <TextInput {...field('state', 'State')} />
            <TextInput {...field('zipCode', 'ZIP Code')} />
          </SimpleGrid>
          <Title order={3} fz="h4">
            Parent / Guardian
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...field('guardianFirstName', 'Guardian First Name', true)} />
            <TextInput {...field('guardianLastName', 'Guardian Last Name', true)} />
            <NativeSelect {...field('guardianRelationship', 'Relationship to Patient', true)} data={choices(GUARDIAN_RELATIONSHIPS)} />
            <TextInput {...field('guardianPhone', 'Guardian Phone', true)} type="tel" />
            <TextInput {...field('guardianEmail', 'Guardian Email')} type="email" />
            <TextInput {...field('guardianAddress', 'Guardian Address (if different)')} />
          </SimpleGrid>
        </Stack>
      )}

      {step === 3 && (
        <Stack gap="md">
          <Textarea {...field('chiefComplaint', 'Chief Complaint', true)} autosize minRows={2} />
          <TextInput {...field('symptoms', 'Symptoms', true)} description="Separate symptoms with commas" />
          <Box>
            <Text id="pain-label" fz="sm" fw={500}>
              Pain Level: {values.painLevel} / 10
            </Text>
            <Slider
              min={0}
              max={10}
              step={1}
              value={values.painLevel}
              onChange={(v) => form.setFieldValue('painLevel', v)}
              thumbProps={{ 'aria-labelledby': 'pain-label' }}
              marks={[0, 5, 10].map((v) => ({ value: v, label: String(v) }))}
              mb="md"
            />
          </Box>
          <TextInput {...field('symptomDuration', 'Symptom Duration')} />
          <Textarea {...field('previousEpisodes', 'Previous Episodes')} autosize minRows={2} />
          <Textarea {...field('previousTreatment', 'Previous Treatment')} autosize minRows={2} />
        </Stack>
      )}

      {step === 4 && (
        <Stack gap="md">
          <TextInput {...field('allergies', 'Allergies')} description="Separate entries with commas" />
          <TextInput {...field('currentMedications', 'Current Medications')} description="Separate entries with commas" />
          <TextInput {...field('chronicConditions', 'Chronic Conditions')} description="Separate conditions with commas" />
          <Textarea {...field('surgeries', 'Surgeries')} autosize minRows={2} />
          <Textarea {...field('hospitalizations', 'Hospitalizations')} autosize minRows={2} />
        </Stack>
      )}

      {step === 5 && (
        <Stack gap="md">
          <Box component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
            <Text component="legend" fz="sm" fw={500}>
              Family History
            </Text>
            <Group mt="xs">
              {(
                [
                  ['diabetes', 'Diabetes'],
                  ['hypertension', 'Hypertension'],
                  ['heartDisease', 'Heart Disease'],
                  ['cancer', 'Cancer'],
                  ['mentalHealth', 'Mental Health'],
                ] as const
              ).map(([key, label]) => (
                <Checkbox key={key} label={label} {...form.getInputProps(key, { type: 'checkbox' })} />
              ))}
            </Group>
          </Box>
          <TextInput {...field('familyOther', 'Other Family History')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...field('schoolGrade', 'School Grade')} />
            <NativeSelect {...field('livingSituation', 'Living Situation')} data={choices(LIVING_SITUATIONS)} />
          </SimpleGrid>
          <Textarea {...field('activities', 'Activities')} autosize minRows={2} />
        </Stack>
      )}

      {step === 6 && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput {...field('insurancePrimary', 'Primary Insurance', true)} />
            <TextInput {...field('policyNumber', 'Policy Number')} />
            <TextInput {...field('groupNumber', 'Group Number')} />
          </SimpleGrid>
          {trialId && (
            <Paper withBorder p="md" bg="blue.0">
              <Stack gap="sm">
                <Title order={3} fz="h4">
                  Clinical Trial Consent
                </Title>
                <Text>
                  You are invited to enroll your child in {title}. Participation is voluntary, and you may withdraw at any time without affecting
                  your child&apos;s care.
                </Text>
                <Radio.Group
                  label="Consent Status"
                  withAsterisk
                  value={values.consentStatus === 'pending' ? '' : values.consentStatus}
                  onChange={(v) => form.setFieldValue('consentStatus', v as IntakeForm['consentStatus'])}
                >
                  <Stack gap="xs" mt="xs">
                    <Radio value="provided" label="I provide consent" />
                    <Radio value="declined" label="I decline consent" />
                  </Stack>
                </Radio.Group>
                <TextInput {...field('screeningNumber', 'Screening Number')} />
              </Stack>
            </Paper>
          )}
        </Stack>
      )}
    </>
  );
}
