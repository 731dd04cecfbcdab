import { Anchor, Button, Center, Paper, PasswordInput, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { signInBody } from '@clinic/domain/contracts/auth';
import { findPlan } from '@clinic/domain/rules/plans';
import { useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../api/session';
import { Banner } from '../../ui/Banner';
import { useZodForm } from '../../ui/use-zod-form';
import { useSignIn } from './api/sign-in';
import { useSignUp } from './api/sign-up';
import { authErrorMessage } from './auth-error';
import { OrganizationSetup } from './OrganizationSetup';
import { ForgotPasswordForm, ResetPasswordForm, SecondFactorForm } from './SignInSteps';
import { ApiError } from '../../api/client';

type Mode = 'signIn' | 'signUp';

/** /login: sign in or create an account; a new account continues to the organization setup step. */
export function LoginPage() {
  const session = useSession();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const signUp = useSignUp();
  const invite = params.get('invite');
  const [mode, setMode] = useState<Mode>(invite ? 'signUp' : 'signIn');
  const form = useZodForm({ schema: signInBody, initialValues: { email: '', password: '' } });
  const [error, setError] = useState<string | null>(null);
  const submitting = form.submitting;
  const [step, setStep] = useState<'credentials' | 'setup'>('credentials');
  // After a right password of an account with two-factor sign-in: the token of its second step.
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const [view, setView] = useState<'credentials' | 'forgot' | 'reset'>(params.get('reset') ? 'reset' : 'credentials');
  const [notice, setNotice] = useState<string | null>(null);
  const from = (location.state as { from?: string } | null)?.from;
  // A plan chosen on /pricing (`?plan=`) carries on to billing once signed in.
  const plan = findPlan(params.get('plan'));
  const destination = plan ? `/billing?plan=${plan.id}` : from && from.startsWith('/') && !from.startsWith('/login') ? from : '/dashboard';

  if (step === 'credentials' && session.data && !submitting && view !== 'reset') return <Navigate to={destination} replace />;

  const submit = form.onSubmit(async ({ email, password }) => {
    setError(null);
    try {
      // Signs in or up, accepts the link's invitation if any, then re-reads the session.
      await (mode === 'signIn' ? signIn : signUp).mutateAsync({ email, password, invite });
      if (mode === 'signUp' && !invite) setStep('setup');
      else navigate(destination, { replace: true });
    } catch (err) {
      const token = err instanceof ApiError && err.code === 'auth/mfa-required' ? err.body.mfaToken : undefined;
      if (typeof token === 'string') setMfaToken(token);
      else setError(authErrorMessage(err));
    }
  });

  const panel = (content: ReactNode) => (
    <main>
      <Center mih="100vh" p="md" bg="gray.0">
        <Paper withBorder shadow="sm" p="xl" w="100%" maw={420} radius="md">
          {content}
        </Paper>
      </Center>
    </main>
  );
  const backToSignIn = () => {
    setMfaToken(null);
    setView('credentials');
    setMode('signIn');
  };
  if (mfaToken) {
    return panel(
      <SecondFactorForm mfaToken={mfaToken} invite={invite} onBack={backToSignIn} onDone={() => navigate(destination, { replace: true })} />,
    );
  }
  if (view === 'forgot') return panel(<ForgotPasswordForm onBack={backToSignIn} />);
  if (view === 'reset') {
    return panel(
      <ResetPasswordForm
        token={params.get('reset') ?? ''}
        onDone={(message) => {
          setNotice(message);
          backToSignIn();
          navigate('/login', { replace: true });
        }}
      />,
    );
  }

  if (step === 'setup') {
    return (
      <main>
        <Center mih="100vh" p="md" bg="gray.0">
          <OrganizationSetup onDone={() => navigate(plan ? destination : '/dashboard', { replace: true })} />
        </Center>
      </main>
    );
  }

  return (
    <main>
      <Center mih="100vh" p="md" bg="gray.0">
        <Paper withBorder shadow="sm" p="xl" w="100%" maw={420} radius="md">
          <form onSubmit={submit} noValidate={false}>
            <Stack>
              <Title order={1} ta="center" fz="h2">
                {mode === 'signIn' ? 'Sign In' : 'Create Account'}
              </Title>
              {invite && <Text size="sm">You have been invited to join an organization. Sign in or create an account to accept.</Text>}
              <SegmentedControl
                fullWidth
                value={mode}
                onChange={(v) => {
                  setMode(v as Mode);
                  setError(null);
                }}
                data={[
                  { label: 'Sign In', value: 'signIn' },
                  { label: 'Create Account', value: 'signUp' },
                ]}
                disabled={submitting}
                aria-label="Sign in or create an account"
              />
              <TextInput label="Email" type="email" required autoComplete="email" {...form.getInputProps('email')} disabled={submitting} />
              <PasswordInput
                label="Password"
                required
                minLength={6}
                autoComplete={mode === 'signIn' ? 'current-password' : 'new-password'}
                {...form.getInputProps('password')}
                disabled={submitting}
                visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the characters typed' }}
              />
              {mode === 'signIn' && (
                <Anchor component="button" type="button" size="sm" ta="right" onClick={() => setView('forgot')}>
                  Forgot password?
                </Anchor>
              )}
              {notice && <Banner tone="success">{notice}</Banner>}
              {error && <Banner>{error}</Banner>}
              <Button type="submit" loading={submitting} fullWidth>
                {mode === 'signIn' ? 'Sign In' : 'Create Account'}
              </Button>
              <Text size="sm" ta="center">
                New to ClinicFlow?{' '}
                <Anchor component={Link} to="/pricing">
                  View pricing
                </Anchor>
              </Text>
            </Stack>
          </form>
        </Paper>
      </Center>
    </main>
  );
}
