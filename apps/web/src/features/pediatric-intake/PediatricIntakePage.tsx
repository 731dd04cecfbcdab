import { localIsoDate } from '@clinic/domain/rules/patient-age';
import { pediatricIntakeBody } from '@clinic/domain/contracts/pediatric-intake';
import {
  INTAKE_CREATE_FAILED,
  INTAKE_NEXT_MESSAGE,
  INTAKE_STEPS,
  INTAKE_STEP_COUNT,
  INTAKE_SUBMIT_FAILED,
  INTAKE_SUBMIT_MESSAGE,
  firstIncompleteStep,
  isIntakeStepValid,
} from '@clinic/domain/rules/pediatric-intake';
import { Box, Button, Container, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { newIdempotencyKey } from '../../api/idempotency-key';
import { useSession } from '../../api/session';
import { Banner } from '../../ui/Banner';
import { useZodForm } from '../../ui/use-zod-form';
import { usePublicTrial } from './api/get-public-trial';
import { useSubmitIntake, type IntakeOutcome, type IntakeSubmission } from './api/submit-intake';
import { IntakeDone } from './IntakeDone';
import { EMPTY_INTAKE_FORM, intakeBodyFrom, intakeFieldOf, stepFieldsOf, type IntakeForm } from './intake-form';
import { IntakeStep } from './IntakeStep';

const DEFAULT_TITLE = 'Pediatric Patient Intake';

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
  const form = useZodForm({
    schema: pediatricIntakeBody,
    toInput: (v: IntakeForm) => intakeBodyFrom(v, trialId),
    fieldOf: intakeFieldOf,
    initialValues: EMPTY_INTAKE_FORM,
  });
  const values = form.getValues();
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

  const options = { withTrial: Boolean(trialId), today: localIsoDate() };
  const title = trial.data?.trial.title ?? DEFAULT_TITLE;

  const next = () => {
    if (!isIntakeStepValid(step, stepFieldsOf(values), options)) {
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

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (step < INTAKE_STEP_COUNT) return next();
    if (firstIncompleteStep(stepFieldsOf(values), options) !== null) {
      setError(INTAKE_SUBMIT_MESSAGE);
      return;
    }
    setError(null);
    // The contract's issues go on their fields; the first is also told here, as its field may be on an earlier step.
    form.onSubmit(
      () => send(),
      (errors) => setError(String(Object.values(errors)[0])),
    )(event);
  };

  const send = async () => {
    const body = intakeBodyFrom(values, trialId);
    const json = JSON.stringify(body);
    let submission = pending.current;
    if (!submission || JSON.stringify(submission.body) !== json) {
      submission = pending.current = {
        body,
        idempotencyKey: newIdempotencyKey(),
        tenant,
        enrollIn: trialId && values.consentStatus === 'provided' ? { trialId, screeningNumber: body.screeningNumber ?? undefined } : undefined,
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
    form.reset();
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
            <IntakeDone
              outcome={outcome}
              enrolledIn={trialId && values.consentStatus === 'provided' ? title : null}
              heading={heading}
              onStartOver={startOver}
            />
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

                <IntakeStep step={step} form={form} trialId={trialId} title={title} />

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
