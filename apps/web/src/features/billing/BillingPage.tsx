import type { BillingResponse, InvoiceDto } from '@clinic/domain/contracts/billing';
import { STRIPE_NOT_CONFIGURED_MESSAGE, subscriptionStatusLabel } from '@clinic/domain/contracts/billing';
import { PLANS, findPlan, formatLimit, type Plan, type PlanId } from '@clinic/domain/rules/plans';
import { Alert, Badge, Button, Card, Group, List, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../api/session';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { QueryState } from '../../ui/QueryState';
import { StatusChip } from '../../ui/StatusChip';
import { useCancelSubscription } from './api/cancel-subscription';
import { useCheckout } from './api/checkout';
import { useStartTrial } from './api/start-trial';
import { useBilling } from './api/get-billing';

const longDate = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('en-US', { dateStyle: 'long' }) : '');
const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

/**
 * Billing (`/billing`): the current subscription from the database, the plan chooser (the current
 * plan cannot be started again; `?plan=` preselects), the billing history and the payment method.
 * Payments only through Stripe: without keys the payment step says so and changes nothing.
 */
export function BillingPage() {
  const billing = useBilling();
  return (
    <Stack gap="md">
      <Title order={1}>Billing</Title>
      <QueryState query={billing} loadingLabel="Loading billing">
        {(data) => <BillingContent data={data} />}
      </QueryState>
    </Stack>
  );
}

function BillingContent({ data }: { data: BillingResponse }) {
  const session = useSession();
  const canManage = Boolean(session.data?.organizationUser?.permissions.canManageSettings) || session.data?.organizationUser?.role === 'Owner';
  const [params] = useSearchParams();
  const preselected = findPlan(params.get('plan'))?.id ?? null;
  const [chosen, setChosen] = useState<PlanId | null>(preselected && preselected !== data.subscription.plan ? preselected : null);
  const checkoutNote = params.get('checkout');
  return (
    <Stack gap="md">
      {checkoutNote === 'success' && (
        <Alert color="green" role="status">
          Payment received by Stripe. Your plan becomes active as soon as Stripe confirms it (usually within a minute).
        </Alert>
      )}
      {data.subscription.readOnly && (
        <Alert color="red" role="alert">
          <strong>Read-only.</strong> Your organization&apos;s subscription has ended, so its records are read-only: you can still sign in, read and
          export. Choose a plan below to make changes again.
        </Alert>
      )}
      <CurrentSubscription data={data} canManage={canManage} />
      {chosen ? (
        <PaymentStep data={data} plan={findPlan(chosen)!} onCancel={() => setChosen(null)} />
      ) : (
        <PlanChooser data={data} canManage={canManage} onChoose={setChosen} />
      )}
      <BillingHistory invoices={data.invoices} />
      <PaymentMethod data={data} />
    </Stack>
  );
}

function CurrentSubscription({ data, canManage }: { data: BillingResponse; canManage: boolean }) {
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
          <div>
            <Text size="sm" c="dimmed">
              Plan
            </Text>
            <Text fw={600}>{plan ? `${plan.name} ($${plan.price}/month)` : 'No plan'}</Text>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              Status
            </Text>
            <StatusChip
              status={subscriptionStatusLabel(sub.status)}
              tone={sub.status === 'active' || sub.status === 'trialing' ? undefined : { color: 'red.9', text: 'white' }}
            />
          </div>
          {sub.status === 'trialing' && sub.trialEndsAt ? (
            <div>
              <Text size="sm" c="dimmed">
                Trial ends
              </Text>
              <Text fw={600}>{longDate(sub.trialEndsAt)}</Text>
            </div>
          ) : sub.currentPeriodEnd ? (
            <div>
              <Text size="sm" c="dimmed">
                {sub.cancelAtPeriodEnd ? 'Ends on' : 'Next billing date'}
              </Text>
              <Text fw={600}>{longDate(sub.currentPeriodEnd)}</Text>
            </div>
          ) : null}
          <div>
            <Text size="sm" c="dimmed">
              Usage
            </Text>
            <Text>
              {data.usage.users} of {plan ? formatLimit(plan.limits.users) : '-'} users, {data.usage.patients} of{' '}
              {plan ? formatLimit(plan.limits.patients) : '-'} patients
            </Text>
          </div>
        </Group>
        {sub.cancelAtPeriodEnd && (
          <Text size="sm">
            Canceled: the plan stays until {longDate(sub.status === 'trialing' ? sub.trialEndsAt : sub.currentPeriodEnd)} and is not renewed.
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

function PlanChooser({ data, canManage, onChoose }: { data: BillingResponse; canManage: boolean; onChoose: (plan: PlanId) => void }) {
  const current = data.subscription.plan;
  const live = !data.subscription.readOnly && data.subscription.status !== 'canceled';
  return (
    <section aria-labelledby="choose-plan">
      <Title order={2} size="h3" id="choose-plan" mb="sm">
        Choose a Plan
      </Title>
      {!canManage && (
        <Text size="sm" mb="sm">
          Only the Owner or a member who manages settings can change the plan.
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        {PLANS.map((plan) => {
          const isCurrent = plan.id === current && live;
          return (
            <Card key={plan.id} withBorder padding="lg">
              <Stack gap="xs">
                <Group justify="space-between">
                  <Title order={3} size="h4">
                    {plan.name}
                  </Title>
                  {plan.mostPopular && <Badge color="blue.8">Most Popular</Badge>}
                </Group>
                <Text fz="xl" fw={700}>
                  ${plan.price}
                  <Text span size="sm" c="dimmed">
                    /month
                  </Text>
                </Text>
                <List size="sm">
                  {plan.features.map((f) => (
                    <List.Item key={f}>{f}</List.Item>
                  ))}
                </List>
                <Button
                  disabled={isCurrent || !canManage}
                  variant={isCurrent ? 'default' : 'filled'}
                  onClick={() => onChoose(plan.id)}
                  aria-label={isCurrent ? `${plan.name}: current plan` : `Choose ${plan.name}`}
                >
                  {isCurrent ? 'Current Plan' : `Choose ${plan.name}`}
                </Button>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </section>
  );
}

/** The payment step of a chosen plan: a card through Stripe Checkout, or the free trial where one applies. */
function PaymentStep({ data, plan, onCancel }: { data: BillingResponse; plan: Plan; onCancel: () => void }) {
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
                ? `Switch your free trial to ${plan.name}; it still ends on ${longDate(sub.trialEndsAt)}. No card is needed.`
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
              <Button loading={checkout.isPending} onClick={() => checkout.mutate(plan.id, { onSuccess: (url) => window.location.assign(url) })}>
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

function BillingHistory({ invoices }: { invoices: InvoiceDto[] }) {
  const columns: DataTableColumn<InvoiceDto>[] = [
    { key: 'date', header: 'Date', cell: (i) => longDate(i.date), sortValue: (i) => i.date },
    { key: 'description', header: 'Description', cell: (i) => i.description },
    { key: 'amount', header: 'Amount', cell: (i) => money(i.amountCents, i.currency), sortValue: (i) => i.amountCents },
    {
      key: 'status',
      header: 'Status',
      cell: (i) => (
        <StatusChip
          status={i.status === 'paid' ? 'Paid' : i.status === 'failed' ? 'Failed' : i.status}
          tone={i.status === 'failed' ? { color: 'red.9', text: 'white' } : i.status === 'paid' ? { color: 'teal.9', text: 'white' } : undefined}
        />
      ),
    },
  ];
  return (
    <section aria-labelledby="billing-history">
      <Title order={2} size="h3" id="billing-history" mb="sm">
        Billing History
      </Title>
      <DataTable label="Billing history" columns={columns} rows={invoices} rowKey={(i) => i.id} emptyText="No invoices yet" />
    </section>
  );
}

function PaymentMethod({ data }: { data: BillingResponse }) {
  const card = data.paymentMethod;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="payment-method">
      <Title order={2} size="h3" id="payment-method" mb="sm">
        Payment Method
      </Title>
      {card ? (
        <Text>
          {card.brand.toUpperCase()} ending in {card.last4}, expires {String(card.expMonth).padStart(2, '0')}/{card.expYear}
        </Text>
      ) : (
        <Text>No payment method</Text>
      )}
      {data.payments.configured && (
        <Text size="sm" c="dimmed">
          A card is added or changed through Stripe checkout when you choose a plan.
        </Text>
      )}
    </Card>
  );
}
