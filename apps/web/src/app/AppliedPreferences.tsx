import { notifiesOf, queryStaleTime, ROOT_FONT_SIZE_PX } from '@clinic/domain/rules/settings';
import { useMantineColorScheme } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLiveUpdates } from '../api/events';
import { useUserSettings } from '../api/user-settings';
import { PRIMARY_COLORS, primaryColorStore } from './appearance-store';

const EVENT_MESSAGES: Record<string, string> = {
  'emergency.alert.updated': 'Emergency alert updated',
  'emergency.mass-casualty.updated': 'Mass casualty event updated',
  'queue.updated': 'Triage queue updated',
};

/**
 * Applies the member's settings to the whole app: theme (Mantine's colour scheme),
 * primary colour, root font size, compact density, reduced motion and the query cache's stale
 * time; and holds the organization's event stream, popping up the live events the member's
 * notification toggles ask for. Rendered once by the staff shell; renders nothing.
 */
export function AppliedPreferences({ listen }: { listen: boolean }) {
  // `listen`: the member is in an organization (their settings and events are of one).
  const settings = useUserSettings(listen).data;
  const { setColorScheme } = useMantineColorScheme();
  const client = useQueryClient();
  const notify = useRef(settings?.notifications);
  useEffect(() => {
    notify.current = settings?.notifications;
  }, [settings]);

  useLiveUpdates('staff', {}, listen, (type) => {
    if (notify.current && notifiesOf(notify.current, type)) notifications.show({ message: EVENT_MESSAGES[type] ?? type });
  });

  const appearance = settings?.appearance;
  const performance = settings?.system.performance;
  useEffect(() => {
    if (!appearance) return;
    setColorScheme(appearance.theme);
    primaryColorStore.set(PRIMARY_COLORS[appearance.colorScheme]);
    const root = document.documentElement;
    root.style.fontSize = `${ROOT_FONT_SIZE_PX[appearance.fontSize]}px`;
    root.toggleAttribute('data-compact', appearance.compactMode);
    root.toggleAttribute('data-reduce-motion', !appearance.showAnimations);
  }, [appearance, setColorScheme]);

  useEffect(() => {
    if (!performance) return;
    const defaults = client.getDefaultOptions();
    client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, staleTime: queryStaleTime(performance) } });
  }, [performance, client]);

  // Signing out (the shell unmounts) returns the page to the house look.
  useEffect(
    () => () => {
      primaryColorStore.set('blue');
      const root = document.documentElement;
      root.style.fontSize = '';
      root.removeAttribute('data-compact');
      root.removeAttribute('data-reduce-motion');
    },
    [],
  );
  return null;
}
