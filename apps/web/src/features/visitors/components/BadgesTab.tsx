import { isBadgeNumber } from '@clinic/domain/rules/visitors';
import { Anchor, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Banner } from '../../../ui/Banner';
import { QueryState } from '../../../ui/QueryState';
import { useVerifyBadge } from '../api/verify-badge';
import { ActiveBadges } from './ActiveBadges';

/** The Badges tab: verify a number (as the badge's QR link opens it), then the active badges. */
export function BadgesTab({ initial, onView }: { initial: string | null; onView: (id: string) => void }) {
  const [typed, setTyped] = useState(initial ?? '');
  const [checking, setChecking] = useState<string | null>(initial && isBadgeNumber(initial.toUpperCase()) ? initial.toUpperCase() : null);
  const verification = useVerifyBadge(checking);
  const onVerify = (event: FormEvent) => {
    event.preventDefault();
    setChecking(typed.trim().toUpperCase());
  };
  return (
    <Stack gap="lg">
      <form onSubmit={onVerify}>
        <Group align="flex-end">
          <TextInput label="Badge Number" placeholder="VA1234" value={typed} onChange={(e) => setTyped(e.currentTarget.value)} />
          <Button type="submit">Verify Badge</Button>
        </Group>
      </form>
      {checking && (
        <QueryState query={verification} errorMessage={(e) => (e.message.includes('not found') ? `No badge ${checking}` : e.message)}>
          {(r) => (
            <Banner tone={r.valid ? 'success' : 'error'} title={r.valid ? `Badge ${checking} is valid` : `Badge ${checking} is ${r.status}`}>
              {r.visitor.firstName} {r.visitor.lastName}, visiting {r.visitor.patientName}.{' '}
              <Anchor component="button" type="button" onClick={() => onView(r.visitor.id)}>
                View visitor
              </Anchor>
            </Banner>
          )}
        </QueryState>
      )}
      <Title order={2} fz="lg">
        Active Badges
      </Title>
      <ActiveBadges onView={onView} />
    </Stack>
  );
}
