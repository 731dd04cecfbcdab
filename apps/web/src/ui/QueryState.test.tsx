import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '../test/render';
import { QueryState } from './QueryState';

/** A query whose answers the test hands out one by one, as a server would. */
function controlledFetch() {
  const calls: Array<{ resolve: (names: string[]) => void; reject: (error: Error) => void }> = [];
  const fetchNames = () => new Promise<string[]>((resolve, reject) => calls.push({ resolve, reject }));
  return { fetchNames, calls };
}

function Names({ fetchNames }: { fetchNames: () => Promise<string[]> }) {
  const query = useQuery({ queryKey: ['names'], queryFn: fetchNames });
  return (
    <QueryState
      query={query}
      loadingLabel="Loading names"
      errorMessage={(e) => `Could not load the names: ${e.message}`}
      isEmpty={(names) => names.length === 0}
      empty={<p>No names yet</p>}
    >
      {(names) => (
        <ul aria-label="Names">
          {names.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

function renderNames(fetchNames: () => Promise<string[]>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithMantine(
    <QueryClientProvider client={client}>
      <Names fetchNames={fetchNames} />
    </QueryClientProvider>,
  );
}

describe('QueryState', () => {
  it('shows a named spinner while loading, then the data', async () => {
    const { fetchNames, calls } = controlledFetch();
    renderNames(fetchNames);
    expect(screen.getByLabelText('Loading names')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();

    calls[0].resolve(['Ada', 'Grace']);
    const list = await screen.findByRole('list', { name: 'Names' });
    expect(list).toHaveTextContent('AdaGrace');
    expect(screen.queryByLabelText('Loading names')).not.toBeInTheDocument();
  });

  it('shows the error with Retry, and Retry asks again and shows what then arrives', async () => {
    const user = userEvent.setup();
    const { fetchNames, calls } = controlledFetch();
    renderNames(fetchNames);
    calls[0].reject(new Error('server unavailable'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the names: server unavailable');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(calls).toHaveLength(2);
    calls[1].resolve(['Ada']);
    expect(await screen.findByRole('list', { name: 'Names' })).toHaveTextContent('Ada');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the empty text, not the data, when the data is empty', async () => {
    const { fetchNames, calls } = controlledFetch();
    renderNames(fetchNames);
    calls[0].resolve([]);
    expect(await screen.findByText('No names yet')).toBeVisible();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
