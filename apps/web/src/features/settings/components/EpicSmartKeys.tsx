import { Alert, Button, Code, CopyButton, Group, List, Stack, Text } from '@mantine/core';
import { QueryState } from '../../../ui/QueryState';
import { TimeText } from '../../../ui/TimeText';
import { useEpicSmart } from '../api/get-epic-smart';
import { useRotateEpicKey } from '../api/rotate-epic-key';

/**
 * SMART Backend Services: the JWK Set URL to register in Epic's app registration (with a copy
 * button), the organization's signing keys, and Rotate key (the old key stays published for an
 * hour, so sign-ins under way still verify).
 */
export function EpicSmartKeys() {
  const smart = useEpicSmart(true);
  const rotate = useRotateEpicKey();
  return (
    <QueryState query={smart} loadingLabel="Loading the signing keys">
      {({ jwksUrl, keys }) => (
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            JWK Set URL
          </Text>
          {jwksUrl ? (
            <>
              <Code block data-testid="epic-jwks-url" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
                {jwksUrl}
              </Code>
              <Group>
                <CopyButton value={jwksUrl}>
                  {({ copied, copy }) => (
                    <Button size="xs" variant="default" onClick={copy}>
                      {copied ? 'Copied' : 'Copy JWKS URL'}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </>
          ) : (
            <Text size="sm">This server does not know its public address: its operator sets PUBLIC_URL.</Text>
          )}
          <Text size="sm" c="dimmed">
            Register this URL (and the client ID) in your Epic app registration for backend services: Epic checks each sign-in of this server
            against these public keys.
          </Text>
          {keys.length === 0 ? (
            <Text size="sm">No signing key yet: one is made when the connection is saved.</Text>
          ) : (
            <List size="sm" aria-label="Signing keys">
              {keys.map((k) => (
                <List.Item key={k.kid}>
                  {k.algorithm} key {k.kid.slice(0, 12)}…, made <TimeText value={k.createdAt} date="numeric" />
                  {k.retiredAt ? (
                    <>
                      {', retired; published until '}
                      <TimeText value={k.publishedUntil} date="numeric" />
                    </>
                  ) : (
                    ', signs now'
                  )}
                </List.Item>
              ))}
            </List>
          )}
          <Group>
            <Button variant="default" size="xs" onClick={() => rotate.mutate()} disabled={rotate.isPending || keys.length === 0}>
              {rotate.isPending ? 'Rotating...' : 'Rotate key'}
            </Button>
          </Group>
          {rotate.isError && (
            <Alert color="red" title="Could not rotate the key">
              {rotate.error.message}
            </Alert>
          )}
        </Stack>
      )}
    </QueryState>
  );
}
