import type { BillingResponse } from '@clinic/domain/contracts/billing';
import { STRIPE_NOT_CONFIGURED_MESSAGE } from '@clinic/domain/contracts/billing';
import type { Plan } from '@clinic/domain/rules/plans';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatDay } from '../../../ui/date-format';
import { useCheckout } from '../api/checkout';
import { useStartTrial } from '../api/start-trial';

/** The payment step of a chosen plan: a card through Stripe Checkout, or the free trial where one applies. */
export function PaymentStep({ data, plan, onCancel }: { data: BillingResponse; plan: Plan; onCancel: () => void }) {
  const sub = data.subscription;
  const trial = useStartTrial();
  const checkout = useCheckout();
  const inTrial = sub.status === 'trialing' && !sub.readOnly;
  const trialPossible = sub.trialAvailable || inTrial;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="payment-step">
      <Stack gap="sm">
        <Title order={2} size="h3" id="payment-step">
          {plan.name} plan: ${plan.price}/month
        </Title>
        {trialPossible && (
          <Stack gap="xs">
            <Text>
              {inTrial
                ? `Switch your free trial to ${plan.name}; it still ends on ${formatDay(sub.trialEndsAt, 'long')}. No card is needed.`
                : `Start a ${plan.trialDays}-day free trial of ${plan.name}. No card is needed.`}
            </Text>
            {trial.error && (
              <Alert color="red" role="alert">
                {trial.error.message}
              </Alert>
            )}
            <Group>
              <Button
                loading={trial.isPending}
                onClick={() =>
                  trial.mutate(plan.id, {
                    onSuccess: () => {
                      notifications.show({ color: 'green', message: `Your free trial of ${plan.name} is active.` });
                      onCancel();
                    },
                  })
                }
              >
                {inTrial ? `Switch trial to ${plan.name}` : 'Start free trial'}
              </Button>
            </Group>
          </Stack>
        )}
        <Title order={3} size="h4">
          Pay by card
        </Title>
        {!data.payments.configured ? (
          <Alert color="red" role="alert">
            {STRIPE_NOT_CONFIGURED_MESSAGE}
          </Alert>
        ) : (
          <Stack gap="xs">
            <Text size="sm">You will enter your card on Stripe&apos;s secure checkout page; ${plan.price} is charged monthly.</Text>
            {checkout.error && (
              <Alert color="red" role="alert">
                {checkout.error.message || 'Payment failed'}
              </Alert>
            )}
            <Group>
              <Button
                loading={checkout.isPending}
                onClick={() =>
                  checkout.mutate(plan.id, {
                    onSuccess: (url) => window.location.assign(url),
                    onError: (error) => notifications.show({ color: 'red', message: `Payment failed: ${error.message || 'Payment failed'}` }),
                  })
                }
              >
                Continue to secure checkout
              </Button>
            </Group>
          </Stack>
        )}
        <Group>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
