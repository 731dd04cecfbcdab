import {
  ER_HIGH_RISK_FROM,
  IMMEDIATE_ATTENTION_ABOVE,
  entryLocation,
  entryWaitMinutes,
  erRiskLevel,
  isHighRiskLevel,
  predictedOutcome,
  startOfLocalDay,
  timeToTreatment,
  urgencyForScore,
  type ErPatientDto,
  type ErRiskAssessmentDto,
  type ErRiskLevel,
  type PediatricPatientDto,
  type QueueVitalSigns,
  type RiskAssessmentType,
  type VitalSignsRecordDto,
} from '@clinic/domain';
import { and, eq, gte, lt, or, sql } from 'drizzle-orm';
import { emergencyEntryDetails, emergencyRiskAssessments } from '../../db/schema/index.js';
import { openEntriesSubquery, queueEntrySubjects } from '../queue/index.js';
import { userNames, type EmergencyReader } from './emergency-scope.js';

/** Age below which an open entry is a pediatric patient. */
export const PEDIATRIC_UNDER = 18;
/** Readings of a patient drawn in a vital-signs trend. */
export const TREND_READINGS = 10;
/** Most vital-signs records and risk assessments one read returns. */
export const HISTORY_LISTED = 500;

/** The open entries of the request's clinic (all clinics without one), as the board's statements join them. */
const openEntries = ({ tx, tenant }: EmergencyReader) => openEntriesSubquery(tx, tenant.organizationId, tenant.clinicId);

/** An open entry the board lists, with what staff recorded about it (weight, parent present). */
export interface BoardEntry {
  id: string;
  patientId: string | null;
  firstName: string;
  lastName: string;
  queueNumber: number;
  status: string;
  department: string;
  chiefComplaint: string;
  age: number | null;
  riskScore: number;
  vitalSigns: unknown;
  createdAt: Date;
  startedAt: Date | null;
  weightKg: number | null;
  parentPresent: boolean | null;
}

/**
 * The open entries the board lists, in one statement: those at risk level HIGH or CRITICAL and
 * those of patients under 18 (the others are neither section's), with their entry details.
 */
export async function boardEntries(reader: EmergencyReader): Promise<BoardEntry[]> {
  const { tx, tenant } = reader;
  const open = openEntries(reader);
  // Every score HIGH or CRITICAL (`erRiskLevel`) is at least this; the sections apply the rule itself.
  const highFrom = Math.min(ER_HIGH_RISK_FROM, IMMEDIATE_ATTENTION_ABOVE + 1);
  return tx
    .select({ ...open._.selectedFields, weightKg: emergencyEntryDetails.weightKg, parentPresent: emergencyEntryDetails.parentPresent })
    .from(open)
    .leftJoin(
      emergencyEntryDetails,
      and(eq(emergencyEntryDetails.organizationId, tenant.organizationId), eq(emergencyEntryDetails.queueEntryId, open.id)),
    )
    .where(or(gte(open.riskScore, highFrom), lt(open.age, PEDIATRIC_UNDER)));
}

const fullName = (e: Pick<BoardEntry, 'firstName' | 'lastName'>) => `${e.firstName} ${e.lastName}`;

/** Open entries at risk level HIGH or CRITICAL: most at risk first, then the least time left to treatment. */
export function highRiskPatients(rows: BoardEntry[], now = new Date()): ErPatientDto[] {
  return rows
    .filter((r) => isHighRiskLevel(erRiskLevel(r.riskScore)))
    .map((r) => {
      const wait = entryWaitMinutes({ createdAt: r.createdAt, startedAt: r.startedAt }, now);
      const v = r.vitalSigns as QueueVitalSigns | null;
      return {
        id: r.id,
        patientId: r.patientId,
        patientName: fullName(r),
        queueNumber: r.queueNumber,
        riskScore: r.riskScore,
        riskLevel: erRiskLevel(r.riskScore),
        predictedOutcome: predictedOutcome(r.riskScore),
        timeToTreatment: timeToTreatment(r.riskScore, wait),
        waitTime: wait,
        location: entryLocation(r.status, r.department),
        chiefComplaint: r.chiefComplaint,
        vitalSigns: v
          ? {
              heartRate: v.heartRate ?? null,
              bloodPressure: { systolic: v.bloodPressure?.systolic ?? null, diastolic: v.bloodPressure?.diastolic ?? null },
              temperature: v.temperature ?? null,
              oxygenSaturation: v.oxygenSaturation ?? null,
            }
          : null,
        timestamp: r.createdAt.toISOString(),
      };
    })
    .sort((a, b) => b.riskScore - a.riskScore || (a.timeToTreatment ?? Infinity) - (b.timeToTreatment ?? Infinity));
}

/** Open entries of patients under 18, youngest first, with what staff recorded (weight, parent present). */
export function pediatricPatients(rows: BoardEntry[]): PediatricPatientDto[] {
  return rows
    .filter((r) => r.age !== null && r.age < PEDIATRIC_UNDER)
    .sort((a, b) => (a.age ?? 0) - (b.age ?? 0) || a.createdAt.getTime() - b.createdAt.getTime())
    .map((r) => ({
      id: r.id,
      patientId: r.patientId,
      patientName: fullName(r),
      age: r.age as number,
      weight: r.weightKg,
      chiefComplaint: r.chiefComplaint,
      pediatricScore: r.riskScore,
      parentPresent: r.parentPresent,
      location: entryLocation(r.status, r.department),
      priority: urgencyForScore(r.riskScore),
      timestamp: r.createdAt.toISOString(),
    }));
}

type Reading = QueueVitalSigns & { painScore?: number | null; weight?: number | null };
interface VitalsRow extends Record<string, unknown> {
  id: string;
  patient_id: string | null;
  queue_entry_id: string;
  patient_name: string;
  vitals: Reading | null;
  news2_score: number | null;
  created_at: string;
}

/**
 * Every vitals record of the open entries (the VITALS assessments, which carry the readings), newest
 * first, each with the trends of its patient's last readings up to it (oldest first): one
 * statement reads the newest readings (enough for the listed records' trends), only the columns
 * shown, with their patients' names.
 */
export async function vitalsRecords(reader: EmergencyReader): Promise<VitalSignsRecordDto[]> {
  const { tx, tenant } = reader;
  const open = openEntries(reader);
  const a = emergencyRiskAssessments;
  const { rows } = await tx.execute<VitalsRow>(sql`
    select ${a.id} as id, ${a.patientId} as patient_id, ${a.queueEntryId} as queue_entry_id, ${a.vitals} as vitals,
           ${a.news2Score} as news2_score, ${a.createdAt} as created_at,
           ${open.firstName} || ' ' || ${open.lastName} as patient_name
      from ${a} join ${open} on ${open.id} = ${a.queueEntryId}
     where ${a.organizationId} = ${tenant.organizationId} and ${a.assessmentType} = 'VITALS'
     order by ${a.createdAt} desc, ${a.id} desc
     limit ${HISTORY_LISTED * 4}`);
  const readings = rows.filter((r): r is VitalsRow & { vitals: Reading } => !!r.vitals).reverse();
  const listedFrom = Math.max(0, readings.length - HISTORY_LISTED);
  const history = new Map<string, Reading[]>();
  const out: VitalSignsRecordDto[] = [];
  readings.forEach((r, i) => {
    const v = r.vitals;
    let seen = history.get(r.queue_entry_id);
    if (!seen) history.set(r.queue_entry_id, (seen = []));
    seen.push(v);
    if (seen.length > TREND_READINGS) seen.shift();
    if (i < listedFrom) return;
    out.push({
      id: r.id,
      patientId: r.patient_id,
      queueEntryId: r.queue_entry_id,
      patientName: r.patient_name,
      heartRate: v.heartRate ?? null,
      bloodPressure: { systolic: v.bloodPressure?.systolic ?? null, diastolic: v.bloodPressure?.diastolic ?? null },
      temperature: v.temperature ?? null,
      oxygenSaturation: v.oxygenSaturation ?? null,
      respiratoryRate: v.respiratoryRate ?? null,
      painScore: v.painScore ?? null,
      gcsScore: v.glasgowComaScale ?? null,
      weight: v.weight ?? null,
      news2Score: r.news2_score,
      trends: {
        heartRate: seen.map((h) => h.heartRate ?? null),
        bloodPressure: seen.map((h) => ({ systolic: h.bloodPressure?.systolic ?? null, diastolic: h.bloodPressure?.diastolic ?? null })),
        temperature: seen.map((h) => h.temperature ?? null),
        oxygenSaturation: seen.map((h) => h.oxygenSaturation ?? null),
      },
      timestamp: new Date(r.created_at).toISOString(),
    });
  });
  return out.reverse();
}

interface AssessmentRow extends Record<string, unknown> {
  id: string;
  patient_id: string | null;
  queue_entry_id: string;
  assessment_type: string;
  risk_score: number;
  risk_level: string;
  news2_score: number | null;
  risk_factors: string[];
  recommendations: string[];
  assessed_by: string | null;
  created_at: string;
  /** Of the open entries' patients; null for an entry closed since. */
  patient_name: string | null;
}

/**
 * The stored scorings of the open entries and of today's (clinic-local day), newest first, in one
 * statement with the names of the open entries' patients; the queue names the others (entries
 * closed since), in one more read when there are any. The rows are read as the driver gives them
 * (as the vitals are), not mapped column by column: 500 rows of 13 columns cost the board more in
 * the mapping than in the database.
 */
export async function riskAssessments(reader: EmergencyReader, now = new Date()): Promise<ErRiskAssessmentDto[]> {
  const { tx, tenant } = reader;
  const since = startOfLocalDay(tenant.timeZone, now);
  const openIds = openEntriesSubquery(tx, tenant.organizationId, tenant.clinicId, 'open_ids');
  const open = openEntries(reader);
  const a = emergencyRiskAssessments;
  const clinic = tenant.clinicId ? sql` and ${a.clinicId} = ${tenant.clinicId}` : sql``;
  const { rows: found } = await tx.execute<AssessmentRow>(sql`
    select listed.*, ${open.firstName} || ' ' || ${open.lastName} as patient_name
      from (select ${a.id} as id, ${a.patientId} as patient_id, ${a.queueEntryId} as queue_entry_id,
                   ${a.assessmentType} as assessment_type, ${a.riskScore} as risk_score, ${a.riskLevel} as risk_level,
                   ${a.news2Score} as news2_score, ${a.riskFactors} as risk_factors, ${a.recommendations} as recommendations,
                   ${a.assessedBy} as assessed_by, ${a.createdAt} as created_at
              from ${a}
             where ${a.organizationId} = ${tenant.organizationId}${clinic}
               and (${a.createdAt} >= ${since.toISOString()} or ${a.queueEntryId} in (select ${openIds.id} from ${openIds}))
             order by ${a.createdAt} desc, ${a.id} desc
             limit ${HISTORY_LISTED}) as listed
      left join ${open} on ${open.id} = listed.queue_entry_id
     order by listed.created_at desc, listed.id desc`);
  const patientNames = new Map(found.flatMap((f) => (f.patient_name === null ? [] : [[f.queue_entry_id, f.patient_name]])));
  const closed = found.map((f) => f.queue_entry_id).filter((id) => !patientNames.has(id));
  const [subjects, names] = await Promise.all([
    queueEntrySubjects(tx, tenant.organizationId, closed),
    userNames(
      tx,
      tenant.organizationId,
      found.map((f) => f.assessed_by),
    ),
  ]);
  for (const [id, subject] of subjects) patientNames.set(id, subject.name);
  // Every assessment has its entry (a foreign key); the guard keeps the type honest.
  return found.flatMap((row) => {
    const patientName = patientNames.get(row.queue_entry_id);
    if (patientName === undefined) return [];
    return [
      {
        id: row.id,
        patientId: row.patient_id,
        queueEntryId: row.queue_entry_id,
        patientName,
        assessmentType: row.assessment_type as RiskAssessmentType,
        riskScore: row.risk_score,
        riskLevel: row.risk_level as ErRiskLevel,
        news2Score: row.news2_score,
        riskFactors: row.risk_factors,
        recommendations: row.recommendations,
        assessedBy: row.assessed_by ? (names.get(row.assessed_by) ?? 'Staff') : row.assessment_type === 'KIOSK' ? 'Kiosk' : 'System',
        timestamp: new Date(row.created_at).toISOString(),
      },
    ];
  });
}
