import { Badge, Card, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { QueryState } from '../../../ui/QueryState';
import { useAccountSecurity } from '../api/get-account-security';
import { EnrolForm } from './EnrolForm';
import { BackupCodes } from './BackupCodes';
import { DisableForm } from './DisableForm';

/** The two-factor card: its state, then enrolment, the new backup codes, or turning it off. */
export function TwoFactorCard() {
  const security = useAccountSecurity();
  // Kept here: once confirmed, the state reads "on", and the codes must stay on screen until read.
  const [backupCodes, setBackupCodes] = useState<string[] | null>(null);
  return (
    <Card withBorder component="section" aria-labelledby="two-factor-title">
      <Stack>
        <Group justify="space-between">
          <Title order={2} fz="h3" id="two-factor-title">
            Two-Factor Authentication
          </Title>
          {security.data && (
            <Badge color="dark" variant="outline">
              {security.data.enabled ? 'On' : 'Off'}
            </Badge>
          )}
        </Group>
        {backupCodes ? (
          <BackupCodes codes={backupCodes} />
        ) : (
          <QueryState query={security}>
            {(mfa) => (mfa.enabled ? <DisableForm backupCodesLeft={mfa.backupCodesLeft} /> : <EnrolForm onConfirmed={setBackupCodes} />)}
          </QueryState>
        )}
      </Stack>
    </Card>
  );
}
