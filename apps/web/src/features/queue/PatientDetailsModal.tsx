import type { QueueEntryDto } from '@clinic/domain/contracts/queue';
import { news2Label } from '@clinic/domain/rules/news2';
import { URGENCY_LEVELS, type UrgencyLevel } from '@clinic/domain/rules/risk-levels';
import { Badge, Button, Divider, Group, List, Modal, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import type { TenantRef } from '../../api/tenant';
import { Banner } from '../../ui/Banner';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { FieldGrid } from '../../ui/FieldGrid';
import { TimeText } from '../../ui/TimeText';
import { UrgencyBadge } from '../../ui/UrgencyBadge';
import { EntryHistory } from './EntryHistory';
import type { CareOutcome, QueueEntryAction } from './api/queue-action';
import { ageLabel, genderLabel, minutesLabel, statusLabel } from './entry-display';
import { RecordVitalsForm } from './RecordVitalsForm';

const URGENCY_LABELS: Record<UrgencyLevel, string> = { emergency: 'Emergency', urgent: 'Urgent', high: 'High', medium: 'Medium', low: 'Low' };
const RATING_OPTIONS = [{ value: 'none', label: 'Not rated' }, ...[1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: `${n} of 5` }))];

/** The outcome Complete Care sends: the final priority, and the rating when one was chosen. */
const outcomeOf = (finalPriority: UrgencyLevel, rating: string): CareOutcome =>
  rating ? { finalPriority, rating: Number(rating) } : { finalPriority };

const ACTION_LABELS: Record<QueueEntryAction, string> = {
  complete: 'Complete Care',
  admit: 'Admit',
  'emergency-admit': 'Emergency Admit',
  cancel: 'Cancel Visit',
};

/** Which of the other actions an entry in this status allows (the domain's status machine). */
const ACTIONS_BY_STATUS: Record<string, QueueEntryAction[]> = {
  waiting: ['admit', 'emergency-admit', 'cancel'],
  'in-progress': ['complete', 'admit', 'emergency-admit'],
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <Title order={3} fz="md" mb={4} id={id}>
        {title}
      </Title>
      {children}
    </section>
  );
}

function Items({ items, empty }: { items: string[]; empty: string }) {
  return items.length ? (
    <List size="sm">
      {items.map((item, i) => (
        <List.Item key={`${item}-${i}`}>{item}</List.Item>
      ))}
    </List>
  ) : (
    <Text size="sm" c="gray.7">
      {empty}
    </Text>
  );
}

/** The four lists of an entry, in the order the dialog shows them. */
const ENTRY_LISTS = [
  ['Symptoms', 'symptoms'],
  ['Medical History', 'medicalHistory'],
  ['Allergies', 'allergies'],
  ['Current Medications', 'currentMedications'],
] as const satisfies ReadonlyArray<readonly [string, keyof QueueEntryDto]>;

const RISK_FACTOR_COLUMNS: DataTableColumn<QueueEntryDto['riskFactors'][number]>[] = [
  { key: 'factor', header: 'Risk factor', cell: (f) => f.factor },
  { key: 'severity', header: 'Severity', cell: (f) => f.severity },
  { key: 'detail', header: 'Detail', cell: (f) => f.description },
  { key: 'mitigation', header: 'Mitigation', cell: (f) => f.mitigation },
];

/** Everything known about one entry, with Start Care (when waiting), the other actions and Record Vitals. */
export function PatientDetailsModal({
  entry,
  tenant,
  onClose,
  onStartCare,
  starting,
  onAction,
  acting,
  actionError,
}: {
  entry: QueueEntryDto;
  tenant: TenantRef;
  onClose: () => void;
  onStartCare: () => void;
  starting: boolean;
  onAction: (action: QueueEntryAction, outcome?: CareOutcome) => void;
  acting: QueueEntryAction | null;
  actionError: string | null;
}) {
  const [finalPriority, setFinalPriority] = useState<UrgencyLevel>(entry.urgencyLevel);
  const [rating, setRating] = useState('none');
  const v = entry.vitalSigns;
  const bp = v?.bloodPressure;
  return (
    <Modal opened onClose={onClose} title={<Text fw={700}>{entry.patientName}</Text>} size="xl">
      <Stack gap="md">
        <Group gap="xs">
          <UrgencyBadge level={entry.urgencyLevel} />
          <Badge variant="outline" color="dark">
            Risk {entry.riskScore}%
          </Badge>
          {entry.news2 && (
            <Badge variant="outline" color="grape.9">
              {news2Label(entry.news2)}
            </Badge>
          )}
          <Badge variant="outline" color="dark">
            {statusLabel(entry.status)}
          </Badge>
        </Group>

        <Section title="Patient">
          <FieldGrid
            cols={{ base: 2, sm: 4 }}
            fields={[
              ['Queue number', `#${entry.queueNumber}`],
              ['Age', ageLabel(entry.age).replace('Age ', '')],
              ['Gender', genderLabel(entry.gender)],
              ['Waiting', minutesLabel(entry.waitTime)],
              ['Estimated time', minutesLabel(entry.estimatedTime)],
              ['Pain level', entry.painLevel === null ? 'Not given' : `${entry.painLevel} / 10`],
              ['Source', statusLabel(entry.source)],
              ['Checked in', <TimeText key="checked-in" value={entry.createdAt} />],
            ]}
          />
          <Text size="sm" mt="xs">
            <Text span fw={600}>
              Chief complaint:
            </Text>{' '}
            {entry.chiefComplaint}
          </Text>
        </Section>

        <Section title="Vital Signs">
          {v ? (
            <FieldGrid
              cols={{ base: 2, sm: 4 }}
              fields={[
                ['Heart rate', v.heartRate ?? '—'],
                ['Blood pressure', bp?.systolic ? `${bp.systolic}/${bp.diastolic ?? '—'}` : '—'],
                ['SpO2', v.oxygenSaturation ? `${v.oxygenSaturation}%` : '—'],
                ['Temperature', v.temperature ? `${v.temperature} °F` : '—'],
                ['Respiratory rate', v.respiratoryRate ?? '—'],
                ['GCS', v.glasgowComaScale ?? '—'],
                ['Supplemental oxygen', v.supplementalOxygen ? 'Yes' : 'No'],
              ]}
            />
          ) : (
            <Text size="sm" c="gray.7">
              No vital signs recorded yet.
            </Text>
          )}
        </Section>

        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {ENTRY_LISTS.map(([title, key]) => (
            <Section key={key} title={title}>
              <Items items={entry[key]} empty="None reported" />
            </Section>
          ))}
        </SimpleGrid>

        <Section title="Assessment">
          <Text size="sm">{entry.aiAssessment}</Text>
          <Text size="sm" c="gray.7">
            Clinical priority {entry.clinicalPriority} · AI confidence {Math.round(entry.aiConfidence * 100)}%
            {entry.news2 && !entry.news2.complete ? ' · NEWS2 from partial vital signs' : ''}
          </Text>
          {entry.riskFactors.length > 0 && (
            <DataTable
              label="Risk factors"
              columns={RISK_FACTOR_COLUMNS}
              rows={entry.riskFactors}
              rowKey={(f) => f.id}
              mt="xs"
              fz="sm"
              withTableBorder
            />
          )}
        </Section>

        <Section title="Recommendations">
          {entry.recommendations.length ? (
            <Stack gap="xs">
              {entry.recommendations.map((r) => (
                <div key={r.id}>
                  <Text size="sm" fw={600}>
                    {r.title}{' '}
                    <Badge size="xs" variant="outline" color="dark">
                      {r.priority}
                    </Badge>
                  </Text>
                  <Text size="sm">{r.description}</Text>
                  <Text size="xs" c="gray.7">
                    {r.rationale} · Evidence {r.evidenceLevel} · {r.source}
                  </Text>
                </div>
              ))}
            </Stack>
          ) : (
            <Text size="sm" c="gray.7">
              No recommendations
            </Text>
          )}
        </Section>

        {(entry.status === 'waiting' || entry.status === 'in-progress') && (
          <>
            <Divider />
            <Section title="Record Vitals">
              <RecordVitalsForm key={entry.id} entry={entry} tenant={tenant} />
            </Section>
          </>
        )}

        <Section title="Queue History">
          <EntryHistory entryId={entry.id} tenant={tenant} />
        </Section>

        {entry.status === 'in-progress' && (
          <Section title="Visit Outcome">
            <Group gap="sm" align="flex-end" wrap="wrap">
              <Select
                label="Final priority"
                description={`AI urgency: ${URGENCY_LABELS[entry.urgencyLevel]}`}
                data={URGENCY_LEVELS.map((l) => ({ value: l, label: URGENCY_LABELS[l] }))}
                value={finalPriority}
                onChange={(v) => setFinalPriority((v as UrgencyLevel | null) ?? entry.urgencyLevel)}
                allowDeselect={false}
                w={200}
              />
              <Select
                label="Patient rating"
                description="Optional, 1 to 5"
                data={RATING_OPTIONS}
                value={rating}
                onChange={(v) => setRating(v ?? 'none')}
                allowDeselect={false}
                w={200}
              />
            </Group>
          </Section>
        )}

        {actionError && <Banner>{actionError}</Banner>}
        <Group gap="sm">
          {entry.status === 'waiting' && (
            <Button onClick={onStartCare} loading={starting}>
              Start Care
            </Button>
          )}
          {(ACTIONS_BY_STATUS[entry.status] ?? []).map((action) => (
            <Button
              key={action}
              variant={action === 'emergency-admit' ? 'outline' : 'default'}
              color={action === 'emergency-admit' ? 'red' : undefined}
              onClick={() => onAction(action, action === 'complete' ? outcomeOf(finalPriority, rating) : undefined)}
              loading={acting === action}
              disabled={acting !== null && acting !== action}
            >
              {ACTION_LABELS[action]}
            </Button>
          ))}
        </Group>
      </Stack>
    </Modal>
  );
}
