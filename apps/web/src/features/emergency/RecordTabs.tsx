import type { ErRiskAssessmentDto, VitalSignsRecordDto } from '@clinic/domain/contracts/emergency';
import { Group } from '@mantine/core';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { StatusChip } from '../../ui/StatusChip';
import { Sparkline, timeOf } from './display';

/** A tab's records as a named table of 25 rows a page. */
function RecordTable<T extends { id: string }>({
  label,
  columns,
  rows,
  emptyText,
  minWidth,
}: {
  label: string;
  columns: DataTableColumn<T>[];
  rows: T[];
  emptyText: string;
  minWidth: number;
}) {
  return <DataTable label={label} columns={columns} rows={rows} rowKey={(r) => r.id} emptyText={emptyText} minWidth={minWidth} pageSize={25} />;
}

const vitalsColumns: DataTableColumn<VitalSignsRecordDto>[] = [
  { key: 'patient', header: 'Patient', cell: (v) => v.patientName },
  {
    key: 'hr',
    header: 'Heart rate (BPM)',
    cell: (v) => (
      <Group gap={6} wrap="nowrap">
        {v.heartRate ?? '—'}
        <Sparkline values={v.trends.heartRate} label={`${v.patientName} heart rate`} />
      </Group>
    ),
  },
  {
    key: 'bp',
    header: 'Blood pressure',
    cell: (v) => (
      <Group gap={6} wrap="nowrap">
        {v.bloodPressure.systolic ?? '—'}/{v.bloodPressure.diastolic ?? '—'}
        <Sparkline values={v.trends.bloodPressure.map((b) => b.systolic)} label={`${v.patientName} systolic pressure`} />
      </Group>
    ),
  },
  { key: 'temp', header: 'Temperature (°F)', cell: (v) => v.temperature ?? '—' },
  {
    key: 'spo2',
    header: 'Oxygen saturation (%)',
    cell: (v) => (
      <Group gap={6} wrap="nowrap">
        {v.oxygenSaturation ?? '—'}
        <Sparkline values={v.trends.oxygenSaturation} label={`${v.patientName} oxygen saturation`} />
      </Group>
    ),
  },
  { key: 'rr', header: 'Respiratory rate', cell: (v) => v.respiratoryRate ?? '—' },
  { key: 'pain', header: 'Pain', cell: (v) => v.painScore ?? '—' },
  { key: 'gcs', header: 'GCS', cell: (v) => v.gcsScore ?? '—' },
  { key: 'news2', header: 'NEWS2', cell: (v) => v.news2Score ?? '—' },
  { key: 'time', header: 'Time', cell: (v) => timeOf(v.timestamp) },
];

/** Vital Signs: every record of the open entries, newest first, with trends. */
export const VitalsTab = ({ vitals }: { vitals: VitalSignsRecordDto[] }) => (
  <RecordTable label="Vital signs" columns={vitalsColumns} rows={vitals} emptyText="No vital signs recorded" minWidth={1000} />
);

const riskColumns: DataTableColumn<ErRiskAssessmentDto>[] = [
  { key: 'patient', header: 'Patient', cell: (a) => a.patientName ?? '—' },
  { key: 'type', header: 'Assessment', cell: (a) => a.assessmentType },
  { key: 'score', header: 'Risk score', cell: (a) => `${a.riskScore}/100`, sortValue: (a) => a.riskScore },
  { key: 'level', header: 'Level', cell: (a) => <StatusChip status={a.riskLevel} /> },
  { key: 'factors', header: 'Risk factors', cell: (a) => (a.riskFactors.length ? a.riskFactors.join('; ') : 'None') },
  { key: 'recommendations', header: 'AI recommendations', cell: (a) => (a.recommendations.length ? a.recommendations.join('; ') : 'None') },
  { key: 'by', header: 'Assessed by', cell: (a) => a.assessedBy },
  { key: 'time', header: 'Time', cell: (a) => timeOf(a.timestamp), sortValue: (a) => a.timestamp },
];

/** Risk Assessment: every stored scoring. */
export const RiskTab = ({ assessments }: { assessments: ErRiskAssessmentDto[] }) => (
  <RecordTable label="Risk assessments" columns={riskColumns} rows={assessments} emptyText="No risk assessments" minWidth={1100} />
);
