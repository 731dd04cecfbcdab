import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useExportRecord } from '../api/export-record';

/** The right of access: the patient's record (Patient, visits, vital signs) downloaded as a FHIR R4 Bundle. */
export function ExportRecordCard({ patientId }: { patientId: string }) {
  const exportRecord = useExportRecord(patientId);
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Copy of the record
          </Title>
          <Button variant="light" onClick={() => exportRecord.mutate()} loading={exportRecord.isPending}>
            Export record (FHIR)
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          The patient&apos;s record, visits and vital signs as a FHIR R4 Bundle, for an access or copy request. Every export is recorded in the
          access history.
        </Text>
        {exportRecord.isError && <Alert color="red">{exportRecord.error.message}</Alert>}
      </Stack>
    </Card>
  );
}
