import type { QueueVitalSigns } from '@clinic/domain/contracts/clinical-fields';
import { recordVitalsBody, type QueueEntryDto } from '@clinic/domain/contracts/queue';
import { Button, Checkbox, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { TenantRef } from '../../api/tenant';
import { Banner } from '../../ui/Banner';
import { useZodForm } from '../../ui/use-zod-form';
import { useRecordVitals } from './api/record-vitals';

type NumberField = 'heartRate' | 'systolic' | 'diastolic' | 'oxygenSaturation' | 'temperature' | 'respiratoryRate' | 'glasgowComaScale';
type VitalsForm = Record<NumberField, number | ''> & { supplementalOxygen: boolean };

const FIELDS: Array<{ key: NumberField; label: string; decimals?: number }> = [
  { key: 'heartRate', label: 'Heart Rate (bpm)' },
  { key: 'systolic', label: 'Systolic BP (mmHg)' },
  { key: 'diastolic', label: 'Diastolic BP (mmHg)' },
  { key: 'oxygenSaturation', label: 'Oxygen Saturation (%)' },
  { key: 'temperature', label: 'Temperature (°F)', decimals: 1 },
  { key: 'respiratoryRate', label: 'Respiratory Rate (/min)' },
  { key: 'glasgowComaScale', label: 'Glasgow Coma Scale (3-15)' },
];

function initialValues(v: QueueVitalSigns | null): VitalsForm {
  const n = (x: number | null | undefined) => (typeof x === 'number' ? x : '');
  return {
    heartRate: n(v?.heartRate),
    systolic: n(v?.bloodPressure?.systolic),
    diastolic: n(v?.bloodPressure?.diastolic),
    oxygenSaturation: n(v?.oxygenSaturation),
    temperature: n(v?.temperature),
    respiratoryRate: n(v?.respiratoryRate),
    glasgowComaScale: n(v?.glasgowComaScale),
    supplementalOxygen: Boolean(v?.supplementalOxygen),
  };
}

/** The form's values as the contract's body: blanks are null, blood pressure one object. */
function toBody(values: VitalsForm) {
  const num = (k: NumberField) => (values[k] === '' ? null : Number(values[k]));
  return {
    heartRate: num('heartRate'),
    bloodPressure: num('systolic') === null && num('diastolic') === null ? null : { systolic: num('systolic'), diastolic: num('diastolic') },
    oxygenSaturation: num('oxygenSaturation'),
    temperature: num('temperature'),
    respiratoryRate: num('respiratoryRate'),
    glasgowComaScale: num('glasgowComaScale'),
    supplementalOxygen: values.supplementalOxygen,
  };
}

/** `bloodPressure.systolic` -> `systolic`; an issue of the whole body belongs to no field. */
const fieldOf = (path: string) => (path.startsWith('bloodPressure') ? (path.split('.')[1] ?? 'systolic') : path.split('.')[0] || null);

/** Records vital signs on an entry; the server recomputes its risk score and NEWS2. */
export function RecordVitalsForm({ entry, tenant }: { entry: QueueEntryDto; tenant: TenantRef }) {
  const form = useZodForm({ schema: recordVitalsBody, toInput: toBody, fieldOf, initialValues: initialValues(entry.vitalSigns) });
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const record = useRecordVitals(tenant);

  const submit = form.onSubmit(
    async (vitals) => {
      setFailure(null);
      setSaved(false);
      try {
        await record.mutateAsync({ id: entry.id, vitals });
        setSaved(true);
      } catch (err) {
        setFailure(`Failed to record vital signs: ${(err as Error).message}`);
      }
    },
    () => setSaved(false),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Record Vitals">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          {FIELDS.map((f) => (
            <NumberInput
              key={f.key}
              label={f.label}
              decimalScale={f.decimals ?? 0}
              allowNegative={false}
              hideControls
              {...form.getInputProps(f.key)}
            />
          ))}
          <Checkbox label="On supplemental oxygen" mt="lg" {...form.getInputProps('supplementalOxygen', { type: 'checkbox' })} />
        </SimpleGrid>
        {(form.formError || failure) && <Banner>{form.formError ?? failure}</Banner>}
        {saved && !record.isPending && (
          <Text c="green.9" role="status">
            Vital signs recorded. Risk score and NEWS2 updated.
          </Text>
        )}
        <Button type="submit" loading={record.isPending} style={{ alignSelf: 'flex-start' }}>
          Record Vitals
        </Button>
      </Stack>
    </form>
  );
}
