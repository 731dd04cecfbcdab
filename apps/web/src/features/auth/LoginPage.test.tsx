import { SSO_ENFORCED_MESSAGE, SSO_ERRORS, SSO_LINK_MESSAGE } from '@clinic/domain/contracts/sso';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../test/render';
import { LoginPage } from './LoginPage';

/** The calls the page made, and the server's answers by path (signed out: the session is a 401). */
function server(answers: Record<string, { status: number; body: unknown }>) {
  const calls: Array<{ path: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = input.split('?')[0];
      calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const answer = answers[path] ?? { status: 401, body: { success: false, code: 'auth/unauthenticated', message: 'Sign in.' } };
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

function renderLogin(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/login', Component: LoginPage },
      { path: '/dashboard', element: <h1>Dashboard</h1> },
    ],
    { initialEntries: [path] },
  );
  renderWithMantine(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  localStorage.clear();
  // The Sign In / Create Account switch measures itself; jsdom has no ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the login screen and single sign-on', () => {
  it('shows the enforcement refusal of a password and opens single sign-on with the e-mail typed', async () => {
    const calls = server({
      '/api/auth/sign-in': { status: 403, body: { success: false, code: 'auth/sso-required', message: SSO_ENFORCED_MESSAGE } },
    });
    renderLogin('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), 'nora@hospital.org');
    await user.type(screen.getByLabelText(/^Password/), 'right-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(SSO_ENFORCED_MESSAGE);
    expect(screen.getByRole('button', { name: 'Sign in with single sign-on' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText(/^Work e-mail/)).toHaveValue('nora@hospital.org');
    expect(calls.map((c) => c.path)).toContain('/api/auth/sign-in');
  });

  it('starts single sign-on for the e-mail typed and goes where the server says', async () => {
    const calls = server({
      '/api/auth/sso/start': { status: 200, body: { success: true, redirectUrl: 'https://login.hospital.org/authorize?state=s' } },
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, origin: 'http://localhost', assign });
    renderLogin('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in with single sign-on' }));
    const email = screen.getByLabelText(/^Work e-mail/);
    expect(email).toHaveFocus();
    await user.type(email, 'Nora@Hospital.org{Enter}');

    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://login.hospital.org/authorize?state=s'));
    expect(calls.find((c) => c.path === '/api/auth/sso/start')?.body).toEqual({ email: 'nora@hospital.org' });
  });

  it('names the refusal of a callback by its code', async () => {
    server({});
    renderLogin('/login?sso_error=email');
    expect(await screen.findByRole('alert')).toHaveTextContent(SSO_ERRORS.email);
  });

  it('after the password sign-in of a link, confirms the link, then goes on to the dashboard', async () => {
    const calls = server({
      '/api/auth/sign-in': {
        status: 200,
        body: {
          success: true,
          user: {
            id: 'u1',
            email: 'nora@hospital.org',
            firstName: null,
            lastName: null,
            status: 'active',
            currentOrganizationId: null,
            currentClinicId: null,
            emailVerified: true,
            createdAt: '2026-01-01T00:00:00.000Z',
          },
        },
      },
      '/api/auth/sso/link': { status: 200, body: { success: true } },
    });
    const router = renderLogin('/login?sso_link=link-token-of-the-callback');
    expect(await screen.findByText(SSO_LINK_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with single sign-on' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Email/), 'nora@hospital.org');
    await user.type(screen.getByLabelText(/^Password/), 'right-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await user.click(await screen.findByRole('button', { name: 'Link single sign-on' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(calls.find((c) => c.path === '/api/auth/sso/link')?.body).toEqual({ token: 'link-token-of-the-callback' });
  });
});
