import { Anchor, Button, Center, Paper, PasswordInput, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { signInBody } from '@clinic/domain/contracts/auth';
import { findPlan } from '@clinic/domain/rules/plans';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../api/session';
import { Banner } from '../../ui/Banner';
import { useZodForm } from '../../ui/use-zod-form';
import { useSignIn } from './api/sign-in';
import { useSignUp } from './api/sign-up';
import { authErrorMessage } from './auth-error';
import { OrganizationSetup } from './OrganizationSetup';

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
  const from = (location.state as { from?: string } | null)?.from;
  // A plan chosen on /pricing (`?plan=`) carries on to billing once signed in.
  const plan = findPlan(params.get('plan'));
  const destination = plan ? `/billing?plan=${plan.id}` : from && from.startsWith('/') && !from.startsWith('/login') ? from : '/dashboard';

  if (step === 'credentials' && session.data && !submitting) return <Navigate to={destination} replace />;

  const submit = form.onSubmit(async ({ email, password }) => {
    setError(null);
    try {
      // Signs in or up, accepts the link's invitation if any, then re-reads the session.
      await (mode === 'signIn' ? signIn : signUp).mutateAsync({ email, password, invite });
      if (mode === 'signUp' && !invite) setStep('setup');
      else navigate(destination, { replace: true });
    } catch (err) {
      setError(authErrorMessage(err));
    }
  });

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
