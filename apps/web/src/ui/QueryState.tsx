import { Center, Loader } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from './StateScreens';

/**
 * The four states of a query, always in the same order: loading, error (with Retry), empty, then
 * the data. `isEmpty` and `empty` go together; without them the data is always shown.
 */
export function QueryState<T>({
  query,
  loadingLabel = 'Loading',
  loading,
  errorMessage = (error) => error.message,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T, Error>;
  /** Accessible name of the default spinner. */
  loadingLabel?: string;
  /** Shown instead of the spinner while loading. */
  loading?: ReactNode;
  errorMessage?: (error: Error) => string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      loading ?? (
        <Center py="md">
          <Loader aria-label={loadingLabel} />
        </Center>
      )
    );
  }
  if (query.isError) return <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  if (isEmpty?.(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
