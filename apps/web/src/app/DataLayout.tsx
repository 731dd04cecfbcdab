import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { ApiError } from '../api/client';
import { forgetEndedSession, getSessionQueryOptions, isSessionEnded } from '../api/session';

/** Any call refused because the session ended (an inactivity timeout) signs the page out. */
const onError = (err: unknown) => {
  if (isSessionEnded(err)) forgetEndedSession(queryClient);
};

/** One client for the whole session, so cached data survives moving between pages. */
const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError }),
  mutationCache: new MutationCache({ onError }),
  defaultOptions: {
    queries: {
      // A refused or missing record will not appear by asking again.
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

/** Starts reading the session (a staff page's guard waits for it) before the page has rendered. */
export function prefetchSession(): void {
  void queryClient.prefetchQuery(getSessionQueryOptions());
}

/** The layout of every page that reads the API: provides TanStack Query to them. */
export function DataLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
