import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { RouterProvider } from 'react-router';
import { isPublicSitePath } from '../features/public/paths';
import { router } from './router';
import { theme } from './theme';

function isClientError(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refused or missing record will not appear by asking again. (ApiError carries the status;
      // it is read structurally so the API client stays out of the first-load bundle.)
      retry: (count, error) => !isClientError(error) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

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
  return (
    <MantineProvider theme={theme}>
      <LazyNotifications />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
