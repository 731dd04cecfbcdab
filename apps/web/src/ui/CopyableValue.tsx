import { Button, Code, CopyButton, Group } from '@mantine/core';

/**
 * A value shown once to be copied (an accept link, a reset link, an API key's secret): the value in
 * a code block that wraps anywhere, and a Copy button that says "Copied" after.
 */
export function CopyableValue({ value, copyLabel, testId }: { value: string; copyLabel: string; testId?: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Code data-testid={testId} style={{ wordBreak: 'break-all' }}>
        {value}
      </Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button size="xs" variant="default" onClick={copy}>
            {copied ? 'Copied' : copyLabel}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
