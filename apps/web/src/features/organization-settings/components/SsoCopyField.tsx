import { Button, Code, CopyButton, Group, Input } from '@mantine/core';

/**
 * A value to copy elsewhere (the redirect URI into the identity provider, a TXT record into DNS,
 * the sign-in link to the staff), named like a field: its label and description above, the value
 * wrapping anywhere, and a Copy button that keeps its width.
 */
export function SsoCopyField({
  label,
  description,
  value,
  copyLabel,
  testId,
}: {
  label: string;
  description: string;
  value: string;
  copyLabel: string;
  testId?: string;
}) {
  return (
    <Input.Wrapper label={label} description={description} labelElement="div">
      <Group gap="xs" wrap="nowrap" align="flex-start" mt={4}>
        <Code data-testid={testId} py={6} style={{ wordBreak: 'break-all', flex: 1 }}>
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button size="xs" variant="default" onClick={copy} style={{ flexShrink: 0 }}>
              {copied ? 'Copied' : copyLabel}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Input.Wrapper>
  );
}
