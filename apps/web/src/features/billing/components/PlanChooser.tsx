import type { BillingResponse } from '@clinic/domain/contracts/billing';
import { PLANS, type PlanId } from '@clinic/domain/rules/plans';
import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';

/** The plans to choose from; the plan in force cannot be chosen again. */
export function PlanChooser({ data, canManage, onChoose }: { data: BillingResponse; canManage: boolean; onChoose: (plan: PlanId) => void }) {
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
