import type { BillingResponse } from '@clinic/domain/contracts/billing';
import { subscriptionStatusLabel } from '@clinic/domain/contracts/billing';
import { findPlan, formatLimit } from '@clinic/domain/rules/plans';
import { Alert, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { formatDay } from '../../../ui/date-format';
import { Fact } from '../../../ui/Fact';
import { StatusChip } from '../../../ui/StatusChip';
import { useCancelSubscription } from '../api/cancel-subscription';
import { SubscriptionDate } from './SubscriptionDate';

/** The current plan, its state, dates and usage, and cancelling it (with a confirmation). */
export function CurrentSubscription({ data, canManage }: { data: BillingResponse; canManage: boolean }) {
  const sub = data.subscription;
  const plan = findPlan(sub.plan);
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelSubscription();
  const canCancel = canManage && !sub.cancelAtPeriodEnd && sub.status !== 'canceled' && !sub.readOnly;
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h3">
          Current Subscription
        </Title>
        <Group gap="xl" align="flex-start">
          <Fact label="Plan">{plan ? `${plan.name} ($${plan.price}/month)` : 'No plan'}</Fact>
          <Fact label="Status" plain>
            <StatusChip
              status={subscriptionStatusLabel(sub.status)}
              tone={sub.status === 'active' || sub.status === 'trialing' ? undefined : { color: 'red.9', text: 'white' }}
            />
          </Fact>
          <SubscriptionDate subscription={sub} />
          <Fact label="Usage" plain>
            <Text>
              {data.usage.users} of {plan ? formatLimit(plan.limits.users) : '-'} users, {data.usage.patients} of{' '}
              {plan ? formatLimit(plan.limits.patients) : '-'} patients
            </Text>
          </Fact>
        </Group>
        {sub.cancelAtPeriodEnd && (
          <Text size="sm">
            Canceled: the plan stays until {formatDay(sub.status === 'trialing' ? sub.trialEndsAt : sub.currentPeriodEnd, 'long')} and is not
            renewed.
          </Text>
        )}
        {canCancel && (
          <Group>
            <Button variant="outline" color="red.9" onClick={() => setConfirming(true)}>
              Cancel Subscription
            </Button>
          </Group>
        )}
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Cancel Subscription">
        <Stack gap="md">
          <Text>Are you sure you want to cancel your subscription? It stays active until the end of the current billing period, then ends.</Text>
          {cancel.error && (
            <Alert color="red" role="alert">
              {cancel.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Keep Subscription
            </Button>
            <Button
              color="red.9"
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(undefined, {
                  onSuccess: () => {
                    setConfirming(false);
                    notifications.show({ color: 'green', message: 'Your subscription will end at the end of the billing period.' });
                  },
                })
              }
            >
              Confirm Cancellation
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
