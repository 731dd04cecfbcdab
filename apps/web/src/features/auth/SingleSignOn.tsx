import { ssoStartBody } from '@clinic/domain/contracts/sso';
import { Anchor, Button, Divider, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Banner } from '../../ui/Banner';
import { useZodForm } from '../../ui/use-zod-form';
import { useStartSso } from './api/start-sso';
import { authErrorMessage } from './auth-error';

/** The e-mail member of the start body: the form checks the address the way the server does. */
const byEmail = ssoStartBody.options[0];

/**
 * The sign-in form's single sign-on: a button that reveals the work e-mail and Continue, which
 * sends the browser to the identity provider of the organization claiming that e-mail's domain.
 * `open` and `email` belong to the login screen, which opens it (pre-filled) when a password
 * sign-in is refused because the organization signs its members in with single sign-on only.
 */
export function SsoSignIn({ open, onOpen, email }: { open: boolean; onOpen: () => void; email: string }) {
  const regionId = useId();
  return (
    <Stack gap="sm">
      <Divider label="or" labelPosition="center" />
      <Button variant="default" fullWidth aria-expanded={open} aria-controls={regionId} onClick={onOpen}>
        Sign in with single sign-on
      </Button>
      <div id={regionId}>{open && <SsoEmailForm key={email} email={email} />}</div>
    </Stack>
  );
}

function SsoEmailForm({ email }: { email: string }) {
  const start = useStartSso();
  const form = useZodForm({ schema: byEmail, initialValues: { email } });
  const input = useRef<HTMLInputElement>(null);
  // Revealed by a click (or a refused password): the next thing to do is typing the e-mail, or Continue.
  useEffect(() => input.current?.focus(), []);
  const submit = form.onSubmit((body) => start.mutate(body));
  return (
    <form onSubmit={submit} aria-label="Single sign-on">
      <Stack gap="sm">
        <TextInput
          ref={input}
          label="Work e-mail"
          description="We send you to your organization's identity provider."
          type="email"
          required
          autoComplete="email"
          {...form.getInputProps('email')}
          disabled={start.isPending || start.isSuccess}
        />
        {start.isError && <Banner>{authErrorMessage(start.error)}</Banner>}
        <Button type="submit" fullWidth loading={start.isPending || start.isSuccess}>
          Continue with single sign-on
        </Button>
      </Stack>
    </form>
  );
}

/**
 * An organization's sign-in link (`/login?sso=<organizationId>`): one button to its identity
 * provider, no e-mail needed; the password form stays one click away.
 */
export function SsoOrganizationStart({
  organizationId,
  notice,
  onPassword,
}: {
  organizationId: string;
  notice?: ReactNode;
  onPassword: () => void;
}) {
  const start = useStartSso();
  return (
    <Stack>
      <Title order={1} ta="center" fz="h2">
        Sign In
      </Title>
      <Text size="sm">Your organization signs you in through its identity provider.</Text>
      {notice}
      {start.isError && <Banner>{authErrorMessage(start.error)}</Banner>}
      <Button fullWidth loading={start.isPending || start.isSuccess} onClick={() => start.mutate({ organizationId })}>
        Continue with single sign-on
      </Button>
      <Anchor component="button" type="button" size="sm" onClick={onPassword}>
        Sign in with a password instead
      </Anchor>
    </Stack>
  );
}
