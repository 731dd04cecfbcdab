import type { BillingResponse } from '@clinic/domain/contracts/billing';
import { findPlan, type PlanId } from '@clinic/domain/rules/plans';
import { Alert, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../api/session';
import { QueryState } from '../../ui/QueryState';
import { useBilling } from './api/get-billing';
import { BillingHistory, PaymentMethod } from './components/BillingHistory';
import { CurrentSubscription } from './components/CurrentSubscription';
import { PaymentStep } from './components/PaymentStep';
import { PlanChooser } from './components/PlanChooser';

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
