import type { OrganizationSettingsDto } from '@clinic/domain/contracts/organization-settings';
import { SSO_ACCESS } from '@clinic/domain/rules/route-access';
import { Button, Center, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { Suspense, lazy, useState, type ComponentType } from 'react';
import { ApiError } from '../../api/client';
import { useAllowed } from '../../api/session/use-allowed';
import { Banner } from '../../ui/Banner';
import { IssueList } from '../../ui/IssueList';
import { QueryState } from '../../ui/QueryState';
import { useOrganizationSettings } from './api/get-organization-settings';
import { useUpdateOrganizationSettings } from './api/update-organization-settings';
import { BillingSection } from './components/BillingSection';
import { GeneralSection } from './components/GeneralSection';
import { IntegrationsSection } from './components/IntegrationsSection';
import { NotificationsSection } from './components/NotificationsSection';
import { PagingSection } from './components/PagingSection';
import { SecuritySection } from './components/SecuritySection';
import { SETTINGS_FORM, draftOf, type SettingsForm as Form } from './draft';
import { useZodForm } from '../../ui/use-zod-form';

/** The spec's five tabs in its order, then Paging; each section edits its part of the draft. */
const SECTIONS: Array<{ value: string; label: string; Section: ComponentType<{ form: Form; saved: OrganizationSettingsDto }> }> = [
  { value: 'general', label: 'General', Section: GeneralSection },
  { value: 'security', label: 'Security', Section: SecuritySection },
  { value: 'notifications', label: 'Notifications', Section: NotificationsSection },
  { value: 'integrations', label: 'Integrations', Section: IntegrationsSection },
  { value: 'billing', label: 'Billing', Section: BillingSection },
  { value: 'paging', label: 'Paging', Section: PagingSection },
];

// Its own form and calls, for one tab: loaded when that tab is opened.
const SsoSection = lazy(() => import('./components/SsoSection').then((m) => ({ default: m.SsoSection })));

/**
 * /organization/settings: six tabs of real settings, saved with Save Changes and enforced by the
 * server, and Single sign-on (Admins and the Owner), saved with its own button.
 */
export function OrganizationSettingsPage() {
  const settings = useOrganizationSettings();
  // Held here: a save replaces the data, which starts the form afresh; the open tab and the notice stay.
  const [tab, setTab] = useState<string | null>('general');
  const [done, setDone] = useState(false);
  return (
    <Stack maw={900}>
      <QueryState query={settings} loadingLabel="Loading organization settings">
        {(data) => <SettingsForm key={JSON.stringify(data)} saved={data} view={{ tab, setTab, done, setDone }} />}
      </QueryState>
    </Stack>
  );
}

interface SettingsView {
  tab: string | null;
  setTab: (tab: string | null) => void;
  done: boolean;
  setDone: (done: boolean) => void;
}

function SettingsForm({ saved, view: { tab, setTab, done, setDone } }: { saved: OrganizationSettingsDto; view: SettingsView }) {
  const update = useUpdateOrganizationSettings();
  // Single sign-on is saved on its own (its tab has its own form and Save).
  const sso = useAllowed(SSO_ACCESS.manage);
  const form = useZodForm({ ...SETTINGS_FORM, initialValues: draftOf(saved), onValuesChange: () => setDone(false) });
  const [error, setError] = useState<{ message: string; issues: string[] } | null>(null);
  const changed = JSON.stringify(form.getValues()) !== JSON.stringify(draftOf(saved));
  // The tabs are not one <form>: Save Changes submits, and a refusal (here or by the server) lists its issues.
  const save = form.onSubmit(
    (body) => {
      setError(null);
      // The promise, not mutate's callbacks: those are dropped when the saved data remounts this form.
      update.mutateAsync(body).then(
        () => setDone(true),
        (err: Error) => {
          // Each issue shows at its field (on its tab) and in the page's list.
          if (err instanceof ApiError && err.issues?.length) form.setIssues(err.issues);
          setError({ message: err.message, issues: err instanceof ApiError ? (err.issues ?? []).map((i) => `${i.path}: ${i.message}`) : [] });
        },
      );
    },
    (errors) =>
      setError({ message: 'Some fields are invalid.', issues: Object.entries(errors).map(([field, message]) => `${field}: ${String(message)}`) }),
  );

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Organization Settings</Title>
        <Button onClick={() => save()} disabled={!changed || update.isPending} loading={update.isPending}>
          Save Changes
        </Button>
      </Group>
      {changed && (
        <Text size="sm" c="gray.7">
          Unsaved changes
        </Text>
      )}
      {error && (
        <Banner title={error.message}>
          <IssueList issues={error.issues} fallback="Nothing was saved." />
        </Banner>
      )}
      {done && <Banner tone="success">Settings saved.</Banner>}
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          {SECTIONS.map((section) => (
            <Tabs.Tab key={section.value} value={section.value}>
              {section.label}
            </Tabs.Tab>
          ))}
          {sso && <Tabs.Tab value="sso">Single sign-on</Tabs.Tab>}
        </Tabs.List>
        {SECTIONS.map(({ value, Section }) => (
          <Tabs.Panel key={value} value={value} pt="md">
            <Section form={form} saved={saved} />
          </Tabs.Panel>
        ))}
        {sso && (
          <Tabs.Panel value="sso" pt="md">
            <Suspense
              fallback={
                <Center py="md">
                  <Loader aria-label="Loading single sign-on settings" />
                </Center>
              }
            >
              <SsoSection />
            </Suspense>
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}
