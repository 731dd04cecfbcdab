import { Anchor, Button, Center, Paper, PasswordInput, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { signInBody } from '@clinic/domain/contracts/auth';
import { SSO_LINK_MESSAGE } from '@clinic/domain/contracts/sso';
import { findPlan } from '@clinic/domain/rules/plans';
import { useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../api/session';
import { Banner } from '../../ui/Banner';
import { useZodForm } from '../../ui/use-zod-form';
import { useSignIn } from './api/sign-in';
import { useSignUp } from './api/sign-up';
import { authErrorMessage, isSsoEnforced } from './auth-error';
import { OrganizationSetup } from './OrganizationSetup';
import { ForgotPasswordForm, ResetPasswordForm, SecondFactorForm, SsoLinkStep } from './SignInSteps';
import { ApiError } from '../../api/client';
import { SsoOrganizationStart, SsoSignIn } from './SingleSignOn';
import { ssoErrorMessage } from './sso-messages';

type Mode = 'signIn' | 'signUp';

/**
 * /login: sign in or create an account; a new account continues to the organization setup step.
 * Single sign-on: the button that asks for the work e-mail, an organization's sign-in link
 * (`?sso=`), the callback's refusal (`?sso_error=`) and the link it left for an existing account
 * (`?sso_link=`), confirmed after that account's own password sign-in.
 */
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
  const [step, setStep] = useState<'credentials' | 'setup' | 'link'>('credentials');
  // After a right password of an account with two-factor sign-in: the token of its second step.
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const [view, setView] = useState<'credentials' | 'forgot' | 'reset'>(params.get('reset') ? 'reset' : 'credentials');
  const [notice, setNotice] = useState<string | null>(null);
  // Single sign-on: the organization of a sign-in link, the callback's refusal, the link it left.
  const ssoOrganization = params.get('sso');
  const ssoError = params.get('sso_error');
  const ssoLink = params.get('sso_link');
  const [usePassword, setUsePassword] = useState(false);
  const [sso, setSso] = useState({ open: false, email: '' });
  const from = (location.state as { from?: string } | null)?.from;
  // A plan chosen on /pricing (`?plan=`) carries on to billing once signed in.
  const plan = findPlan(params.get('plan'));
  const destination = plan ? `/billing?plan=${plan.id}` : from && from.startsWith('/') && !from.startsWith('/login') ? from : '/dashboard';

  // A visit with a link to confirm stays: the password sign-in is what proves the account is theirs.
  if (step === 'credentials' && session.data && !submitting && view !== 'reset' && !ssoLink) return <Navigate to={destination} replace />;

  // Signed in: a single sign-on waiting to be linked is confirmed first.
  const signedIn = () => (ssoLink ? setStep('link') : navigate(destination, { replace: true }));

  const submit = form.onSubmit(async ({ email, password }) => {
    setError(null);
    try {
      // Signs in or up, accepts the link's invitation if any, then re-reads the session.
      await (mode === 'signIn' ? signIn : signUp).mutateAsync({ email, password, invite, ssoLink });
      if (mode === 'signUp' && !invite) setStep('setup');
      else signedIn();
    } catch (err) {
      const token = err instanceof ApiError && err.code === 'auth/mfa-required' ? err.body.mfaToken : undefined;
      if (typeof token === 'string') setMfaToken(token);
      else setError(authErrorMessage(err));
      // The organization signs its members in with single sign-on only: its button, ready to go.
      if (isSsoEnforced(err)) setSso({ open: true, email });
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
      <SecondFactorForm
        mfaToken={mfaToken}
        invite={invite}
        onBack={backToSignIn}
        onDone={() => {
          setMfaToken(null);
          signedIn();
        }}
      />,
    );
  }
  if (step === 'link' && ssoLink) return panel(<SsoLinkStep token={ssoLink} onDone={() => navigate(destination, { replace: true })} />);
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

  const ssoNotice = ssoError ? <Banner>{ssoErrorMessage(ssoError)}</Banner> : null;
  if (ssoOrganization && !usePassword) {
    return panel(<SsoOrganizationStart organizationId={ssoOrganization} notice={ssoNotice} onPassword={() => setUsePassword(true)} />);
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
              {ssoNotice}
              {ssoLink && <Banner tone="info">{SSO_LINK_MESSAGE}</Banner>}
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
            </Stack>
          </form>
          <Stack mt="md">
            {mode === 'signIn' && !ssoLink && (
              <SsoSignIn
                open={sso.open}
                onOpen={() => setSso((s) => ({ open: !s.open, email: s.email || form.getValues().email }))}
                email={sso.email}
              />
            )}
            <Text size="sm" ta="center">
              New to ClinicFlow?{' '}
              <Anchor component={Link} to="/pricing">
                View pricing
              </Anchor>
            </Text>
          </Stack>
        </Paper>
      </Center>
    </main>
  );
}
