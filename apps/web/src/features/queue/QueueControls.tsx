import { Badge, Button, Group, Switch } from '@mantine/core';
import { memo } from 'react';

/** Whether live updates are flowing, the auto-refresh toggle (on by default) and the Refresh button. */
export const QueueControls = memo(function QueueControls({
  autoRefresh,
  onAutoRefresh,
  onRefresh,
  refreshing,
  live,
}: {
  autoRefresh: boolean;
  onAutoRefresh: (on: boolean) => void;
  onRefresh: () => void;
  refreshing: boolean;
  /** True while the event stream is open. */
  live: boolean;
}) {
  return (
    <Group gap="md">
      <Badge color={live ? 'green' : 'gray'} variant="dot" size="lg" tt="none">
        {live ? 'Live updates on' : 'Live updates off'}
      </Badge>
      <Switch label="Auto-refresh" checked={autoRefresh} onChange={(e) => onAutoRefresh(e.currentTarget.checked)} />
      <Button variant="default" onClick={onRefresh} loading={refreshing}>
        Refresh
      </Button>
    </Group>
  );
});
