import { visitorCheckInBody } from '@clinic/domain/contracts/visitors';
import { ID_DOCUMENT_TYPES, VISIT_PURPOSES, VISITOR_RELATIONSHIPS } from '@clinic/domain/rules/visitors';
import { Box, Button, Checkbox, Container, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { publicTenantFromParams, usePublicClinic } from '../../api/public-clinic';
import { Banner } from '../../ui/Banner';
import { newIdempotencyKey } from '../../api/idempotency-key';
import { KIOSK_TOUCH as TOUCH, KioskHeader, KioskStepHeading, StepButtons, StepMessage, useIdleReset, useStepFocus } from '../../ui/kiosk';
import { useKioskLanguage } from '../../ui/kiosk-i18n';
import { useZodForm } from '../../ui/use-zod-form';
import { useCheckInVisitor, type VisitorCheckInResult } from './api/check-in-visitor';
import { useVisitorKioskPolicy } from './api/get-kiosk-policy';
import { VisitorBadgeCard } from './components/VisitorBadgeCard';
import classes from './visitor-badge.module.css';
import {
  EMPTY_VISITOR_FORM,
  missingFields,
  VISITOR_REQUIRED,
  visitorCheckInBodyFrom,
  visitorKioskField,
  type VisitorKioskForm,
} from './visitor-kiosk-form';
import { choiceLabel, policyLines } from './visitor-kiosk-text';

type Step = 'welcome' | 'info' | 'security' | 'badge';
const STEPS: Step[] = ['welcome', 'info', 'security', 'badge'];
/**
 * A message on a step: the kiosk's own (translated, so it follows a language change) or a
 * refusal as the server sent it.
 */
type StepNote = { own: 'required' | 'failure' } | { server: string };

const required = { withAsterisk: true, 'aria-required': true } as const;
/** A choice list: the server's values, labelled in the kiosk's language. */
const choices = (t: TFunction, list: 'relationships' | 'purposes' | 'idTypes', values: readonly string[]) => [
  { value: '', label: t('visitorKiosk.select') },
  ...values.map((v) => ({ value: v, label: choiceLabel(t, list, v) })),
];

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
  const lang = useKioskLanguage(connected.data?.organization.language);
  const { t } = useTranslation();
  const policy = useVisitorKioskPolicy(tenant).data;
  const byRoom = policy?.patientLookup === 'room';
  const [hoursLine, visitorsLine] = policyLines(policy, t, lang.language);
  const [step, setStep] = useState<Step>('welcome');
  const form = useZodForm({
    schema: visitorCheckInBody,
    toInput: (values: VisitorKioskForm) => visitorCheckInBodyFrom(values, byRoom),
    fieldOf: visitorKioskField,
    initialValues: EMPTY_VISITOR_FORM,
  });
  const [note, setNote] = useState<StepNote | null>(null);
  const [result, setResult] = useState<VisitorCheckInResult | null>(null);
  const submit = useCheckInVisitor();
  // One key per check-in, kept across tries of the same answers, new for changed answers.
  const pending = useRef<{ key: string; body: string } | null>(null);
  const heading = useStepFocus(step);

  const go = (next: Step) => {
    setNote(null);
    form.clearErrors();
    setStep(next);
  };

  /**
   * Back to the welcome step with an empty form in the organization's language: the next visitor
   * sees nothing of this one.
   */
  const startOver = () => {
    form.reset();
    setResult(null);
    setNote(null);
    pending.current = null;
    submit.reset();
    lang.reset();
    setStep('welcome');
  };
  // A minute without a touch past the welcome step: the kiosk forgets the visitor.
  useIdleReset(step !== 'welcome', startOver);

  // A field in error is marked; the kiosk says why once, above its buttons.
  const marked = (key: keyof VisitorKioskForm) => Boolean(form.errors[key]) || undefined;
  const text = (key: keyof VisitorKioskForm) => ({ ...form.getInputProps(key), error: marked(key), ...TOUCH });

  /** Marks the step's missing fields and shows the spec's one message. */
  const requireFields = (fields: ReadonlyArray<keyof VisitorKioskForm>) => {
    const missing = missingFields(form.getValues(), fields);
    form.setErrors(Object.fromEntries(missing.map((key) => [key, t('visitorKiosk.required')])));
    setNote(missing.length ? { own: 'required' } : null);
    return missing.length === 0;
  };

  const onInfo = (event: FormEvent) => {
    event.preventDefault();
    if (requireFields(VISITOR_REQUIRED.info)) go('security');
  };

  const send = async () => {
    const body = visitorCheckInBodyFrom(form.getValues(), byRoom);
    const json = JSON.stringify(body);
    if (!pending.current || pending.current.body !== json) pending.current = { key: newIdempotencyKey(), body: json };
    try {
      const answer = await submit.mutateAsync({ body, tenant, idempotencyKey: pending.current.key });
      pending.current = null;
      setResult(answer);
      go('badge');
    } catch (error) {
      setNote(error instanceof ApiError && error.status >= 400 && error.status < 500 ? { server: error.message } : { own: 'failure' });
    }
  };

  const onSecurity = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!requireFields([...VISITOR_REQUIRED.info, ...VISITOR_REQUIRED.security])) return;
    // The contract's first problem is told as the server would have told it.
    form.onSubmit(
      () => send(),
      (errors) => setNote({ server: String(Object.values(errors)[0]) }),
    )(event);
  };

  const stepIndex = STEPS.indexOf(step);
  const message = note && ('own' in note ? t(`visitorKiosk.${note.own}`) : note.server);
  return (
    <Box mih="100vh" bg="gray.0">
      <KioskHeader
        title={t('visitorKiosk.title')}
        color="blue.8"
        tenant={tenant}
        connected={connected.data}
        language={lang}
        className={classes.noPrint}
      />
      <Container component="main" size="md" py="xl">
        <Paper withBorder shadow="sm" p="xl" radius="lg">
          <Stack gap="lg">
            <KioskStepHeading
              id="visitor-progress-label"
              index={stepIndex}
              total={STEPS.length}
              title={t(`visitorKiosk.steps.${step}`)}
              headingRef={heading}
              className={classes.noPrint}
            />

            {step === 'welcome' && (
              <Stack gap="lg">
                <Text fz="lg">{t('visitorKiosk.intro')}</Text>
                <Stack gap="xs" component="section" aria-labelledby="visitor-policies">
                  <Title order={2} fz="xl" id="visitor-policies">
                    {t('visitorKiosk.policies')}
                  </Title>
                  <Box component="ul" fz="lg" m={0}>
                    <li>{hoursLine}</li>
                    <li>{visitorsLine}</li>
                    <li>{t('visitorKiosk.requirements')}</li>
                  </Box>
                </Stack>
                {connected.isError && <Banner>{t('common.notConnected')}</Banner>}
                <Button {...TOUCH} onClick={() => go('info')} disabled={connected.isError}>
                  {t('visitorKiosk.start')}
                </Button>
              </Stack>
            )}

            {step === 'info' && (
              <form onSubmit={onInfo} noValidate>
                <Stack gap="md">
                  <Title order={2} fz="xl">
                    {t('visitorKiosk.visitorDetails')}
                  </Title>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput label={t('visitorKiosk.fields.firstName')} autoComplete="given-name" {...required} {...text('firstName')} />
                    <TextInput label={t('visitorKiosk.fields.lastName')} autoComplete="family-name" {...required} {...text('lastName')} />
                    <TextInput label={t('visitorKiosk.fields.phone')} type="tel" autoComplete="tel" {...required} {...text('phone')} />
                    <TextInput label={t('visitorKiosk.fields.email')} type="email" autoComplete="email" {...text('email')} />
                  </SimpleGrid>
                  <Title order={2} fz="xl">
                    {t('visitorKiosk.visitDetails')}
                  </Title>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput
                      label={t(byRoom ? 'visitorKiosk.fields.patientNameOrRoom' : 'visitorKiosk.fields.patientName')}
                      description={t(byRoom ? 'visitorKiosk.hints.patientNameOrRoom' : 'visitorKiosk.hints.patientName')}
                      {...required}
                      {...text('patientName')}
                    />
                    <NativeSelect
                      label={t('visitorKiosk.fields.relationship')}
                      data={choices(t, 'relationships', VISITOR_RELATIONSHIPS)}
                      {...required}
                      {...text('relationship')}
                    />
                    <NativeSelect
                      label={t('visitorKiosk.fields.visitPurpose')}
                      data={choices(t, 'purposes', VISIT_PURPOSES)}
                      {...required}
                      {...text('visitPurpose')}
                    />
                  </SimpleGrid>
                  <Title order={3} fz="lg">
                    {t('visitorKiosk.emergencyContact')}
                  </Title>
                  <SimpleGrid cols={{ base: 1, sm: 3 }}>
                    <TextInput label={t('visitorKiosk.fields.contactName')} {...text('emergencyName')} />
                    <TextInput label={t('visitorKiosk.fields.contactPhone')} type="tel" {...text('emergencyPhone')} />
                    <TextInput label={t('visitorKiosk.fields.contactRelationship')} {...text('emergencyRelationship')} />
                  </SimpleGrid>
                  <StepMessage message={message} />
                  <StepButtons back={() => go('welcome')}>
                    <Button {...TOUCH} type="submit">
                      {t('visitorKiosk.continue')}
                    </Button>
                  </StepButtons>
                </Stack>
              </form>
            )}

            {step === 'security' && (
              <form onSubmit={onSecurity} noValidate>
                <Stack gap="md">
                  <Title order={2} fz="xl">
                    {t('visitorKiosk.idVerification')}
                  </Title>
                  <SimpleGrid cols={{ base: 1, sm: 3 }}>
                    <NativeSelect
                      label={t('visitorKiosk.fields.idType')}
                      data={choices(t, 'idTypes', ID_DOCUMENT_TYPES)}
                      {...required}
                      {...text('idType')}
                    />
                    <TextInput label={t('visitorKiosk.fields.idNumber')} {...required} {...text('idNumber')} />
                    <TextInput label={t('visitorKiosk.fields.issuedBy')} {...text('idIssuedBy')} />
                  </SimpleGrid>
                  <Title order={2} fz="xl">
                    {t('visitorKiosk.healthScreening')}
                  </Title>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput
                      label={t('visitorKiosk.fields.temperature')}
                      type="number"
                      step={0.1}
                      placeholder="98.6"
                      inputMode="decimal"
                      {...text('temperature')}
                    />
                    <TextInput label={t('visitorKiosk.fields.symptoms')} description={t('visitorKiosk.hints.symptoms')} {...text('symptoms')} />
                  </SimpleGrid>
                  <Checkbox
                    size="lg"
                    label={t('visitorKiosk.confirmScreening')}
                    {...form.getInputProps('healthScreening', { type: 'checkbox' })}
                    error={marked('healthScreening')}
                    aria-required
                  />
                  <Title order={2} fz="xl">
                    {t('visitorKiosk.specialRequirements')}
                  </Title>
                  <Checkbox size="lg" label={t('visitorKiosk.wheelchair')} {...form.getInputProps('wheelchairAccess', { type: 'checkbox' })} />
                  <Textarea label={t('visitorKiosk.fields.specialInstructions')} autosize minRows={2} {...text('specialInstructions')} />
                  <StepMessage message={message} />
                  <StepButtons back={() => go('info')} disabled={submit.isPending}>
                    <Button {...TOUCH} type="submit" disabled={submit.isPending}>
                      {submit.isPending ? t('visitorKiosk.processing') : t('visitorKiosk.complete')}
                    </Button>
                  </StepButtons>
                </Stack>
              </form>
            )}

            {step === 'badge' && result && <VisitorBadgeCard result={result} onAnother={startOver} language={lang.language} />}
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}
