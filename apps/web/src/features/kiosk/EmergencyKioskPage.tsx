import { kioskCaseBody } from '@clinic/domain/contracts/kiosk';
import { EMERGENCY_PICKS, isCriticalPick, type EmergencyPick } from '@clinic/domain/rules/emergency-kiosk';
import { Box, Button, Container, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { publicTenantFromParams, usePublicClinic } from '../../api/public-clinic';
import { Banner } from '../../ui/Banner';
import { useKioskLanguage } from '../../ui/kiosk-i18n';
import { KioskHeader, useIdleReset, useStepFocus } from '../../ui/kiosk';
import { useZodForm } from '../../ui/use-zod-form';
import { useSubmitKioskCase } from './api/submit-kiosk-case';
import { EMPTY_EMERGENCY_FORM, emergencyCaseBody, emergencyField, emergencyFormProblem, type EmergencyKioskForm } from './emergency-kiosk-form';
import { submissionKeys } from '../../api/submission-key';

type Step = 'pick' | 'details' | 'done';

/** Targets for a hurried or shaking hand: far above the 48px minimum. */
const BIG = { size: 'xl', h: 72, fz: 24 } as const;
const FIELD = { size: 'xl', styles: { label: { fontSize: 22 }, input: { fontSize: 24, minHeight: 64 } } } as const;

/**
 * /emergency-kiosk (public): an emergency department's walk-in screen. A quick pick ("What brings
 * you to the emergency room?"), then only name, age or date of birth and phone, then the queue
 * number. A critical pick (chest pain, breathing, bleeding, stroke signs, serious injury) needs no
 * name; the server makes the entry an emergency and raises a CRITICAL alert, and the screen tells
 * the patient to stay where they are. The same check-in call, limits and idempotency as /kiosk;
 * back to the first screen after a minute without use. Organization and clinic as for /kiosk.
 */
export function EmergencyKioskPage() {
  const [params] = useSearchParams();
  const tenant = publicTenantFromParams(params);
  const connected = usePublicClinic(tenant);
  const lang = useKioskLanguage(connected.data?.organization.language);
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('pick');
  const [pick, setPick] = useState<EmergencyPick | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [result, setResult] = useState<{ queueNumber: number; critical: boolean } | null>(null);
  const [startedAt, setStartedAt] = useState<string | null>(null);
  const [keys] = useState(submissionKeys);
  const submit = useSubmitKioskCase();
  const form = useZodForm({
    schema: kioskCaseBody,
    toInput: (values: EmergencyKioskForm) => (pick ? emergencyCaseBody(pick, values, tenant, startedAt) : values),
    fieldOf: emergencyField,
    initialValues: EMPTY_EMERGENCY_FORM,
  });

  const heading = useStepFocus(step);

  const startOver = () => {
    form.reset();
    setPick(null);
    setResult(null);
    setMessage(null);
    setStartedAt(null);
    keys.clear();
    submit.reset();
    lang.reset();
    setStep('pick');
  };
  useIdleReset(step !== 'pick', startOver);

  const choose = (p: EmergencyPick) => {
    setPick(p);
    setStartedAt((s) => s ?? new Date().toISOString());
    setMessage(null);
    setStep('details');
  };

  const send = form.onSubmit(
    async () => {
      if (!pick) return;
      try {
        // The body as typed (the contract's parsed output is the server's shape, not the call's).
        const body = emergencyCaseBody(pick, form.getValues(), tenant, startedAt);
        const answer = await submit.mutateAsync({ body, idempotencyKey: keys.keyFor(body) });
        keys.clear();
        setResult({ queueNumber: answer.queueNumber, critical: isCriticalPick(pick) });
        setStep('done');
      } catch {
        setMessage(t('common.failure'));
      }
    },
    // The contract's first problem: the server would refuse the check-in for the same reason.
    (errors) => setMessage(Object.values(errors).map(String)[0] ?? null),
  );

  // The kiosk's own checks come first: their messages are in the kiosk's language.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pick) return;
    const problem = emergencyFormProblem(pick, form.getValues());
    if (problem) {
      setMessage(t(problem === 'required' ? 'common.required' : 'emergency.invalidAge'));
      return;
    }
    setMessage(null);
    send(event);
  };

  const set = (key: keyof EmergencyKioskForm) => ({ ...form.getInputProps(key), error: Boolean(form.errors[key]) || undefined });
  const critical = pick ? isCriticalPick(pick) : false;
  const title = step === 'pick' ? t('emergency.whatBrings') : step === 'details' ? t('emergency.details') : t('emergency.checkedIn');

  return (
    <Box mih="100vh" bg="gray.0">
      <KioskHeader title={t('emergency.title')} color="red.9" tenant={tenant} connected={connected.data} language={lang} titleSize={26} />
      <Container component="main" size="md" py="xl">
        <Paper withBorder shadow="sm" p="xl" radius="lg">
          <Stack gap="lg">
            <Title order={1} fz={40} ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
              {title}
            </Title>

            {step === 'pick' && (
              <Stack gap="lg">
                {connected.isError && <Banner>{t('common.notConnected')}</Banner>}
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
                  {EMERGENCY_PICKS.map((p) => (
                    <Button
                      key={p}
                      size="xl"
                      h={p === 'stroke-signs' ? 120 : 104}
                      fz={28}
                      radius="lg"
                      color={isCriticalPick(p) ? 'red.9' : 'blue.8'}
                      disabled={connected.isError}
                      onClick={() => choose(p)}
                      styles={{ label: { whiteSpace: 'normal', flexDirection: 'column', lineHeight: 1.2 } }}
                    >
                      {t(`emergency.picks.${p}`)}
                      {p === 'stroke-signs' && (
                        <Text component="span" fz={17} fw={500} mt={6} display="block">
                          {t('emergency.strokeHint')}
                        </Text>
                      )}
                    </Button>
                  ))}
                </SimpleGrid>
                <Text fz="lg" c="gray.8">
                  {t('emergency.worse999')}
                </Text>
              </Stack>
            )}

            {step === 'details' && pick && (
              <form onSubmit={onSubmit} noValidate>
                <Stack gap="lg">
                  <Text fz={24} fw={700}>
                    {t('emergency.reason', { reason: t(`emergency.picks.${pick}`) })}
                  </Text>
                  {critical && (
                    <Text fz="xl" fw={600} c="red.9">
                      {t('emergency.nameOptional')}
                    </Text>
                  )}
                  <TextInput
                    label={t('emergency.name')}
                    autoComplete="name"
                    withAsterisk={!critical}
                    aria-required={!critical}
                    {...FIELD}
                    {...set('name')}
                    error={(message === t('common.required') && form.getValues().name.trim() === '') || Boolean(form.errors.name) || undefined}
                  />
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
                    <TextInput
                      label={t('emergency.age')}
                      inputMode="numeric"
                      maxLength={3}
                      {...FIELD}
                      {...set('age')}
                      error={message === t('emergency.invalidAge') || Boolean(form.errors.age) || undefined}
                    />
                    <TextInput label={t('emergency.ageOrBirth')} type="date" autoComplete="bday" {...FIELD} {...set('dateOfBirth')} />
                  </SimpleGrid>
                  <TextInput label={t('emergency.phone')} type="tel" autoComplete="tel" {...FIELD} {...set('phone')} />
                  {message && <Banner fz="lg">{message}</Banner>}
                  <Group justify="space-between" mt="md">
                    <Button {...BIG} variant="default" onClick={() => setStep('pick')} disabled={submit.isPending}>
                      {t('common.back')}
                    </Button>
                    <Button {...BIG} type="submit" color={critical ? 'red.9' : 'blue.8'} loading={submit.isPending}>
                      {t('emergency.checkIn')}
                    </Button>
                  </Group>
                </Stack>
              </form>
            )}

            {step === 'done' && result && (
              <Stack gap="lg" align="center" ta="center">
                {result.critical && (
                  <Paper bg="red.9" c="white" p="xl" radius="lg" w="100%" role="alert">
                    <Text fz={36} fw={800} lh={1.2}>
                      {t('emergency.stayHere')}
                    </Text>
                    <Text fz={24} mt="md" fw={600}>
                      {t('emergency.call999')}
                    </Text>
                  </Paper>
                )}
                <Text fz="xl" id="er-queue-number-label">
                  {t('common.yourQueueNumber')}
                </Text>
                <Text fz={96} fw={800} c="red.9" lh={1} aria-labelledby="er-queue-number-label" data-testid="queue-number">
                  {result.queueNumber}
                </Text>
                {!result.critical && (
                  <>
                    <Text fz="xl">{t('emergency.takeSeat')}</Text>
                    <Text fz="lg">{t('emergency.worse999')}</Text>
                  </>
                )}
                <Text fz="md" c="gray.7">
                  {t('emergency.idle')}
                </Text>
                <Button {...BIG} onClick={startOver}>
                  {t('emergency.done')}
                </Button>
              </Stack>
            )}
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}
