import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { RefObject } from 'react';
import { Banner } from '../../ui/Banner';
import type { IntakeOutcome } from './api/submit-intake';

/**
 * A guardian's end of the intake: the queue number, the trial the child was enrolled in
 * (`enrolledIn`, when consent was provided) or why that did not happen, and Start a new intake.
 */
export function IntakeDone({
  outcome,
  enrolledIn,
  heading,
  onStartOver,
}: {
  outcome: IntakeOutcome;
  enrolledIn: string | null;
  heading: RefObject<HTMLHeadingElement | null>;
  onStartOver: () => void;
}) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="sm">
        <Title order={2} fz="h3" ref={heading} tabIndex={-1}>
          Intake complete
        </Title>
        <Text>Thank you. The patient has been added to the queue.</Text>
        <Text fz="xl" fw={700}>
          Queue number: {outcome.queueNumber}
        </Text>
        {enrolledIn && !outcome.enrollmentError && <Banner tone="success">The patient was enrolled in {enrolledIn}.</Banner>}
        {outcome.enrollmentError && (
          <Banner tone="info" title="Trial enrollment was not completed">
            {outcome.enrollmentError}
          </Banner>
        )}
        <Text>Please take a seat. Staff will call you by your queue number.</Text>
        <Group>
          <Button onClick={onStartOver}>Start a new intake</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
