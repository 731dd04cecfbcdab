import { TRIAGE_FEATURE_MESSAGE, triageAssessBody, type TriageAssessmentDto } from '@clinic/domain/contracts/triage';
import { TRIAGE_HISTORY_SHOWN, triageWaitLabel, type TriageSeverity } from '@clinic/domain/rules/triage';
import { Alert, Anchor, Badge, Button, Card, Grid, Group, List, Stack, Text, Textarea, Title, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../api/session';
import { Banner } from '../../ui/Banner';
import { EmptyState } from '../../ui/EmptyState';
import { QueryState } from '../../ui/QueryState';
import { StatusChip } from '../../ui/StatusChip';
import { TimeText } from '../../ui/TimeText';
import { useZodForm } from '../../ui/use-zod-form';
import { useAssessSymptoms } from './api/assess-symptoms';
import { useTriageHistory } from './api/get-triage-history';
import { useRecordAssessmentAction, type AssessmentAction } from './api/record-assessment-action';
import { useAppliedSettings } from '../../api/user-settings';

const severityLabel = (s: TriageSeverity) => s.charAt(0).toUpperCase() + s.slice(1);

const EMERGENCY_SIGNS = ['Chest pain or pressure', 'Difficulty breathing', 'Severe bleeding', 'Loss of consciousness', 'Signs of stroke'];

function SeverityBadge({ severity, size = 'md' }: { severity: TriageSeverity; size?: 'md' | 'lg' }) {
  return (
    <StatusChip status={severity} size={size}>
      {severityLabel(severity)}
    </StatusChip>
  );
}

/** What the user did with an assessment, as recorded on the server. */
function RecordedState({ assessment }: { assessment: TriageAssessmentDto }) {
  if (!assessment.accepted && !assessment.secondOpinionRequested) return null;
  return (
    <Group gap={6}>
      {assessment.accepted && (
        <Badge color="green" variant="dot" size="lg" tt="none">
          Recommendation accepted
        </Badge>
      )}
      {assessment.secondOpinionRequested && (
        <Badge color="blue" variant="dot" size="lg" tt="none">
          Second opinion requested
        </Badge>
      )}
    </Group>
  );
}

/** /triage: describe symptoms, get a priority, wait and recommendation, and record what was done with it. */
export function TriagePage() {
  const session = useSession();
  const form = useZodForm({ schema: triageAssessBody, initialValues: { symptoms: '' } });
  const [alert, setAlert] = useState<string | null>(null);
  const [current, setCurrent] = useState<TriageAssessmentDto | null>(null);
  const assess = useAssessSymptoms();
  const history = useTriageHistory();
  const recordAction = useRecordAssessmentAction();
  const [actionError, setActionError] = useState<string | null>(null);

  // The contract's message of blank symptoms is the page's alert (the spec's), not a note under the field.
  const submit = form.onSubmit(
    async ({ symptoms }) => {
      setAlert(null);
      if (session.data && !session.data.features.includes('aiTriage')) {
        setAlert(TRIAGE_FEATURE_MESSAGE);
        return;
      }
      try {
        setCurrent(await assess.mutateAsync(symptoms));
        setActionError(null);
      } catch (err) {
        setAlert((err as Error).message);
      }
    },
    (errors) => setAlert(String(errors.symptoms ?? Object.values(errors)[0])),
  );
  const { error: _shownAbove, ...symptomsInput } = form.getInputProps('symptoms');
  const symptoms = form.getValues().symptoms;

  const act = async (action: AssessmentAction) => {
    if (!current) return;
    setActionError(null);
    try {
      setCurrent(await recordAction.mutateAsync({ id: current.id, action }));
    } catch (err) {
      setActionError(`Could not record your choice: ${(err as Error).message}`);
    }
  };

  const analyzing = assess.isPending;
  // The member's "Enable AI" (Settings, Preferences, triage): off hides the AI assessment.
  const aiEnabled = useAppliedSettings().preferences.triage.enableAI;
  const pendingAction = recordAction.isPending ? recordAction.variables?.action : null;

  return (
    <Stack maw={1200} mx="auto" gap="lg">
      <Group justify="space-between" align="center" wrap="wrap">
        <div>
          <Title order={1}>AI Triage Assessment</Title>
          <Text c="gray.7">Describe the symptoms to get a priority, an estimated wait and a recommendation.</Text>
        </div>
        <Group gap="sm">
          <Button component={Link} to="/dashboard" variant="default">
            Dashboard
          </Button>
          <Button component={Link} to="/pricing" variant="light">
            Upgrade Plan
          </Button>
        </Group>
      </Group>

      {!aiEnabled && (
        <Alert color="gray" title="AI assessment is turned off">
          Your settings hide the AI triage assessment. Turn on Enable AI under Preferences in{' '}
          <Anchor component={Link} to="/settings">
            Settings
          </Anchor>{' '}
          to use it.
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            {aiEnabled && (
              <Card withBorder padding="lg">
                <form onSubmit={submit}>
                  <Stack gap="sm">
                    <Textarea
                      label="Describe your symptoms"
                      rows={6}
                      placeholder="What are you feeling? When did it start? How severe is it (for example, 1 to 10)? Anything else we should know, such as medicines, conditions or recent injuries?"
                      {...symptomsInput}
                      disabled={analyzing}
                    />
                    {alert && <Banner onDismiss={() => setAlert(null)}>{alert}</Banner>}
                    <Button type="submit" size="md" disabled={symptoms.length === 0 || analyzing} style={{ alignSelf: 'flex-start' }}>
                      {analyzing ? 'Analyzing Symptoms...' : 'Get AI Triage Assessment'}
                    </Button>
                  </Stack>
                </form>
              </Card>
            )}

            {aiEnabled && current && (
              <Card withBorder padding="lg" component="section" aria-labelledby="current-assessment-title">
                <Stack gap="sm">
                  <Title order={2} fz="h3" id="current-assessment-title">
                    Current Assessment
                  </Title>
                  <Group gap="lg" wrap="wrap">
                    <Group gap={6}>
                      <Text fw={600}>Priority:</Text>
                      <SeverityBadge severity={current.severity} size="lg" />
                    </Group>
                    <Text>
                      <Text span fw={600}>
                        AI Confidence:
                      </Text>{' '}
                      {current.aiConfidence}%
                    </Text>
                    <Text>
                      <Text span fw={600}>
                        Estimated Wait Time:
                      </Text>{' '}
                      {triageWaitLabel(current.estimatedWaitTime)}
                    </Text>
                  </Group>
                  <Text>
                    <Text span fw={600}>
                      Symptoms:
                    </Text>{' '}
                    {current.symptoms}
                  </Text>
                  <Alert color={current.severity === 'critical' ? 'red' : 'blue'} variant="light" title="Recommendation">
                    {current.recommendation}
                  </Alert>
                  <RecordedState assessment={current} />
                  {actionError && <Banner>{actionError}</Banner>}
                  <Group gap="sm">
                    <Button
                      onClick={() => void act('accept')}
                      loading={pendingAction === 'accept'}
                      disabled={current.accepted || Boolean(pendingAction)}
                    >
                      Accept Recommendation
                    </Button>
                    <Button
                      variant="default"
                      onClick={() => void act('second-opinion')}
                      loading={pendingAction === 'second-opinion'}
                      disabled={current.secondOpinionRequested || Boolean(pendingAction)}
                    >
                      Get Second Opinion
                    </Button>
                  </Group>
                </Stack>
              </Card>
            )}
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Alert color="red" variant="light" title="Call 999 immediately if you experience" role="note">
              <List size="sm" spacing={2}>
                {EMERGENCY_SIGNS.map((s) => (
                  <List.Item key={s}>{s}</List.Item>
                ))}
              </List>
            </Alert>

            <Card withBorder padding="lg" component="section" aria-labelledby="recent-assessments-title">
              <Title order={2} fz="h4" mb="sm" id="recent-assessments-title">
                Recent Assessments
              </Title>
              <QueryState
                query={history}
                loading={<Text size="sm">Loading...</Text>}
                errorMessage={(error) => `Failed to load recent assessments: ${error.message}`}
                isEmpty={(list) => list.length === 0}
                empty={<EmptyState compact title="No assessments yet" />}
              >
                {(list) => (
                  <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                    {list.slice(0, TRIAGE_HISTORY_SHOWN).map((a) => (
                      <li key={a.id}>
                        <UnstyledButton
                          onClick={() => setCurrent(a)}
                          w="100%"
                          p="xs"
                          style={{ borderRadius: 8, border: '1px solid var(--mantine-color-gray-3)' }}
                          aria-current={current?.id === a.id || undefined}
                        >
                          <Group justify="space-between" wrap="nowrap" gap="xs">
                            <SeverityBadge severity={a.severity} />
                            <Text size="xs" c="gray.7">
                              <TimeText value={a.timestamp} date="numeric" />
                            </Text>
                          </Group>
                          <Text size="sm" lineClamp={2} mt={4}>
                            {a.symptoms}
                          </Text>
                          <Text size="xs" c="gray.7">
                            Wait: {triageWaitLabel(a.estimatedWaitTime)}
                            {a.accepted ? ' · Accepted' : ''}
                            {a.secondOpinionRequested ? ' · Second opinion requested' : ''}
                          </Text>
                        </UnstyledButton>
                      </li>
                    ))}
                  </Stack>
                )}
              </QueryState>
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>

      <Text size="sm" c="gray.7" ta="center">
        Disclaimer: this AI triage assessment is for informational purposes only. It is not a diagnosis and does not replace the advice of a doctor
        or other qualified healthcare provider. In an emergency, call{' '}
        <Anchor href="tel:999" size="sm" underline="always">
          999
        </Anchor>
        .
      </Text>
    </Stack>
  );
}
