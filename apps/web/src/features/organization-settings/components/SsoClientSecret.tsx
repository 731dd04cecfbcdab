import { Button, Group, Input, PasswordInput, Text } from '@mantine/core';
import type { SsoForm } from '../sso-draft';

/**
 * The client secret, write-only: never shown, only whether one is saved. A secret typed replaces
 * the saved one; Remove takes it away on save (a public client with PKCE alone needs none).
 */
export function SsoClientSecret({ form, hasClientSecret }: { form: SsoForm; hasClientSecret: boolean }) {
  const { removeClientSecret } = form.getValues();
  if (hasClientSecret && removeClientSecret) {
    return (
      <Input.Wrapper label="Client secret" labelElement="div">
        <Group gap="sm" wrap="wrap" mt={4}>
          <Text size="sm">The saved client secret will be removed when you save.</Text>
          <Button size="xs" variant="default" onClick={() => form.setFieldValue('removeClientSecret', false)}>
            Keep Client Secret
          </Button>
        </Group>
      </Input.Wrapper>
    );
  }
  return (
    <Group align="flex-end" wrap="nowrap" gap="xs">
      <PasswordInput
        label="Client secret"
        description={
          hasClientSecret
            ? 'A client secret is saved. It is never shown again; enter a new one to replace it.'
            : 'The secret your identity provider issued for this client, if it issued one.'
        }
        autoComplete="new-password"
        visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the characters typed' }}
        {...form.getInputProps('clientSecret')}
        flex={1}
      />
      {hasClientSecret && (
        <Button
          variant="default"
          onClick={() => {
            form.setFieldValue('clientSecret', '');
            form.setFieldValue('removeClientSecret', true);
          }}
        >
          Remove Client Secret
        </Button>
      )}
    </Group>
  );
}
