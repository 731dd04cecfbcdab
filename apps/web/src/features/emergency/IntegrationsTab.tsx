import type { IntegrationDto } from '@clinic/domain/contracts/emergency';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { TenantRef } from '../../api/tenant';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { StatusChip } from '../../ui/StatusChip';
import { TimeText } from '../../ui/TimeText';
import { useCheckIntegrations } from './api/check-integrations';
import { orNoData } from './display';

const columns: DataTableColumn<IntegrationDto>[] = [
  { key: 'name', header: 'Name', cell: (i) => i.name },
  { key: 'type', header: 'Type', cell: (i) => i.type },
  { key: 'status', header: 'Status', cell: (i) => <StatusChip status={i.status} /> },
  { key: 'configured', header: 'Configured', cell: (i) => (i.configured ? 'Yes' : 'No') },
  { key: 'check', header: 'Last check', cell: (i) => <TimeText value={i.lastCheck} date="numeric" fallback="Never" /> },
  { key: 'sync', header: 'Last sync', cell: (i) => <TimeText value={i.lastSync} date="numeric" fallback="Never" /> },
  { key: 'flow', header: 'Data flow', cell: (i) => i.dataFlow ?? '—' },
  { key: 'uptime', header: 'Uptime (7 days)', cell: (i) => orNoData(i.uptime, '%') },
  { key: 'errors', header: 'Errors (7 days)', cell: (i) => i.errorCount },
  { key: 'error', header: 'Last error', cell: (i) => i.lastError ?? '—' },
];

/**
 * Integration: each integration's status as the server's real connection checks found it, and
 * Check connections to check the configured ones now.
 */
export function IntegrationTab({ integrations, tenant }: { integrations: IntegrationDto[]; tenant: TenantRef }) {
  const check = useCheckIntegrations(tenant);
  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          A status is what the last connection check found at the system's FHIR address. Integrations are configured in Organization Settings.
        </Text>
        <Button onClick={() => check.mutate()} loading={check.isPending} disabled={!integrations.some((i) => i.configured)}>
          Check connections
        </Button>
      </Group>
      {check.isError && (
        <Alert color="red" title="Check failed">
          {check.error.message}
        </Alert>
      )}
      <DataTable label="Integrations" columns={columns} rows={integrations} rowKey={(i) => i.id} emptyText="No integrations" minWidth={1000} />
    </Stack>
  );
}
