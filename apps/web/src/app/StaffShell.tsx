import { isReadOnly } from '@clinic/domain/rules/plans';
import { DEFAULT_USER_SETTINGS } from '@clinic/domain/rules/settings';
import type { RouteAccessRule } from '@clinic/domain/rules/route-access';
import {
  Alert,
  Anchor,
  AppShell,
  useComputedColorScheme,
  Burger,
  Button,
  Group,
  Kbd,
  NavLink,
  ScrollArea,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure, useHotkeys, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { Link, Outlet, useMatches, useNavigate } from 'react-router';
import { useSession, useSignOut } from '../api/session';
import { useUserSettings } from '../api/user-settings';
import { OrganizationSwitcher } from '../features/organizations';
import { PatientRecordTabsContext } from '../ui/patient-record-tabs';
import { TimeFormatContext } from '../ui/time-format';
import { AppliedPreferences } from './AppliedPreferences';
import { PageActionProvider } from './page-action';
import { PATIENT_RECORD_TABS } from './patient-record-tabs';
import { RequireAccess, RequireAuth, RequireMfaEnrolment } from './RouteGuards';
import { HeaderPager } from './shell/pager';
import classes from './shell/shell.module.css';
import { UserMenu } from './shell/UserMenu';
import { WorkspaceNav } from './shell/WorkspaceNav';

// Spotlight and the patient search load on the first Ctrl/Cmd+K (or Search click), not with the shell.
const loadPalette = () => import('./shell/CommandPalette');
const CommandPalette = lazy(() => loadPalette().then((m) => ({ default: m.CommandPalette })));

/** Where the collapsed (icons only) state of the side navigation is remembered. */
const COLLAPSED_KEY = 'clinicflow.nav-collapsed';
/** Below Mantine's `sm` breakpoint the navigation is a drawer opened by the burger. */
const PHONE = '(max-width: 47.99em)';

/**
 * The signed-in frame (Mantine AppShell): a skip link, the header (burger on phones, search,
 * organization and clinic switcher, pager, user menu), the side navigation of the areas the member may
 * open (collapsible to icons, remembered in this browser), then the page in <main>. It holds the
 * organization's event stream, so every staff page hears changes made elsewhere, and provides
 * paging's "Page" action to the pages' cards and records.
 */
export function StaffShell() {
  return (
    <RequireAuth>
      <RequireMfaEnrolment>
        <PageActionProvider>
          <StaffFrame />
        </PageActionProvider>
      </RequireMfaEnrolment>
    </RequireAuth>
  );
}

function StaffFrame() {
  const session = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const matches = useMatches();
  const access = (matches.at(-1)?.handle as { access?: RouteAccessRule } | undefined)?.access ?? {};
  const [mobileOpened, mobile] = useDisclosure(false);
  const [collapsed, setCollapsed] = useLocalStorage({ key: COLLAPSED_KEY, defaultValue: false, getInitialValueInEffect: false });
  const phone = useMediaQuery(PHONE) ?? false;
  const iconsOnly = collapsed && !phone;
  const [paletteWanted, setPaletteWanted] = useState(false);
  const scheme = useComputedColorScheme('light');
  // Not while the member must enrol a second factor first: the server refuses their staff calls.
  const inOrganization = Boolean(session.data?.organization) && !session.data?.security?.mfaEnrolmentRequired;
  const timeFormat = useUserSettings(inOrganization).data?.appearance.timeFormat ?? DEFAULT_USER_SETTINGS.appearance.timeFormat;

  const togglePalette = () => {
    setPaletteWanted(true);
    void loadPalette().then((m) => m.togglePalette());
  };
  // Ctrl/Cmd+K works from anywhere, fields included: it is the palette's one way in from the keyboard.
  useHotkeys([['mod+K', togglePalette]], []);

  // Back to /login whether or not the server answered: the page keeps nothing of the session.
  const onSignOut = () => signOut.mutate(undefined, { onSettled: () => navigate('/login', { replace: true }) });

  const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const main = document.getElementById('main');
    main?.focus();
    main?.scrollIntoView();
  };

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: iconsOnly ? 68 : 232, breakpoint: 'sm', collapsed: { mobile: !mobileOpened } }}
      padding="md"
      bg={scheme === 'dark' ? 'dark.8' : 'gray.0'}
    >
      <AppliedPreferences listen={inOrganization} />
      <a href="#main" className={classes.skip} onClick={skipToMain}>
        Skip to main content
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={mobileOpened}
              onClick={mobile.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={mobileOpened ? 'Close navigation' : 'Open navigation'}
              aria-expanded={mobileOpened}
              aria-controls="workspace-navigation"
            />
            <Anchor component={Link} to="/dashboard" fw={700} fz="lg" underline="never" className={classes.brand}>
              ClinicFlow
            </Anchor>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Button
              variant="default"
              size="xs"
              leftSection={<IconSearch size={16} aria-hidden />}
              rightSection={
                <Kbd size="xs" visibleFrom="md" aria-hidden>
                  Ctrl K
                </Kbd>
              }
              onClick={togglePalette}
              aria-keyshortcuts="Control+K Meta+K"
            >
              {/* An icon on phones, where the header also holds the pager and the user menu; still its name there. */}
              <Text span inherit visibleFrom="sm">
                Search
              </Text>
              <VisuallyHidden hiddenFrom="sm">Search</VisuallyHidden>
            </Button>
            {!phone && <OrganizationSwitcher />}
            <HeaderPager />
            <UserMenu onSignOut={onSignOut} />
          </Group>
        </Group>
      </AppShell.Header>
      {/* On a phone the closed drawer is inert: its links are off screen, so they take no focus. */}
      <AppShell.Navbar id="workspace-navigation" aria-label="Workspace" p="xs" inert={phone && !mobileOpened}>
        {phone && (
          <AppShell.Section mb="sm">
            <OrganizationSwitcher />
          </AppShell.Section>
        )}
        <AppShell.Section grow component={ScrollArea}>
          <WorkspaceNav iconsOnly={iconsOnly} onNavigate={mobile.close} />
        </AppShell.Section>
        <AppShell.Section visibleFrom="sm" pt="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          <CollapseToggle collapsed={collapsed} onToggle={() => setCollapsed((c) => !c)} />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1} className={classes.main}>
        <OrganizationBanners />
        <RequireAccess rule={access}>
          <TimeFormatContext value={timeFormat}>
            <PatientRecordTabsContext.Provider value={PATIENT_RECORD_TABS}>
              <Outlet />
            </PatientRecordTabsContext.Provider>
          </TimeFormatContext>
        </RequireAccess>
      </AppShell.Main>
      {paletteWanted && (
        <Suspense fallback={null}>
          <CommandPalette />
        </Suspense>
      )}
    </AppShell>
  );
}

/**
 * What every staff screen must show about the organization: emergency mode (on in the organization
 * panel: visitor limits lifted), and a read-only organization (lapsed trial or canceled plan).
 */
function OrganizationBanners() {
  const session = useSession();
  const org = session.data?.organization;
  if (!org) return null;
  const sub = org.subscription;
  const readOnly = isReadOnly({
    planId: sub.plan,
    status: sub.status,
    trialEndsAt: sub.trialEndsAt,
    currentPeriodEnd: sub.endDate,
  });
  return (
    <>
      {org.settings.emergencyMode && (
        <Alert color="red" mb="md" role="status">
          <strong>Emergency mode is on.</strong> The organization is in emergency mode: visiting hours and visitor limits are lifted.
        </Alert>
      )}
      {readOnly && (
        <Alert color="orange" mb="md" role="status">
          <strong>Read-only.</strong> Your organization&apos;s subscription has ended, so its records are read-only: you can still read and export.{' '}
          <Anchor component={Link} to="/billing">
            Choose a plan
          </Anchor>{' '}
          to make changes again.
        </Alert>
      )}
    </>
  );
}

/** Collapses the navigation to icons, or expands it back to labels. */
function CollapseToggle({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const label = collapsed ? 'Expand navigation' : 'Collapse navigation';
  const Icon = collapsed ? IconLayoutSidebarLeftExpand : IconLayoutSidebarLeftCollapse;
  const button = (
    <NavLink
      component="button"
      type="button"
      onClick={onToggle}
      aria-expanded={!collapsed}
      aria-controls="workspace-navigation"
      aria-label={collapsed ? label : undefined}
      label={collapsed ? undefined : <Text size="sm">{label}</Text>}
      leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
    />
  );
  return collapsed ? (
    <Tooltip label={label} position="right" withArrow>
      {button}
    </Tooltip>
  ) : (
    button
  );
}
