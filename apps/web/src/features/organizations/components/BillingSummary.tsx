import type { OrganizationDto } from '@clinic/domain/contracts/organizations';
import { findPlan } from '@clinic/domain/rules/plans';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { subscriptionStatusLabel } from '@clinic/domain/contracts/billing';

/** The Billing tab: the plan, its state and dates, and the way to /billing. */
export function BillingSummary({ organization }: { organization: OrganizationDto }) {
  const sub = organization.subscription;
  const plan = findPlan(sub.plan);
  const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('en-US', { dateStyle: 'long' }) : null);
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Group gap="xl">
          <div>
            <Text size="sm" c="dimmed">
              Plan
            </Text>
            <Text fw={600}>{plan?.name ?? 'No plan'}</Text>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              Status
            </Text>
            <Text fw={600}>{subscriptionStatusLabel(sub.status)}</Text>
          </div>
          {sub.status === 'trialing' && sub.trialEndsAt && (
            <div>
              <Text size="sm" c="dimmed">
                Trial ends
              </Text>
              <Text fw={600}>{date(sub.trialEndsAt)}</Text>
            </div>
          )}
        </Group>
        <Group>
          <Button component={Link} to="/billing">
            Manage billing
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
