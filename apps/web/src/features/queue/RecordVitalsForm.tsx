import { recordVitalsBody, type QueueEntryDto, type QueueVitalSigns } from '@clinic/domain/contracts/triage';
import { Alert, Button, Checkbox, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useRecordVitals } from './api/record-vitals';
import type { QueueTenant } from './api/queue-keys';

type NumberField = 'heartRate' | 'systolic' | 'diastolic' | 'oxygenSaturation' | 'temperature' | 'respiratoryRate' | 'glasgowComaScale';

const FIELDS: Array<{ key: NumberField; label: string; decimals?: number }> = [
  { key: 'heartRate', label: 'Heart Rate (bpm)' },
  { key: 'systolic', label: 'Systolic BP (mmHg)' },
  { key: 'diastolic', label: 'Diastolic BP (mmHg)' },
  { key: 'oxygenSaturation', label: 'Oxygen Saturation (%)' },
  { key: 'temperature', label: 'Temperature (°F)', decimals: 1 },
  { key: 'respiratoryRate', label: 'Respiratory Rate (/min)' },
  { key: 'glasgowComaScale', label: 'Glasgow Coma Scale (3-15)' },
];

function initialValues(v: QueueVitalSigns | null): Record<NumberField, number | ''> {
  const n = (x: number | null | undefined) => (typeof x === 'number' ? x : '');
  return {
    heartRate: n(v?.heartRate),
    systolic: n(v?.bloodPressure?.systolic),
    diastolic: n(v?.bloodPressure?.diastolic),
    oxygenSaturation: n(v?.oxygenSaturation),
    temperature: n(v?.temperature),
    respiratoryRate: n(v?.respiratoryRate),
    glasgowComaScale: n(v?.glasgowComaScale),
  };
}

/** Records vital signs on an entry; the server recomputes its risk score and NEWS2. */
export function RecordVitalsForm({ entry, tenant }: { entry: QueueEntryDto; tenant: QueueTenant }) {
  const [values, setValues] = useState(() => initialValues(entry.vitalSigns));
  const [onOxygen, setOnOxygen] = useState(Boolean(entry.vitalSigns?.supplementalOxygen));
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const record = useRecordVitals(tenant);

  const num = (k: NumberField) => (values[k] === '' ? null : Number(values[k]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const parsed = recordVitalsBody.safeParse({
      heartRate: num('heartRate'),
      bloodPressure: num('systolic') === null && num('diastolic') === null ? null : { systolic: num('systolic'), diastolic: num('diastolic') },
      oxygenSaturation: num('oxygenSaturation'),
      temperature: num('temperature'),
      respiratoryRate: num('respiratoryRate'),
      glasgowComaScale: num('glasgowComaScale'),
      supplementalOxygen: onOxygen,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = FIELDS.find((f) => issue.path.includes(f.key) || (f.key === 'systolic' && issue.path.includes('systolic')));
      setProblem(field && !issue.message.startsWith('Systolic') ? `${field.label}: ${issue.message}` : issue.message);
      return;
    }
    setProblem(null);
    try {
      await record.mutateAsync({ id: entry.id, vitals: parsed.data });
      setSaved(true);
    } catch (err) {
      setProblem(`Failed to record vital signs: ${(err as Error).message}`);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Record Vitals">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          {FIELDS.map((f) => (
            <NumberInput
              key={f.key}
              label={f.label}
              value={values[f.key]}
              onChange={(v) => setValues((all) => ({ ...all, [f.key]: v === '' ? '' : Number(v) }))}
              decimalScale={f.decimals ?? 0}
              allowNegative={false}
              hideControls
            />
          ))}
          <Checkbox label="On supplemental oxygen" checked={onOxygen} onChange={(e) => setOnOxygen(e.currentTarget.checked)} mt="lg" />
        </SimpleGrid>
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
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
