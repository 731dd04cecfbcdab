import type { OrganizationDto } from '@clinic/domain/contracts/organizations';
import { subscriptionStatusLabel } from '@clinic/domain/contracts/billing';
import { findPlan } from '@clinic/domain/rules/plans';
import { Button, Card, Group, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { formatDay } from '../../../ui/date-format';
import { Fact } from '../../../ui/Fact';

/** The Billing tab: the plan, its state and dates, and the way to /billing. */
export function BillingSummary({ organization }: { organization: OrganizationDto }) {
  const sub = organization.subscription;
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Group gap="xl">
          <Fact label="Plan">{findPlan(sub.plan)?.name ?? 'No plan'}</Fact>
          <Fact label="Status">{subscriptionStatusLabel(sub.status)}</Fact>
          {sub.status === 'trialing' && sub.trialEndsAt && <Fact label="Trial ends">{formatDay(sub.trialEndsAt, 'long')}</Fact>}
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
