import { Box, Button, Container, Group, NativeSelect, Paper, SimpleGrid, Slider, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { publicTenantFromParams, usePublicClinic } from '../../api/public-clinic';
import { Banner } from '../../ui/Banner';
import { useKioskLanguage } from '../../ui/kiosk-i18n';
import { KIOSK_TOUCH as TOUCH, KioskHeader, KioskStepHeading, StepButtons, StepMessage, useIdleReset, useStepFocus } from '../../ui/kiosk';
import { useZodForm } from '../../ui/use-zod-form';
import { useSubmitKioskCase } from './api/submit-kiosk-case';
import { submissionKeys } from '../../api/submission-key';
import { EMPTY_KIOSK_FORM, KIOSK_REQUIRED, kioskCaseBodyFrom, kioskField, kioskFormSpec, missingRequired, type KioskForm } from './kiosk-form';

type Step = 'welcome' | 'patient' | 'medical' | 'complete';
const STEPS: Step[] = ['welcome', 'patient', 'medical', 'complete'];

/** Mantine's dimmed hint colour fails WCAG AA contrast on white; a darker grey passes. */
const READABLE_HINTS = { styles: { description: { color: 'var(--mantine-color-gray-7)' } } } as const;

/**
 * /kiosk (public): the four-step self check-in. The organization and clinic come from the URL
 * (organization|org, clinic|clinicId; default 'default-clinic', clinic defaulting to the organization).
 */
export function KioskPage() {
  const [params] = useSearchParams();
  const tenant = publicTenantFromParams(params);
  const connected = usePublicClinic(tenant);
  const lang = useKioskLanguage(connected.data?.organization.language);
  const { t } = useTranslation();
  const required_ = t('common.required');
  const [step, setStep] = useState<Step>('welcome');
  const form = useZodForm({ ...kioskFormSpec(tenant), initialValues: EMPTY_KIOSK_FORM });
  const [message, setMessage] = useState<string | null>(null);
  const [result, setResult] = useState<{ caseId: string; queueNumber: number } | null>(null);
  const submit = useSubmitKioskCase();
  // One Idempotency-Key per check-in, kept across retries of the same answers.
  // One holder for the page's life (a closure, not state: changing the key renders nothing).
  const [keys] = useState(submissionKeys);
  // When the patient pressed Start Check-in: the server keeps the check-in's duration for the
  // dashboard's average check-in time. One value per check-in, so retries send the same body.
  const [startedAt, setStartedAt] = useState<string | null>(null);

  const heading = useStepFocus(step);

  const go = (next: Step) => {
    setMessage(null);
    form.clearErrors();
    setStep(next);
  };

  /** The kiosk marks the fields and shows one message above the buttons. */
  const requireFields = (fields: ReadonlyArray<keyof KioskForm>) => {
    const missing = missingRequired(form.getValues(), fields);
    form.setErrors(Object.fromEntries(missing.map((key) => [key, required_])));
    setMessage(missing.length ? required_ : null);
    return missing.length === 0;
  };

  const onPatientNext = (event: FormEvent) => {
    event.preventDefault();
    if (requireFields(KIOSK_REQUIRED.patient)) go('medical');
  };

  const checkIn = form.onSubmit(
    async () => {
      try {
        const body = { ...kioskCaseBodyFrom(form.getValues(), tenant), startedAt: startedAt ?? undefined };
        const answer = await submit.mutateAsync({ body, idempotencyKey: keys.keyFor(body) });
        keys.clear();
        setResult({ caseId: answer.case.id, queueNumber: answer.queueNumber });
        go('complete');
      } catch {
        setMessage(t('common.failure'));
      }
    },
    (errors) => {
      // One message for the first problem: "Email: Invalid email address" (the field's name translated).
      const first = Object.entries(errors).find(([, m]) => Boolean(m));
      const key = first ? kioskField(first[0]) : null;
      setMessage(first ? (key ? `${t(`kiosk.fields.${key}`)}: ${String(first[1])}` : String(first[1])) : null);
    },
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (requireFields([...KIOSK_REQUIRED.patient, ...KIOSK_REQUIRED.medical])) checkIn(event);
  };

  const startOver = () => {
    form.reset();
    keys.clear();
    setStartedAt(null);
    setResult(null);
    submit.reset();
    lang.reset();
    go('welcome');
  };
  // A minute without a touch past the first screen: back to it, so no personal data stays on screen.
  useIdleReset(step !== 'welcome', startOver);

  const field = (key: keyof KioskForm) => ({
    ...form.getInputProps(key),
    error: Boolean(form.errors[key]) || undefined,
    ...TOUCH,
    ...READABLE_HINTS,
  });
  const required = { withAsterisk: true, 'aria-required': true } as const;

  const stepIndex = STEPS.indexOf(step);
  const queueLink = `/queue?${new URLSearchParams({
    source: 'kiosk',
    ...(result ? { caseId: result.caseId } : {}),
    organizationId: tenant.organizationId,
    clinicId: tenant.clinicId,
  })}`;

  return (
    <Box mih="100vh" bg="gray.0">
      <KioskHeader title={t('kiosk.title')} color="blue.8" tenant={tenant} connected={connected.data} language={lang} />
      <Container component="main" size="sm" py="xl">
        <Paper withBorder shadow="sm" p="xl" radius="lg">
          <Stack gap="lg">
            <KioskStepHeading
              id="kiosk-progress-label"
              index={stepIndex}
              total={STEPS.length}
              title={t(`kiosk.steps.${step}`)}
              headingRef={heading}
            />

            {step === 'welcome' && (
              <Stack gap="lg">
                <Text fz="lg">{t('kiosk.welcomeText')}</Text>
                {connected.isError && <Banner>{t('common.notConnected')}</Banner>}
                <Button
                  {...TOUCH}
                  onClick={() => {
                    setStartedAt((started) => started ?? new Date().toISOString());
                    go('patient');
                  }}
                  disabled={connected.isError}
                >
                  {t('kiosk.start')}
                </Button>
              </Stack>
            )}

            {step === 'patient' && (
              <form onSubmit={onPatientNext} noValidate>
                <Stack gap="md">
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput label={t('kiosk.fields.firstName')} autoComplete="given-name" {...required} {...field('firstName')} />
                    <TextInput label={t('kiosk.fields.lastName')} autoComplete="family-name" {...required} {...field('lastName')} />
                    <TextInput label={t('kiosk.fields.dateOfBirth')} type="date" autoComplete="bday" {...field('dateOfBirth')} />
                    <NativeSelect
                      label={t('kiosk.fields.gender')}
                      data={[
                        { value: '', label: t('kiosk.gender.none') },
                        { value: 'male', label: t('kiosk.gender.male') },
                        { value: 'female', label: t('kiosk.gender.female') },
                        { value: 'other', label: t('kiosk.gender.other') },
                      ]}
                      {...field('gender')}
                    />
                    <TextInput label={t('kiosk.fields.phoneNumber')} type="tel" autoComplete="tel" {...field('phoneNumber')} />
                    <TextInput label={t('kiosk.fields.email')} type="email" autoComplete="email" {...field('email')} />
                    <TextInput label={t('kiosk.fields.emergencyContact')} {...field('emergencyContact')} />
                    <TextInput label={t('kiosk.fields.emergencyPhone')} type="tel" {...field('emergencyPhone')} />
                  </SimpleGrid>
                  <StepMessage message={message} />
                  <StepButtons back={() => go('welcome')}>
                    <Button {...TOUCH} type="submit">
                      {t('common.next')}
                    </Button>
                  </StepButtons>
                </Stack>
              </form>
            )}

            {step === 'medical' && (
              <form onSubmit={onSubmit} noValidate>
                <Stack gap="md">
                  <Textarea
                    label={t('kiosk.fields.chiefComplaint')}
                    description={t('kiosk.hints.chiefComplaint')}
                    autosize
                    minRows={3}
                    {...required}
                    {...field('chiefComplaint')}
                  />
                  <TextInput label={t('kiosk.fields.symptoms')} description={t('kiosk.hints.symptoms')} {...field('symptoms')} />
                  <div>
                    <Text component="label" id="kiosk-pain-label" fw={500} fz="lg">
                      {t('kiosk.painValue', { value: form.values.painLevel })}
                    </Text>
                    <Slider
                      mt="sm"
                      mb="xl"
                      size="xl"
                      thumbSize={48}
                      min={0}
                      max={10}
                      step={1}
                      value={form.values.painLevel}
                      onChange={(v) => form.setFieldValue('painLevel', v)}
                      thumbLabel={t('kiosk.painThumb')}
                      marks={[0, 2, 4, 6, 8, 10].map((v) => ({ value: v, label: String(v) }))}
                      label={(v) => `${v}`}
                    />
                  </div>
                  <TextInput label={t('kiosk.fields.medicalHistory')} description={t('kiosk.hints.medicalHistory')} {...field('medicalHistory')} />
                  <TextInput label={t('kiosk.fields.allergies')} description={t('kiosk.hints.allergies')} {...field('allergies')} />
                  <TextInput
                    label={t('kiosk.fields.currentMedications')}
                    description={t('kiosk.hints.currentMedications')}
                    {...field('currentMedications')}
                  />
                  <StepMessage message={message} />
                  <StepButtons back={() => go('patient')} disabled={submit.isPending}>
                    <Button {...TOUCH} type="submit" loading={submit.isPending}>
                      {t('common.submit')}
                    </Button>
                  </StepButtons>
                </Stack>
              </form>
            )}

            {step === 'complete' && result && (
              <Stack gap="lg" align="center" ta="center">
                <Text fz="lg">{t('kiosk.added')}</Text>
                <Text fz="lg" id="kiosk-queue-number-label">
                  {t('common.yourQueueNumber')}
                </Text>
                <Text fz={72} fw={800} c="blue.8" lh={1} aria-labelledby="kiosk-queue-number-label" data-testid="queue-number">
                  {result.queueNumber}
                </Text>
                <Text>{t('kiosk.takeSeat')}</Text>
                <Group justify="center" wrap="wrap">
                  <Button {...TOUCH} component={Link} to={queueLink} variant="light">
                    {t('kiosk.viewQueue')}
                  </Button>
                  <Button {...TOUCH} onClick={startOver}>
                    {t('kiosk.another')}
                  </Button>
                </Group>
              </Stack>
            )}
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}
