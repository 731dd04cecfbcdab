import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './preferences.css';
import { MantineProvider } from '@mantine/core';
import { lazy, Suspense, useMemo, useSyncExternalStore } from 'react';
import { RouterProvider } from 'react-router';
import { isPublicSitePath } from '../features/public/paths';
import { router } from './router';
import { usePrimaryColor } from './appearance-store';
import { cssVariablesResolver, theme } from './theme';

// The notifications container (with its portal, transitions and scroll lock) is a sizeable part of
// Mantine; the public site never shows a notification, so it is loaded once any other page opens.
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

let notificationsNeeded = false;
const subscribeToRoutes = (onChange: () => void) => router.subscribe(onChange);
const needsNotifications = () => {
  notificationsNeeded ||= !isPublicSitePath(router.state.location.pathname);
  return notificationsNeeded;
};

function LazyNotifications() {
  const needed = useSyncExternalStore(subscribeToRoutes, needsNotifications);
  return needed ? (
    <Suspense fallback={null}>
      <Notifications />
    </Suspense>
  ) : null;
}

/** Providers and the router. */
export function App() {
  // The member's colour scheme (Settings, Appearance), applied by the staff shell.
  const primaryColor = usePrimaryColor();
  const themed = useMemo(() => ({ ...theme, primaryColor }), [primaryColor]);
  return (
    <MantineProvider theme={themed} cssVariablesResolver={cssVariablesResolver}>
      <LazyNotifications />
      <RouterProvider router={router} />
    </MantineProvider>
  );
}
