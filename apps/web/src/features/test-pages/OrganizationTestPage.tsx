import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { fetchSession, sessionQueryKey, useSession } from '../../api/session';
import { Banner } from '../../ui/Banner';
import { createTestOrganization, readOrganization, removeTestOrganization, switchBack, updateOrganization } from './api/organization-checks';
import { runCheck, skipped } from './checks';
import { CheckResults } from './components/CheckResults';
import { TestPageLayout } from './components/TestPageLayout';
import { useCheckRun } from './use-check-run';

/**
 * /test-organization (public): creates, reads and updates an organization through the API and
 * judges each answer, then removes the organization again (it is created marked as a test
 * organization, which only its Owner may remove) and returns the user to the organization they
 * had chosen.
 */
export function OrganizationTestPage() {
  const session = useSession();
  const queryClient = useQueryClient();
  const { results, running, start } = useCheckRun();

  const run = () =>
    start(async (add) => {
      // Where the user was before: creating an organization makes it their current one.
      const before = await fetchSession().catch(() => null);
      const stamp = new Date().toISOString();
      const name = `Test Organization ${stamp}`;
      const created = await runCheck(
        'Create Organization',
        () => createTestOrganization(name, 'Created by the organization management test'),
        (a) =>
          !a.organization?.id
            ? 'The answer has no organization id'
            : a.organization.testOrganization
              ? null
              : 'The organization is not marked as a test',
      );
      add(created);
      const id = created.answer?.organization.id;
      if (!id) {
        add(skipped('Retrieve Organization', 'no organization was created'));
        add(skipped('Update Organization', 'no organization was created'));
      } else {
        add(
          await runCheck(
            'Retrieve Organization',
            () => readOrganization(id),
            (a) => (a.organization?.id !== id ? 'Another organization was returned' : a.organization.name !== name ? 'The name differs' : null),
          ),
        );
        const description = `Updated by the organization management test at ${stamp}`;
        add(
          await runCheck(
            'Update Organization',
            () => updateOrganization(id, { description }),
            (a) => (a.organization?.description !== description ? 'The description was not changed' : null),
          ),
        );
        add(
          await runCheck(
            'Clean Up (remove the test organization)',
            async () => {
              const removed = await removeTestOrganization(id);
              if (before?.organization) await switchBack(before.organization.id, before.clinic?.id);
              return removed;
            },
            (a) => (a.organization?.id === id ? null : 'Another organization was removed'),
          ),
        );
      }
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    });

  return (
    <TestPageLayout
      title="Organization Management Test"
      intro="Creates, retrieves and updates an organization through the API, then removes the test organization again."
    >
      <Banner tone="info" title="Sign in as an admin">
        <Stack gap={4}>
          <Text>You must be logged in as an admin to run these tests.</Text>
          {session.data ? (
            <Text>Signed in as {session.data.user.email}.</Text>
          ) : (
            <Text>
              You are not signed in.{' '}
              <Anchor component={Link} to="/login" c="blue.9" underline="always">
                Sign in
              </Anchor>
            </Text>
          )}
        </Stack>
      </Banner>
      <Group>
        <Button onClick={() => void run()} loading={running}>
          Run Organization Tests
        </Button>
      </Group>
      <CheckResults results={results} label="Organization test results" />
    </TestPageLayout>
  );
}
