import { Code, SimpleGrid, Stack } from '@mantine/core';
import { Banner } from '../../../ui/Banner';

/** The backup codes of a new enrolment, shown once. */
export function BackupCodes({ codes }: { codes: string[] }) {
  return (
    <Stack>
      <Banner tone="success">
        Two-factor authentication is now on. Save these backup codes somewhere safe. Each works once, when you cannot use your authenticator app.
        They are shown only now.
      </Banner>
      <SimpleGrid cols={{ base: 2, sm: 5 }} component="ul" aria-label="Backup codes" style={{ listStyle: 'none', padding: 0 }}>
        {codes.map((c) => (
          <li key={c}>
            <Code>{c}</Code>
          </li>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
