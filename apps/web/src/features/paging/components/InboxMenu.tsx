import type { PageDto } from '@clinic/domain/contracts/paging';
import { Anchor, Button, Group, Loader, ScrollArea, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { StatusChip } from '../../../ui/StatusChip';
import { TimeText } from '../../../ui/TimeText';
import { useAcknowledgePage } from '../api/mutations';
import { desktopPermission } from '../lib/page-alerts';
import { PRIORITY_LABELS, PRIORITY_TONES, pageSenderName } from '../lib/page-display';

const DIVIDER = { borderBottom: '1px solid var(--mantine-color-default-border)' };

/**
 * The pager's inbox: the member's open pages, newest first (priority, sender, message, time), each
 * with Acknowledge; a link to the paging screen; and, while the person has not chosen yet, the
 * offer to turn on desktop notifications (asked on that click only, as browsers require).
 */
export function InboxMenu({ pages, total, loading, onClose }: { pages: readonly PageDto[]; total: number; loading: boolean; onClose: () => void }) {
  const acknowledge = useAcknowledgePage();
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} size="sm">
          Open pages
        </Text>
        <Anchor component={Link} to="/paging" size="sm" onClick={onClose}>
          Open paging
        </Anchor>
      </Group>
      <DesktopNotificationsOffer />
      {acknowledge.isError && (
        <Text size="sm" c="red.9" role="alert">
          The page was not acknowledged: {acknowledge.error.message}
        </Text>
      )}
      {loading && <Loader size="sm" aria-label="Loading your pages" />}
      {!loading && pages.length === 0 && (
        <Text size="sm" c="gray.7">
          No open pages
        </Text>
      )}
      {pages.length > 0 && (
        <ScrollArea.Autosize mah={380} type="auto" scrollbars="y" offsetScrollbars="present">
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Your open pages">
            {pages.map((p, i) => (
              <Stack component="li" key={p.id} gap={4} pb="xs" style={i < pages.length - 1 ? DIVIDER : undefined}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <StatusChip status={p.priority} tone={PRIORITY_TONES[p.priority]} miw="max-content">
                    {PRIORITY_LABELS[p.priority]}
                  </StatusChip>
                  <Text size="xs" c="gray.7">
                    <TimeText value={p.createdAt} seconds={false} />
                  </Text>
                </Group>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {p.message}
                </Text>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="xs" c="gray.7">
                    From {pageSenderName(p)}
                    {p.callbackNumber ? ` · Call back: ${p.callbackNumber}` : ''}
                  </Text>
                  <Button
                    size="compact-sm"
                    onClick={() => acknowledge.mutate(p.id)}
                    loading={acknowledge.isPending && acknowledge.variables === p.id}
                    aria-label={`Acknowledge page: ${p.message}`}
                  >
                    Acknowledge
                  </Button>
                </Group>
              </Stack>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
      {total > pages.length && (
        <Text size="xs" c="gray.7">
          {total - pages.length} more on the paging screen
        </Text>
      )}
    </Stack>
  );
}

/** "Enable desktop notifications" while the browser has not asked yet; nothing once the person chose. */
function DesktopNotificationsOffer() {
  const [permission, setPermission] = useState(desktopPermission);
  if (permission !== 'default') return null;
  const ask = () => void Notification.requestPermission().then(setPermission, () => setPermission(desktopPermission()));
  return (
    <Button variant="light" size="compact-sm" onClick={ask}>
      Enable desktop notifications
    </Button>
  );
}
