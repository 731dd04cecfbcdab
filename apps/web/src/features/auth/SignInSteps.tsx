import { forgotPasswordBody, mfaSignInBody, resetPasswordBody } from '@clinic/domain/contracts/account-security';
import { Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { issueMessagesOf } from '../../api/client';
import { Banner } from '../../ui/Banner';
import { IssueList } from '../../ui/IssueList';
import { useZodForm } from '../../ui/use-zod-form';
import { useCompleteMfa } from './api/complete-mfa';
import { useForgotPassword } from './api/forgot-password';
import { useLinkSso } from './api/link-sso';
import { useResetPassword } from './api/reset-password';
import { authErrorMessage } from './auth-error';

/** A sign-in step's form under its centred heading. */
function StepForm({ title, onSubmit, children }: { title: string; onSubmit: (event?: FormEvent<HTMLFormElement>) => void; children: ReactNode }) {
  return (
    <form onSubmit={onSubmit}>
      <Stack>
        <Title order={1} ta="center" fz="h2">
          {title}
        </Title>
        {children}
      </Stack>
    </form>
  );
}

/** The way back from a step to the sign-in form. */
function BackToSignIn({ onBack }: { onBack: () => void }) {
  return (
    <Anchor component="button" type="button" size="sm" onClick={onBack}>
      Back to sign in
    </Anchor>
  );
}

/** The second step of a sign-in: a code from the authenticator app, or a backup code. */
export function SecondFactorForm({
  mfaToken,
  invite,
  onDone,
  onBack,
}: {
  mfaToken: string;
  invite: string | null;
  onDone: () => void;
  onBack: () => void;
}) {
  const complete = useCompleteMfa();
  // The token is the step's, not typed: the form checks the code the way the server does.
  const form = useZodForm({ schema: mfaSignInBody.pick({ code: true }), initialValues: { code: '' } });
  const [error, setError] = useState<string | null>(null);
  const submit = form.onSubmit(({ code }) => {
    setError(null);
    complete.mutate({ mfaToken, code, invite }, { onSuccess: onDone, onError: (err) => setError(authErrorMessage(err)) });
  });
  return (
    <StepForm title="Two-Factor Authentication" onSubmit={submit}>
      <Text size="sm">Enter the 6-digit code from your authenticator app, or one of your backup codes.</Text>
      <TextInput label="Authentication code" required autoComplete="one-time-code" {...form.getInputProps('code')} disabled={complete.isPending} />
      {error && <Banner>{error}</Banner>}
      <Button type="submit" loading={complete.isPending} fullWidth>
        Verify
      </Button>
      <BackToSignIn onBack={onBack} />
    </StepForm>
  );
}

/** "Forgot password?": asks for a reset link; the answer is the same whatever the e-mail. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const forgot = useForgotPassword();
  const form = useZodForm({ schema: forgotPasswordBody, initialValues: { email: '' } });
  const [error, setError] = useState<string | null>(null);
  const submit = form.onSubmit(({ email }) => {
    setError(null);
    forgot.mutate(email, { onError: (err) => setError(authErrorMessage(err)) });
  });
  return (
    <StepForm title="Reset Password" onSubmit={submit}>
      <Text size="sm">Enter the e-mail of your account. We will send you a link to choose a new password.</Text>
      <TextInput label="Email" type="email" required autoComplete="email" {...form.getInputProps('email')} />
      {error && <Banner>{error}</Banner>}
      {forgot.data && (
        <Banner tone={forgot.data.mailConfigured ? 'success' : 'info'}>
          {forgot.data.mailConfigured
            ? forgot.data.message
            : "E-mail is not configured on this server, so no link can be sent. Ask your organization's administrator to create a reset link for you."}
        </Banner>
      )}
      <Button type="submit" loading={forgot.isPending} fullWidth>
        Send Reset Link
      </Button>
      <BackToSignIn onBack={onBack} />
    </StepForm>
  );
}

/** A reset link (`/login?reset=`): the new password, under the organization's policy. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: (message: string) => void }) {
  const reset = useResetPassword();
  // The token is the link's: the form checks the password the way the server does.
  const form = useZodForm({ schema: resetPasswordBody.pick({ newPassword: true }), initialValues: { newPassword: '' } });
  const [error, setError] = useState<{ message: string; issues: string[] } | null>(null);
  const submit = form.onSubmit(({ newPassword }) => {
    setError(null);
    reset.mutate(
      { token, newPassword },
      {
        onSuccess: (r) => onDone(r.message),
        onError: (err) =>
          setError({
            message: authErrorMessage(err),
            issues: issueMessagesOf(err, 'auth/password-policy'),
          }),
      },
    );
  });
  return (
    <StepForm title="Choose a New Password" onSubmit={submit}>
      <PasswordInput
        label="New password"
        required
        autoComplete="new-password"
        {...form.getInputProps('newPassword')}
        visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the characters typed' }}
      />
      {error && (
        <Banner>
          <IssueList issues={error.issues} fallback={error.message} />
        </Banner>
      )}
      <Button type="submit" loading={reset.isPending} fullWidth>
        Set New Password
      </Button>
    </StepForm>
  );
}

/**
 * After the password sign-in of a `/login?sso_link=` visit: links the identity provider's account
 * to this one, or not now; either way the sign-in then goes on. A link that failed (expired, used)
 * says why and leaves "Not now" to go on.
 */
export function SsoLinkStep({ token, onDone }: { token: string; onDone: () => void }) {
  const link = useLinkSso();
  const submit = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    link.mutate(token, { onSuccess: onDone });
  };
  return (
    <StepForm title="Link Single Sign-On" onSubmit={submit}>
      <Text size="sm">
        You are signed in. Link your account to your organization&apos;s single sign-on, so that you can sign in through its identity provider from
        now on?
      </Text>
      {link.isError && <Banner>{authErrorMessage(link.error)}</Banner>}
      <Button type="submit" fullWidth loading={link.isPending}>
        Link single sign-on
      </Button>
      <Button variant="default" fullWidth onClick={onDone} disabled={link.isPending}>
        Not now
      </Button>
    </StepForm>
  );
}
