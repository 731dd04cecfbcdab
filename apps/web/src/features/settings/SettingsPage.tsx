import type { UserSettings } from '@clinic/domain/contracts/settings';
import { isAllowed } from '@clinic/domain/rules/access';
import { SETTINGS_ACCESS, SOC2_ACCESS } from '@clinic/domain/rules/route-access';
import { DEFAULT_USER_SETTINGS, settingsDiff } from '@clinic/domain/rules/settings';
import { Alert, Button, Center, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useSession } from '../../api/session';
import { useOrgInfo, useSaveUserSettings, useUserSettings } from '../../api/user-settings';
import {
  AppearanceCategory,
  NotificationsCategory,
  PreferencesCategory,
  ProfileCategory,
  SecurityCategory,
  type Edit,
} from './components/PersonalCategories';
import { OrganizationCategory, SystemCategory } from './components/SystemCategory';

/** The eight categories (platform-core section 2, Settings). */
const CATEGORIES = [
  { value: 'profile', label: 'Profile' },
  { value: 'preferences', label: 'Preferences' },
  { value: 'notifications', label: 'Notifications' },
  { value: 'security', label: 'Security' },
  { value: 'appearance', label: 'Appearance' },
  { value: 'system', label: 'System' },
  { value: 'organization', label: 'Organization' },
  { value: 'soc2-compliance', label: 'SOC 2 Compliance' },
] as const;

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
  const save = useSaveUserSettings();
  const baseline = loaded.data ?? (loaded.isError ? DEFAULT_USER_SETTINGS : null);
  // Edits belong to the settings they were made on: a reload or a save starts from the new ones.
  const [edited, setEdited] = useState<{ base: UserSettings; value: UserSettings } | null>(null);
  const draft = edited && edited.base === baseline ? edited.value : baseline;

  if (session.isPending || (inOrganization && loaded.isPending)) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading settings" />
      </Center>
    );
  }
  if (!inOrganization || !draft || !baseline) return <Text>Settings not available</Text>;

  const patch = settingsDiff(baseline, draft);
  const dirty = patch !== undefined;
  const edit: Edit = (change) => {
    const next = structuredClone(draft);
    change(next);
    setEdited({ base: baseline, value: next });
  };
  const onSave = () => patch && save.mutate(patch);
  const showSoc2 = isAllowed(member, SOC2_ACCESS.view);

  return (
    <Stack maw={1200} mx="auto">
      <Group justify="space-between">
        <Title order={1}>Settings</Title>
        <Group>
          {dirty && <Text c="orange.9">Unsaved changes</Text>}
          <Button onClick={onSave} disabled={!dirty || save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </Group>
      </Group>
      {loaded.isError && (
        <Alert color="yellow" title="Your settings could not be loaded">
          The defaults are shown: {loaded.error.message}{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void loaded.refetch()}>
            Retry
          </Button>
        </Alert>
      )}
      {save.isError && (
        <Alert color="red" title="Your changes were not saved" role="alert">
          {save.error.message}
        </Alert>
      )}
      <Tabs defaultValue="profile" orientation="vertical" keepMounted={false}>
        <Tabs.List>
          {CATEGORIES.filter((c) => c.value !== 'soc2-compliance' || showSoc2).map((c) => (
            <Tabs.Tab key={c.value} value={c.value}>
              {c.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="profile" px="md">
          <ProfileCategory s={draft} edit={edit} canChangeRole={isAllowed(member, SETTINGS_ACCESS.changeRole)} />
        </Tabs.Panel>
        <Tabs.Panel value="preferences" px="md">
          <PreferencesCategory s={draft} edit={edit} />
        </Tabs.Panel>
        <Tabs.Panel value="notifications" px="md">
          <NotificationsCategory s={draft} edit={edit} />
        </Tabs.Panel>
        <Tabs.Panel value="security" px="md">
          <SecurityCategory s={draft} edit={edit} organizationTimeout={info.data?.sessionTimeoutMinutes ?? 30} statements={info.data?.statements} />
        </Tabs.Panel>
        <Tabs.Panel value="appearance" px="md">
          <AppearanceCategory s={draft} edit={edit} />
        </Tabs.Panel>
        <Tabs.Panel value="system" px="md">
          <SystemCategory s={draft} edit={edit} info={info.data} member={member} />
        </Tabs.Panel>
        <Tabs.Panel value="organization" px="md">
          <OrganizationCategory info={info.data} member={member} />
        </Tabs.Panel>
        {showSoc2 && (
          <Tabs.Panel value="soc2-compliance" px="md">
            {soc2}
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}
