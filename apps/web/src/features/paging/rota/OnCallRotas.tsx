import type { OnCallRole } from '@clinic/domain/rules/paging';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { QueryState } from '../../../ui/QueryState';
import { useOnCallRotas, usePagingRecipients } from '../api/queries';
import { ON_CALL_ROLE_ORDER } from '../lib/recipients';
import { RotaEditor } from './RotaEditor';
import { RotaTables } from './RotaTables';

/**
 * The clinic's on-call rotas, one card per role that can be on call (Doctor and Nurse first): who is on call now (and
 * their backup), the weekly shifts and the overrides; with `canEdit` (Managers and above), an
 * Edit Rota button turns a card into its editor, saved whole.
 */
export function OnCallRotas({ canEdit = true }: { canEdit?: boolean }) {
  const rotas = useOnCallRotas();
  const recipients = usePagingRecipients();
  const [editing, setEditing] = useState<OnCallRole | null>(null);
  const names = useMemo(() => new Map((recipients.data ?? []).map((r) => [r.memberId, r.name])), [recipients.data]);
  return (
    <QueryState query={rotas} loadingLabel="Loading the on-call rotas">
      {(list) => (
        <Stack gap="md">
          {ON_CALL_ROLE_ORDER.map((role) => {
            const rota = list.find((r) => r.role === role);
            const now = rota?.now;
            return (
              <Card key={role} withBorder component="section" aria-labelledby={`rota-${role}`}>
                <Stack gap="sm">
                  <Group justify="space-between" align="center">
                    <Title order={3} id={`rota-${role}`}>
                      {role}
                    </Title>
                    {canEdit && editing !== role && (
                      <Button variant="light" onClick={() => setEditing(role)} aria-label={`Edit ${role} rota`}>
                        Edit Rota
                      </Button>
                    )}
                  </Group>
                  <Text>
                    {now
                      ? `On call now: ${now.primary.name}${now.backup ? `, backup ${now.backup.name}` : ', no backup'}`
                      : 'Nobody is on call now.'}
                  </Text>
                  {editing === role ? (
                    <RotaEditor role={role} rota={rota} members={recipients.data ?? []} onDone={() => setEditing(null)} />
                  ) : rota && (rota.shifts.length > 0 || rota.overrides.length > 0) ? (
                    <RotaTables role={role} shifts={rota.shifts} overrides={rota.overrides} names={names} />
                  ) : (
                    <Text c="gray.7">No rota yet.</Text>
                  )}
                </Stack>
              </Card>
            );
          })}
        </Stack>
      )}
    </QueryState>
  );
}
