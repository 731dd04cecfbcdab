import { localIsoDate } from '@clinic/domain/rules/patient-age';
import {
  GUARDIAN_RELATIONSHIPS,
  INTAKE_CREATE_FAILED,
  INTAKE_ETHNICITIES,
  INTAKE_GENDERS,
  INTAKE_NEXT_MESSAGE,
  INTAKE_RACES,
  INTAKE_STEPS,
  INTAKE_STEP_COUNT,
  INTAKE_SUBMIT_FAILED,
  INTAKE_SUBMIT_MESSAGE,
  LIVING_SITUATIONS,
  firstIncompleteStep,
  isIntakeStepValid,
} from '@clinic/domain/rules/pediatric-intake';
import {
  Box,
  Button,
  Checkbox,
  Container,
  Group,
  NativeSelect,
  Paper,
  Progress,
  Radio,
  SimpleGrid,
  Slider,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { newIdempotencyKey } from '../../api/idempotency-key';
import { useSession } from '../../api/session';
import { Banner } from '../../ui/Banner';
import { usePublicTrial } from './api/get-public-trial';
import { useSubmitIntake, type IntakeOutcome, type IntakeSubmission } from './api/submit-intake';
import { EMPTY_INTAKE_FORM, intakeBodyFrom, stepFieldsOf, type IntakeForm } from './intake-form';

const DEFAULT_TITLE = 'Pediatric Patient Intake';
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

/** The spec's intake errors: the server's message when it gave one, else the spec's fallbacks. */
function intakeErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return INTAKE_SUBMIT_FAILED;
    return err.message.startsWith('API Error:') ? INTAKE_CREATE_FAILED : err.message;
  }
  return INTAKE_SUBMIT_FAILED;
}

/**
 * /pediatric-intake (public): the six-step wizard (clinical-workflows sections 2, 4 and 5). With
 * `trialId` the title is the trial's and step 6 asks for consent. Submit creates the patient,
 * enrols the child when consent is provided and queues the child; staff then go to the queue, a
 * guardian sees the queue number.
 */
export function PediatricIntakePage() {
  const [params] = useSearchParams();
  const trialId = params.get('trialId')?.trim() || null;
  const organizationId = params.get('organizationId')?.trim() || 'default-clinic';
  const clinicId = params.get('clinicId')?.trim() || undefined;
  const tenant = { organizationId, clinicId };
  const trial = usePublicTrial(trialId, tenant);
  const session = useSession();
  const navigate = useNavigate();
  const submit = useSubmitIntake();
  const [step, setStep] = useState(1);
  const [form, setForm] = useState<IntakeForm>(EMPTY_INTAKE_FORM);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<IntakeOutcome | null>(null);
  const pending = useRef<IntakeSubmission | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step, outcome]);

  const set = <K extends keyof IntakeForm>(key: K, value: IntakeForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const text = (key: keyof IntakeForm, label: string, required = false, extra: Record<string, unknown> = {}) => ({
    label,
    value: form[key] as string,
    onChange: (e: { currentTarget: { value: string } }) => set(key, e.currentTarget.value as never),
    ...(required ? { withAsterisk: true, 'aria-required': true as const } : {}),
    ...extra,
  });
  const options = { withTrial: Boolean(trialId), today: localIsoDate() };
  const title = trial.data?.trial.title ?? DEFAULT_TITLE;

  const next = () => {
    if (!isIntakeStepValid(step, stepFieldsOf(form), options)) {
      setError(INTAKE_NEXT_MESSAGE);
      return;
    }
    setError(null);
    setStep((s) => Math.min(INTAKE_STEP_COUNT, s + 1));
  };
  const previous = () => {
    setError(null);
    setStep((s) => Math.max(1, s - 1));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (step < INTAKE_STEP_COUNT) return next();
    if (firstIncompleteStep(stepFieldsOf(form), options) !== null) {
      setError(INTAKE_SUBMIT_MESSAGE);
      return;
    }
    setError(null);
    const body = intakeBodyFrom(form, trialId);
    const json = JSON.stringify(body);
    let submission = pending.current;
    if (!submission || JSON.stringify(submission.body) !== json) {
      submission = pending.current = {
        body,
        idempotencyKey: newIdempotencyKey(),
        tenant,
        enrollIn: trialId && form.consentStatus === 'provided' ? { trialId, screeningNumber: body.screeningNumber ?? undefined } : undefined,
        done: {},
      };
    }
    try {
      const result = await submit.mutateAsync(submission);
      pending.current = null;
      if (session.data) {
        navigate(`/queue?${new URLSearchParams({ patientId: result.patientId, source: 'intake', queueId: result.queueId })}`, {
          state: { enrollmentError: result.enrollmentError },
        });
      } else {
        setOutcome(result);
      }
    } catch (err) {
      const done = submission.done;
      if (session.data && done?.intake && !done.queue) {
        navigate(`/patients?${new URLSearchParams({ patientId: done.intake.patientId, source: 'intake' })}`);
        return;
      }
      setError(intakeErrorMessage(err));
    }
  };

  const startOver = () => {
    setForm(EMPTY_INTAKE_FORM);
    setOutcome(null);
    setStep(1);
    setError(null);
  };

  return (
    <Box mih="100vh" bg="gray.0">
      <Box component="header" bg="blue.8" c="white" px="lg" py="sm">
        <Text fw={700} fz="lg">
          {trialId ? 'Clinical Trial Enrollment' : 'Pediatric Intake'}
        </Text>
      </Box>
      <Container component="main" size="md" py="lg">
        <Stack gap="md">
          <Title order={1} fz="h2">
            {title}
          </Title>
          {trialId && trial.isError && <Banner tone="info">This trial is not open for enrollment here. You can still complete the intake.</Banner>}
          {outcome ? (
            <Paper withBorder p="lg" radius="md">
              <Stack gap="sm">
                <Title order={2} fz="h3" ref={heading} tabIndex={-1}>
                  Intake complete
                </Title>
                <Text>Thank you. The patient has been added to the queue.</Text>
                <Text fz="xl" fw={700}>
                  Queue number: {outcome.queueNumber}
                </Text>
                {trialId && form.consentStatus === 'provided' && !outcome.enrollmentError && (
                  <Banner tone="success">The patient was enrolled in {title}.</Banner>
                )}
                {outcome.enrollmentError && (
                  <Banner tone="info" title="Trial enrollment was not completed">
                    {outcome.enrollmentError}
                  </Banner>
                )}
                <Text>Please take a seat. Staff will call you by your queue number.</Text>
                <Group>
                  <Button onClick={startOver}>Start a new intake</Button>
                </Group>
              </Stack>
            </Paper>
          ) : (
            <Paper withBorder p="lg" radius="md" component="form" onSubmit={onSubmit} noValidate>
              <Stack gap="md">
                <Progress value={(step / INTAKE_STEP_COUNT) * 100} aria-label={`Step ${step} of ${INTAKE_STEP_COUNT}`} />
                <Text fz="sm" c="gray.7">
                  Step {step} of {INTAKE_STEP_COUNT}
                </Text>
                <Title order={2} fz="h3" ref={heading} tabIndex={-1}>
                  {INTAKE_STEPS[step - 1]}
                </Title>

                {step === 1 && (
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput {...text('firstName', 'First Name', true)} autoComplete="off" />
                    <TextInput {...text('lastName', 'Last Name', true)} autoComplete="off" />
                    <TextInput {...text('dateOfBirth', 'Date of Birth', true)} type="date" max={localIsoDate()} />
                    <NativeSelect {...text('gender', 'Gender', true)} data={choices(INTAKE_GENDERS)} />
                    <NativeSelect {...text('race', 'Race')} data={choices(INTAKE_RACES, RACE_LABELS)} />
                    <NativeSelect {...text('ethnicity', 'Ethnicity')} data={choices(INTAKE_ETHNICITIES, ETHNICITY_LABELS)} />
                  </SimpleGrid>
                )}

                {step === 2 && (
                  <Stack gap="md">
                    <SimpleGrid cols={{ base: 1, sm: 2 }}>
                      <TextInput {...text('primaryPhone', 'Primary Phone', true)} type="tel" />
                      <TextInput {...text('secondaryPhone', 'Secondary Phone')} type="tel" />
                      <TextInput {...text('email', 'Email')} type="email" />
                      <TextInput {...text('street', 'Street Address')} />
                      <TextInput {...text('city', 'City')} />
                      <TextInput {...text('state', 'State')} />
                      <TextInput {...text('zipCode', 'ZIP Code')} />
                    </SimpleGrid>
                    <Title order={3} fz="h4">
                      Parent / Guardian
                    </Title>
                    <SimpleGrid cols={{ base: 1, sm: 2 }}>
                      <TextInput {...text('guardianFirstName', 'Guardian First Name', true)} />
                      <TextInput {...text('guardianLastName', 'Guardian Last Name', true)} />
                      <NativeSelect {...text('guardianRelationship', 'Relationship to Patient', true)} data={choices(GUARDIAN_RELATIONSHIPS)} />
                      <TextInput {...text('guardianPhone', 'Guardian Phone', true)} type="tel" />
                      <TextInput {...text('guardianEmail', 'Guardian Email')} type="email" />
                      <TextInput {...text('guardianAddress', 'Guardian Address (if different)')} />
                    </SimpleGrid>
                  </Stack>
                )}

                {step === 3 && (
                  <Stack gap="md">
                    <Textarea {...text('chiefComplaint', 'Chief Complaint', true)} autosize minRows={2} />
                    <TextInput {...text('symptoms', 'Symptoms', true)} description="Separate symptoms with commas" />
                    <Box>
                      <Text id="pain-label" fz="sm" fw={500}>
                        Pain Level: {form.painLevel} / 10
                      </Text>
                      <Slider
                        min={0}
                        max={10}
                        step={1}
                        value={form.painLevel}
                        onChange={(v) => set('painLevel', v)}
                        thumbProps={{ 'aria-labelledby': 'pain-label' }}
                        marks={[0, 5, 10].map((v) => ({ value: v, label: String(v) }))}
                        mb="md"
                      />
                    </Box>
                    <TextInput {...text('symptomDuration', 'Symptom Duration')} />
                    <Textarea {...text('previousEpisodes', 'Previous Episodes')} autosize minRows={2} />
                    <Textarea {...text('previousTreatment', 'Previous Treatment')} autosize minRows={2} />
                  </Stack>
                )}

                {step === 4 && (
                  <Stack gap="md">
                    <TextInput {...text('allergies', 'Allergies')} description="Separate entries with commas" />
                    <TextInput {...text('currentMedications', 'Current Medications')} description="Separate entries with commas" />
                    <TextInput {...text('chronicConditions', 'Chronic Conditions')} description="Separate conditions with commas" />
                    <Textarea {...text('surgeries', 'Surgeries')} autosize minRows={2} />
                    <Textarea {...text('hospitalizations', 'Hospitalizations')} autosize minRows={2} />
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
                          <Checkbox key={key} label={label} checked={form[key]} onChange={(e) => set(key, e.currentTarget.checked)} />
                        ))}
                      </Group>
                    </Box>
                    <TextInput {...text('familyOther', 'Other Family History')} />
                    <SimpleGrid cols={{ base: 1, sm: 2 }}>
                      <TextInput {...text('schoolGrade', 'School Grade')} />
                      <NativeSelect {...text('livingSituation', 'Living Situation')} data={choices(LIVING_SITUATIONS)} />
                    </SimpleGrid>
                    <Textarea {...text('activities', 'Activities')} autosize minRows={2} />
                  </Stack>
                )}

                {step === 6 && (
                  <Stack gap="md">
                    <SimpleGrid cols={{ base: 1, sm: 3 }}>
                      <TextInput {...text('insurancePrimary', 'Primary Insurance', true)} />
                      <TextInput {...text('policyNumber', 'Policy Number')} />
                      <TextInput {...text('groupNumber', 'Group Number')} />
                    </SimpleGrid>
                    {trialId && (
                      <Paper withBorder p="md" bg="blue.0">
                        <Stack gap="sm">
                          <Title order={3} fz="h4">
                            Clinical Trial Consent
                          </Title>
                          <Text>
                            You are invited to enroll your child in {title}. Participation is voluntary, and you may withdraw at any time without
                            affecting your child&apos;s care.
                          </Text>
                          <Radio.Group
                            label="Consent Status"
                            withAsterisk
                            value={form.consentStatus === 'pending' ? '' : form.consentStatus}
                            onChange={(v) => set('consentStatus', v as IntakeForm['consentStatus'])}
                          >
                            <Stack gap="xs" mt="xs">
                              <Radio value="provided" label="I provide consent" />
                              <Radio value="declined" label="I decline consent" />
                            </Stack>
                          </Radio.Group>
                          <TextInput {...text('screeningNumber', 'Screening Number')} />
                        </Stack>
                      </Paper>
                    )}
                  </Stack>
                )}

                {error && <Banner tone="error">{error}</Banner>}

                <Group justify="space-between">
                  <Button variant="default" onClick={previous} disabled={step === 1}>
                    Previous
                  </Button>
                  {step < INTAKE_STEP_COUNT ? (
                    <Button onClick={next}>Next</Button>
                  ) : (
                    <Button type="submit" loading={submit.isPending}>
                      Submit Patient Information
                    </Button>
                  )}
                </Group>
              </Stack>
            </Paper>
          )}
        </Stack>
      </Container>
    </Box>
  );
}
