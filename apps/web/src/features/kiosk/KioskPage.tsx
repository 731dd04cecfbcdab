import { KIOSK_FAILURE_MESSAGE, KIOSK_REQUIRED_MESSAGE } from '@clinic/domain/contracts/kiosk';
import {
  Box,
  Button,
  Container,
  Group,
  NativeSelect,
  Paper,
  Progress,
  SimpleGrid,
  Slider,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { publicTenantFromParams, usePublicClinic } from '../../api/public-clinic';
import { Banner } from '../../ui/Banner';
import { useZodForm } from '../../ui/use-zod-form';
import { useSubmitKioskCase } from './api/submit-kiosk-case';
import { submissionKeys } from './submission-key';
import { EMPTY_KIOSK_FORM, KIOSK_REQUIRED, kioskCaseBodyFrom, kioskFormSpec, kioskProblem, missingRequired, type KioskForm } from './kiosk-form';

type Step = 'welcome' | 'patient' | 'medical' | 'complete';
const STEPS: Step[] = ['welcome', 'patient', 'medical', 'complete'];
const STEP_TITLES: Record<Step, string> = {
  welcome: 'Welcome',
  patient: 'Patient Information',
  medical: 'Medical Information',
  complete: 'Check-in Complete!',
};

/** Inputs and buttons large enough for a touch screen (at least 48px). */
const TOUCH = { size: 'xl' } as const;
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
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  // Each step change moves focus to the new step's heading, so keyboard and screen-reader users
  // start at the top of the step.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  const go = (next: Step) => {
    setMessage(null);
    form.clearErrors();
    setStep(next);
  };

  /** The kiosk marks the fields and shows one message above the buttons. */
  const requireFields = (fields: ReadonlyArray<keyof KioskForm>) => {
    const missing = missingRequired(form.getValues(), fields);
    form.setErrors(Object.fromEntries(missing.map((key) => [key, KIOSK_REQUIRED_MESSAGE])));
    setMessage(missing.length ? KIOSK_REQUIRED_MESSAGE : null);
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
        setMessage(KIOSK_FAILURE_MESSAGE);
      }
    },
    (errors) => setMessage(kioskProblem(errors)?.message ?? null),
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
    go('welcome');
  };

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
      <Box component="header" bg="blue.8" c="white" px="lg" py="sm">
        <Group justify="space-between" wrap="wrap">
          <Text fw={700} fz="lg">
            Patient Check-In Kiosk
          </Text>
          <Text fz="md" aria-label="Connected organization and clinic">
            Organization: <strong>{connected.data?.organization.name ?? tenant.organizationId}</strong> · Clinic:{' '}
            <strong>{connected.data?.clinic.name ?? tenant.clinicId}</strong>
          </Text>
        </Group>
      </Box>
      <Container component="main" size="sm" py="xl">
        <Paper withBorder shadow="sm" p="xl" radius="lg">
          <Stack gap="lg">
            <div>
              <Text size="md" c="gray.7" id="kiosk-progress-label">
                Step {stepIndex + 1} of {STEPS.length}
              </Text>
              <Progress.Root size="lg" mt={6}>
                <Progress.Section value={((stepIndex + 1) / STEPS.length) * 100} aria-labelledby="kiosk-progress-label" />
              </Progress.Root>
            </div>
            <Title order={1} fz={32} ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
              {STEP_TITLES[step]}
            </Title>

            {step === 'welcome' && (
              <Stack gap="lg">
                <Text fz="lg">Check in for your visit in a few simple steps. We will ask for your details and the reason for your visit.</Text>
                {connected.isError && <Banner>This kiosk is not connected to a known clinic. Please ask a member of staff for help.</Banner>}
                <Button
                  {...TOUCH}
                  onClick={() => {
                    setStartedAt((started) => started ?? new Date().toISOString());
                    go('patient');
                  }}
                  disabled={connected.isError}
                >
                  Start Check-in
                </Button>
              </Stack>
            )}

            {step === 'patient' && (
              <form onSubmit={onPatientNext} noValidate>
                <Stack gap="md">
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput label="First Name" autoComplete="given-name" {...required} {...field('firstName')} />
                    <TextInput label="Last Name" autoComplete="family-name" {...required} {...field('lastName')} />
                    <TextInput label="Date of Birth" type="date" autoComplete="bday" {...field('dateOfBirth')} />
                    <NativeSelect
                      label="Gender"
                      data={[
                        { value: '', label: 'Prefer not to say' },
                        { value: 'male', label: 'Male' },
                        { value: 'female', label: 'Female' },
                        { value: 'other', label: 'Other' },
                      ]}
                      {...field('gender')}
                    />
                    <TextInput label="Phone Number" type="tel" autoComplete="tel" {...field('phoneNumber')} />
                    <TextInput label="Email" type="email" autoComplete="email" {...field('email')} />
                    <TextInput label="Emergency Contact" {...field('emergencyContact')} />
                    <TextInput label="Emergency Phone" type="tel" {...field('emergencyPhone')} />
                  </SimpleGrid>
                  <StepMessage message={message} />
                  <StepButtons back={() => go('welcome')}>
                    <Button {...TOUCH} type="submit">
                      Next
                    </Button>
                  </StepButtons>
                </Stack>
              </form>
            )}

            {step === 'medical' && (
              <form onSubmit={onSubmit} noValidate>
                <Stack gap="md">
                  <Textarea
                    label="Chief Complaint"
                    description="The main reason for your visit today"
                    autosize
                    minRows={3}
                    {...required}
                    {...field('chiefComplaint')}
                  />
                  <TextInput label="Symptoms" description="Separate symptoms with commas, e.g. cough, fever" {...field('symptoms')} />
                  <div>
                    <Text component="label" id="kiosk-pain-label" fw={500} fz="lg">
                      Pain Level: {form.values.painLevel} / 10
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
                      thumbLabel="Pain level from 0 (no pain) to 10 (worst pain)"
                      marks={[0, 2, 4, 6, 8, 10].map((v) => ({ value: v, label: String(v) }))}
                      label={(v) => `${v}`}
                    />
                  </div>
                  <TextInput label="Medical History" description="Separate conditions with commas" {...field('medicalHistory')} />
                  <TextInput label="Allergies" description="Separate allergies with commas" {...field('allergies')} />
                  <TextInput label="Current Medications" description="Separate medications with commas" {...field('currentMedications')} />
                  <StepMessage message={message} />
                  <StepButtons back={() => go('patient')} disabled={submit.isPending}>
                    <Button {...TOUCH} type="submit" loading={submit.isPending}>
                      Submit
                    </Button>
                  </StepButtons>
                </Stack>
              </form>
            )}

            {step === 'complete' && result && (
              <Stack gap="lg" align="center" ta="center">
                <Text fz="lg">Thank you. You have been added to the queue.</Text>
                <Text fz="lg" id="kiosk-queue-number-label">
                  Your queue number
                </Text>
                <Text fz={72} fw={800} c="blue.8" lh={1} aria-labelledby="kiosk-queue-number-label" data-testid="queue-number">
                  {result.queueNumber}
                </Text>
                <Text>Please take a seat. A member of staff will call you shortly.</Text>
                <Group justify="center" wrap="wrap">
                  <Button {...TOUCH} component={Link} to={queueLink} variant="light">
                    View Queue Manager
                  </Button>
                  <Button {...TOUCH} onClick={startOver}>
                    Check-in Another Patient
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

function StepMessage({ message }: { message: string | null }) {
  return message ? <Banner fz="lg">{message}</Banner> : null;
}

function StepButtons({ back, disabled, children }: { back: () => void; disabled?: boolean; children: ReactNode }) {
  return (
    <Group justify="space-between" mt="md">
      <Button {...TOUCH} variant="default" onClick={back} disabled={disabled}>
        Back
      </Button>
      {children}
    </Group>
  );
}
