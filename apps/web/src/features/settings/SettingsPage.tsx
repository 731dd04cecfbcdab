import type { OrgInfo, UserSettings } from '@clinic/domain/contracts/settings';
import { isAllowed, type AccessSubject } from '@clinic/domain/rules/access';
import { SETTINGS_ACCESS, SOC2_ACCESS } from '@clinic/domain/rules/route-access';
import { DEFAULT_USER_SETTINGS, settingsDiff } from '@clinic/domain/rules/settings';
import { Alert, Button, Center, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useZodForm } from '../../ui/use-zod-form';
import { useSession } from '../../api/session';
import { useOrgInfo, useSaveUserSettings, useUserSettings } from '../../api/user-settings';
import { AppearanceCategory, NotificationsCategory, PreferencesCategory, ProfileCategory, SecurityCategory } from './components/PersonalCategories';
import { OrganizationCategory, SystemCategory } from './components/SystemCategory';
import { SETTINGS_FORM } from './settings-form';

/**
 * /settings: the member's settings in eight categories, one Save Changes for the member's own
 * ones. A failed load shows the defaults with a notice; a failed save keeps the changes and shows
 * the error. `soc2` is the SOC 2 dashboard, given by the app (features do not import each other).
 */
export function SettingsPage({ soc2 }: { soc2?: ReactNode }) {
  const session = useSession();
  const member = session.data?.organizationUser ?? null;
  const inOrganization = Boolean(session.data?.organization);
  const loaded = useUserSettings(inOrganization);
  const info = useOrgInfo();
  const [tab, setTab] = useState<string | null>('profile');
  const baseline = loaded.data ?? (loaded.isError ? DEFAULT_USER_SETTINGS : null);

  if (session.isPending || (inOrganization && loaded.isPending)) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading settings" />
      </Center>
    );
  }
  if (!inOrganization || !baseline) return <Text>Settings not available</Text>;

  const loadNotice = loaded.isError && (
    <Alert color="yellow" title="Your settings could not be loaded">
      The defaults are shown: {loaded.error.message}{' '}
      <Button variant="subtle" size="compact-sm" onClick={() => void loaded.refetch()}>
        Retry
      </Button>
    </Alert>
  );
  return (
    <Stack maw={1200} mx="auto">
      {/* Edits belong to the settings they were made on: a reload or a save starts from the new ones. */}
      <SettingsEditor
        key={JSON.stringify(baseline)}
        baseline={baseline}
        info={info.data}
        member={member}
        soc2={soc2}
        tab={tab}
        onTab={setTab}
        loadNotice={loadNotice}
      />
    </Stack>
  );
}

function SettingsEditor({
  baseline,
  info,
  member,
  soc2,
  tab,
  onTab,
  loadNotice,
}: {
  baseline: UserSettings;
  info: OrgInfo | undefined;
  member: AccessSubject | null;
  soc2: ReactNode;
  tab: string | null;
  onTab: (tab: string | null) => void;
  loadNotice: ReactNode;
}) {
  const save = useSaveUserSettings();
  const form = useZodForm({ ...SETTINGS_FORM, initialValues: baseline });
  const [invalid, setInvalid] = useState<string | null>(null);
  const dirty = settingsDiff(baseline, form.getValues()) !== undefined;
  const onSave = form.onSubmit(
    (settings) => {
      setInvalid(null);
      const patch = settingsDiff(baseline, settings);
      if (patch) save.mutate(patch);
    },
    (errors) =>
      setInvalid(
        Object.entries(errors)
          .map(([field, message]) => `${field}: ${String(message)}`)
          .join('; '),
      ),
  );
  const failure = invalid ?? (save.isError ? save.error.message : null);

  // The eight categories (platform-core section 2, Settings); SOC 2 Compliance for those who may see it.
  const categories: Array<{ value: string; label: string; panel: ReactNode }> = [
    { value: 'profile', label: 'Profile', panel: <ProfileCategory form={form} canChangeRole={isAllowed(member, SETTINGS_ACCESS.changeRole)} /> },
    { value: 'preferences', label: 'Preferences', panel: <PreferencesCategory form={form} /> },
    { value: 'notifications', label: 'Notifications', panel: <NotificationsCategory form={form} /> },
    {
      value: 'security',
      label: 'Security',
      panel: <SecurityCategory form={form} organizationTimeout={info?.sessionTimeoutMinutes ?? 30} statements={info?.statements} />,
    },
    { value: 'appearance', label: 'Appearance', panel: <AppearanceCategory form={form} /> },
    { value: 'system', label: 'System', panel: <SystemCategory form={form} info={info} member={member} /> },
    { value: 'organization', label: 'Organization', panel: <OrganizationCategory info={info} member={member} /> },
    ...(isAllowed(member, SOC2_ACCESS.view) ? [{ value: 'soc2-compliance', label: 'SOC 2 Compliance', panel: soc2 }] : []),
  ];

  return (
    <>
      <Group justify="space-between">
        <Title order={1}>Settings</Title>
        <Group>
          {dirty && <Text c="orange.9">Unsaved changes</Text>}
          <Button onClick={() => onSave()} disabled={!dirty || save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </Group>
      </Group>
      {loadNotice}
      {failure && (
        <Alert color="red" title="Your changes were not saved" role="alert">
          {failure}
        </Alert>
      )}
      <Tabs value={tab} onChange={onTab} orientation="vertical" keepMounted={false}>
        <Tabs.List>
          {categories.map((c) => (
            <Tabs.Tab key={c.value} value={c.value}>
              {c.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {categories.map((c) => (
          <Tabs.Panel key={c.value} value={c.value} px="md">
            {c.panel}
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}
