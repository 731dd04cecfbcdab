import { ID_DOCUMENT_TYPES, VISIT_PURPOSES, VISITOR_RELATIONSHIPS } from '@clinic/domain/rules/visitors';
import {
  Box,
  Button,
  Checkbox,
  Container,
  Group,
  NativeSelect,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { publicTenantFromParams, usePublicClinic } from '../../api/public-clinic';
import { Banner } from '../../ui/Banner';
import { useCheckInVisitor, type VisitorCheckInResult } from './api/check-in-visitor';
import { useVisitorKioskPolicy } from './api/get-kiosk-policy';
import { VisitorBadge } from './components/VisitorBadge';
import classes from './visitor-badge.module.css';
import {
  EMPTY_VISITOR_FORM,
  missingFields,
  missingMessage,
  VISITOR_REQUIRED,
  visitorCheckInBodyFrom,
  type VisitorKioskForm,
} from './visitor-kiosk-form';

type Step = 'welcome' | 'info' | 'security' | 'badge';
const STEPS: Step[] = ['welcome', 'info', 'security', 'badge'];
const STEP_TITLES: Record<Step, string> = {
  welcome: 'Welcome, Visitor',
  info: 'Visitor Information',
  security: 'Security Check',
  badge: 'Check-In Complete!',
};
/** A kiosk left alone this long goes back to the welcome step with an empty form. */
const IDLE_RESET_MS = 60_000;
const FAILURE_MESSAGE = 'Check-in could not be completed. Please try again or ask at the front desk.';

/** Inputs and buttons large enough for a touch screen. */
const TOUCH = { size: 'xl' } as const;
const required = { withAsterisk: true, 'aria-required': true } as const;
const choices = (values: readonly string[]) => [{ value: '', label: 'Select…' }, ...values.map((v) => ({ value: v, label: v }))];

/** A new idempotency key: a UUID, from `getRandomValues` where `randomUUID` is missing (plain http). */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * /visitor-kiosk (public): the visitor's four-step check-in (welcome with the policies, visitor and
 * visit details, security check, badge). The organization and clinic come from the URL
 * (organization|org, clinic|clinicId), as the patient kiosk's do. The badge's QR code is drawn here
 * (`qrcode`), encoding the staff verification link; nothing is sent to an outside service.
 */
export function VisitorKioskPage() {
  const [params] = useSearchParams();
  const tenant = publicTenantFromParams(params);
  const connected = usePublicClinic(tenant);
  const byRoom = useVisitorKioskPolicy(tenant).data?.patientLookup === 'room';
  const [step, setStep] = useState<Step>('welcome');
  const [form, setForm] = useState<VisitorKioskForm>(EMPTY_VISITOR_FORM);
  const [invalid, setInvalid] = useState<ReadonlySet<keyof VisitorKioskForm>>(new Set());
  const [message, setMessage] = useState<string | null>(null);
  const [result, setResult] = useState<VisitorCheckInResult | null>(null);
  const submit = useCheckInVisitor();
  // One key per check-in, kept across tries of the same answers, new for changed answers.
  const pending = useRef<{ key: string; body: string } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  const go = (next: Step) => {
    setMessage(null);
    setInvalid(new Set());
    setStep(next);
  };

  /** Back to the welcome step with an empty form: the next visitor sees nothing of this one. */
  const startOver = () => {
    setForm(EMPTY_VISITOR_FORM);
    setResult(null);
    setMessage(null);
    setInvalid(new Set());
    pending.current = null;
    submit.reset();
    setStep('welcome');
  };
  const startOverRef = useRef(startOver);
  useEffect(() => {
    startOverRef.current = startOver;
  });

  // Idle reset: a kiosk nobody touches for a minute forgets the visitor.
  useEffect(() => {
    if (step === 'welcome') return;
    const reset = () => startOverRef.current();
    let timer = window.setTimeout(reset, IDLE_RESET_MS);
    const activity = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(reset, IDLE_RESET_MS);
    };
    const events = ['pointerdown', 'keydown', 'input'] as const;
    events.forEach((e) => window.addEventListener(e, activity, true));
    return () => {
      window.clearTimeout(timer);
      events.forEach((e) => window.removeEventListener(e, activity, true));
    };
  }, [step]);

  const set = <K extends keyof VisitorKioskForm>(key: K, value: VisitorKioskForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const text = (key: keyof VisitorKioskForm) => ({
    value: form[key] as string,
    onChange: (e: { currentTarget: { value: string } }) => set(key, e.currentTarget.value as never),
    error: invalid.has(key) || undefined,
    ...TOUCH,
  });

  /** Marks the step's missing fields and shows the spec's one message. */
  const requireFields = (fields: ReadonlyArray<keyof VisitorKioskForm>) => {
    const missing = missingFields(form, fields);
    setInvalid(new Set(missing));
    setMessage(missingMessage(missing));
    return missing.length === 0;
  };

  const onInfo = (event: FormEvent) => {
    event.preventDefault();
    if (requireFields(VISITOR_REQUIRED.info)) go('security');
  };

  const onSecurity = async (event: FormEvent) => {
    event.preventDefault();
    if (!requireFields([...VISITOR_REQUIRED.info, ...VISITOR_REQUIRED.security])) return;
    const body = visitorCheckInBodyFrom(form, byRoom);
    const json = JSON.stringify(body);
    if (!pending.current || pending.current.body !== json) pending.current = { key: newKey(), body: json };
    try {
      const answer = await submit.mutateAsync({ body, tenant, idempotencyKey: pending.current.key });
      pending.current = null;
      setResult(answer);
      go('badge');
    } catch (error) {
      setMessage(error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : FAILURE_MESSAGE);
    }
  };

  const stepIndex = STEPS.indexOf(step);
  return (
    <Box mih="100vh" bg="gray.0">
      <Box component="header" bg="blue.8" c="white" px="lg" py="sm" className={classes.noPrint}>
        <Group justify="space-between" wrap="wrap">
          <Text fw={700} fz="lg">
            Visitor Check-In
          </Text>
          <Text fz="md" aria-label="Connected organization and clinic">
            Organization: <strong>{connected.data?.organization.name ?? tenant.organizationId}</strong> · Clinic:{' '}
            <strong>{connected.data?.clinic.name ?? tenant.clinicId}</strong>
          </Text>
        </Group>
      </Box>
      <Container component="main" size="md" py="xl">
        <Paper withBorder shadow="sm" p="xl" radius="lg">
          <Stack gap="lg">
            <div className={classes.noPrint}>
              <Text size="md" c="gray.7" id="visitor-progress-label">
                Step {stepIndex + 1} of {STEPS.length}
              </Text>
              <Progress.Root size="lg" mt={6}>
                <Progress.Section value={((stepIndex + 1) / STEPS.length) * 100} aria-labelledby="visitor-progress-label" />
              </Progress.Root>
            </div>
            <Title order={1} fz={32} ref={heading} tabIndex={-1} style={{ outline: 'none' }} className={classes.noPrint}>
              {STEP_TITLES[step]}
            </Title>

            {step === 'welcome' && (
              <Stack gap="lg">
                <Text fz="lg">Please check in before visiting a patient. It takes a few minutes.</Text>
                <Stack gap="xs" component="section" aria-labelledby="visitor-policies">
                  <Title order={2} fz="xl" id="visitor-policies">
                    Visitor Policies
                  </Title>
                  <Box component="ul" fz="lg" m={0}>
                    <li>Visiting hours: 8:00 AM to 8:00 PM</li>
                    <li>Maximum 2 visitors per patient at a time</li>
                    <li>Photo ID, a temperature check and a health questionnaire are required</li>
                  </Box>
                </Stack>
                {connected.isError && <Banner>This kiosk is not connected to a known clinic. Please ask a member of staff for help.</Banner>}
                <Button {...TOUCH} onClick={() => go('info')} disabled={connected.isError}>
                  Start Check-In
                </Button>
              </Stack>
            )}

            {step === 'info' && (
              <form onSubmit={onInfo} noValidate>
                <Stack gap="md">
                  <Title order={2} fz="xl">
                    Visitor Details
                  </Title>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput label="First Name" autoComplete="given-name" {...required} {...text('firstName')} />
                    <TextInput label="Last Name" autoComplete="family-name" {...required} {...text('lastName')} />
                    <TextInput label="Phone" type="tel" autoComplete="tel" {...required} {...text('phone')} />
                    <TextInput label="Email" type="email" autoComplete="email" {...text('email')} />
                  </SimpleGrid>
                  <Title order={2} fz="xl">
                    Visit Details
                  </Title>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput
                      label={byRoom ? 'Patient Name or Room Number' : 'Patient Name'}
                      description={byRoom ? "The patient's first and last name, or their room number" : "The patient's first and last name"}
                      {...required}
                      {...text('patientName')}
                    />
                    <NativeSelect label="Relationship" data={choices(VISITOR_RELATIONSHIPS)} {...required} {...text('relationship')} />
                    <NativeSelect label="Visit Purpose" data={choices(VISIT_PURPOSES)} {...required} {...text('visitPurpose')} />
                  </SimpleGrid>
                  <Title order={3} fz="lg">
                    Emergency Contact
                  </Title>
                  <SimpleGrid cols={{ base: 1, sm: 3 }}>
                    <TextInput label="Contact Name" {...text('emergencyName')} />
                    <TextInput label="Contact Phone" type="tel" {...text('emergencyPhone')} />
                    <TextInput label="Contact Relationship" {...text('emergencyRelationship')} />
                  </SimpleGrid>
                  <StepMessage message={message} />
                  <StepButtons back={() => go('welcome')}>
                    <Button {...TOUCH} type="submit">
                      Continue
                    </Button>
                  </StepButtons>
                </Stack>
              </form>
            )}

            {step === 'security' && (
              <form onSubmit={onSecurity} noValidate>
                <Stack gap="md">
                  <Title order={2} fz="xl">
                    ID Verification
                  </Title>
                  <SimpleGrid cols={{ base: 1, sm: 3 }}>
                    <NativeSelect label="ID Type" data={choices(ID_DOCUMENT_TYPES)} {...required} {...text('idType')} />
                    <TextInput label="ID Number" {...required} {...text('idNumber')} />
                    <TextInput label="Issued By" {...text('idIssuedBy')} />
                  </SimpleGrid>
                  <Title order={2} fz="xl">
                    Health Screening
                  </Title>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput label="Temperature (°F)" type="number" step={0.1} placeholder="98.6" inputMode="decimal" {...text('temperature')} />
                    <TextInput label="Symptoms" description="Separate symptoms with commas, e.g. cough, fever" {...text('symptoms')} />
                  </SimpleGrid>
                  <Checkbox
                    size="lg"
                    label="I confirm that I have completed the health questionnaire and answered truthfully"
                    checked={form.healthScreening}
                    onChange={(e) => set('healthScreening', e.currentTarget.checked)}
                    error={invalid.has('healthScreening') || undefined}
                    aria-required
                  />
                  <Title order={2} fz="xl">
                    Special Requirements
                  </Title>
                  <Checkbox
                    size="lg"
                    label="I need wheelchair access"
                    checked={form.wheelchairAccess}
                    onChange={(e) => set('wheelchairAccess', e.currentTarget.checked)}
                  />
                  <Textarea label="Special Instructions" autosize minRows={2} {...text('specialInstructions')} />
                  <StepMessage message={message} />
                  <StepButtons back={() => go('info')} disabled={submit.isPending}>
                    <Button {...TOUCH} type="submit" disabled={submit.isPending}>
                      {submit.isPending ? 'Processing...' : 'Complete Check-In'}
                    </Button>
                  </StepButtons>
                </Stack>
              </form>
            )}

            {step === 'badge' && result && <VisitorBadgeCard result={result} onAnother={startOver} />}
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}

/** The issued badge, the wear-your-badge notice, Print Badge and Check In Another Visitor. */
function VisitorBadgeCard({ result, onAnother }: { result: VisitorCheckInResult; onAnother: () => void }) {
  return (
    <Stack gap="lg">
      <Text fz="lg" className={classes.noPrint}>
        Your visitor badge is ready.
      </Text>
      <VisitorBadge visitor={result.visitor} badge={result.badge} />
      <Banner tone="info" className={classes.noPrint}>
        Please wear your badge where it can be seen at all times and return it at the front desk when you leave.
      </Banner>
      <Group justify="center" wrap="wrap" className={classes.noPrint}>
        <Button {...TOUCH} variant="light" onClick={() => window.print()}>
          Print Badge
        </Button>
        <Button {...TOUCH} onClick={onAnother}>
          Check In Another Visitor
        </Button>
      </Group>
    </Stack>
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
