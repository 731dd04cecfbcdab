import { DEFAULT_VISIT_PLAN, addDays, isSeriousAdverseEvent, localDate, reportingDueDate, visitSchedule } from '@clinic/domain';
import type { Tx } from '../client.js';
import { clinicalTrials, patients, trialAdverseEvents, trialEnrollments, trialVisits, type NewPatientRow } from '../schema/index.js';

/**
 * The demo clinical trials: a Recruiting pediatric asthma trial (ages 6 to 17 years),
 * an Active adult hypertension trial and a Completed infant RSV trial (ages 6 to 24 months), a dozen
 * enrolments with their visit schedules (past visits mostly done, one missed), and adverse events
 * including one serious (a severe asthma exacerbation, its 15-day report clock running). Dates are
 * relative to the day of seeding; the data is fixed. Runs in the seed's tenant transaction.
 */

/** The children the pediatric trials enrol: first and last name, age in days at seeding. */
const CHILDREN: ReadonlyArray<[string, string, number, 'male' | 'female']> = [
  ['Lily', 'Moreno', 9 * 365 + 40, 'female'],
  ['Noah', 'Becker', 12 * 365 + 100, 'male'],
  ['Ava', 'Okafor', 7 * 365 + 12, 'female'],
  ['Ethan', 'Sato', 15 * 365 + 200, 'male'],
  ['Zoe', 'Lindqvist', 10 * 365 + 300, 'female'],
  ['Lucas', 'Dubois', 13 * 365 + 80, 'male'],
  ['Maya', 'Haddad', 8 * 365 + 150, 'female'],
  ['Leo', 'Kowalczyk', 2 * 365 + 30, 'male'],
  ['Isla', 'Fernandes', 2 * 365 + 100, 'female'],
];

interface SeedTrial {
  key: 'asthma' | 'hypertension' | 'rsv';
  title: string;
  phase: string;
  status: string;
  sponsor: string;
  principalInvestigator: string;
  startDaysAgo: number;
  endDaysFromNow: number;
  targetEnrollment: number;
  age: [number, number, 'years' | 'months'];
  indications: string[];
  interventions: string[];
  endpoints: string[];
  inclusionCriteria: string[];
  exclusionCriteria: string[];
  protocol: string;
  regulatoryApproval: string;
}

const TRIALS: readonly SeedTrial[] = [
  {
    key: 'asthma',
    title: 'Pediatric Asthma Control Study (PACS)',
    phase: 'Phase III',
    status: 'Recruiting',
    sponsor: 'Northwind Respiratory Research',
    principalInvestigator: 'Dr. Daniel Diaz',
    startDaysAgo: 200,
    endDaysFromNow: 500,
    targetEnrollment: 40,
    age: [6, 17, 'years'],
    indications: ['Moderate persistent asthma'],
    interventions: ['Once-daily inhaled corticosteroid/LABA combination', 'Placebo inhaler'],
    endpoints: ['Severe exacerbations over 24 weeks', 'Change in FEV1 from baseline'],
    inclusionCriteria: ['Physician-diagnosed asthma for at least 6 months', 'On a stable controller for 4 weeks'],
    exclusionCriteria: ['Cystic fibrosis or other chronic lung disease', 'Hospitalisation for asthma in the last month'],
    protocol: 'NWR-PACS-301',
    regulatoryApproval: 'IRB-2026-014 (approved)',
  },
  {
    key: 'hypertension',
    title: 'Adult Hypertension Outcomes Trial',
    phase: 'Phase II',
    status: 'Active',
    sponsor: 'Cardia Therapeutics',
    principalInvestigator: 'Dr. Daniel Diaz',
    startDaysAgo: 300,
    endDaysFromNow: 200,
    targetEnrollment: 12,
    age: [18, 80, 'years'],
    indications: ['Stage 1 hypertension'],
    interventions: ['CT-221 10 mg daily'],
    endpoints: ['Change in systolic blood pressure at week 12'],
    inclusionCriteria: ['Systolic 130 to 159 mmHg'],
    exclusionCriteria: ['Secondary hypertension', 'Pregnancy'],
    protocol: 'CT-221-02',
    regulatoryApproval: 'IRB-2025-102 (approved)',
  },
  {
    key: 'rsv',
    title: 'Infant RSV Vaccine Study',
    phase: 'Phase I',
    status: 'Completed',
    sponsor: 'Bluebird Vaccines',
    principalInvestigator: 'Dr. Daniel Diaz',
    startDaysAgo: 700,
    endDaysFromNow: -120,
    targetEnrollment: 2,
    age: [6, 24, 'months'],
    indications: ['RSV prevention'],
    interventions: ['BV-RSV candidate vaccine, two doses'],
    endpoints: ['Solicited reactions within 7 days', 'Neutralising antibody titres at day 28'],
    inclusionCriteria: ['Healthy infants 6 to 24 months old'],
    exclusionCriteria: ['Prior RSV vaccination', 'Immunodeficiency'],
    protocol: 'BV-RSV-101',
    regulatoryApproval: 'IRB-2024-077 (approved)',
  },
];

/** The enrolments: trial, patient (a child's index, or an adult of the directory as `adult:n`), days ago, group. */
const ENROLMENTS: ReadonlyArray<[SeedTrial['key'], number | `adult:${number}`, number, string]> = [
  ['asthma', 0, 170, 'Arm A'],
  ['asthma', 1, 150, 'Arm B'],
  ['asthma', 2, 120, 'Arm A'],
  ['asthma', 3, 90, 'Arm B'],
  ['asthma', 4, 60, 'Arm A'],
  ['asthma', 5, 30, 'Arm B'],
  ['asthma', 6, 5, 'Arm A'],
  ['hypertension', 'adult:0', 280, 'Treatment'],
  ['hypertension', 'adult:1', 250, 'Placebo'],
  ['hypertension', 'adult:2', 100, 'Treatment'],
  ['rsv', 7, 600, 'Vaccine'],
  ['rsv', 8, 560, 'Vaccine'],
];

/** The adverse events: trial, enrolment index, days ago, type, severity, relatedness, description, resolved, action. */
const EVENTS: ReadonlyArray<[number, number, string, string, string, string, boolean, string | null]> = [
  [
    1,
    4,
    'Severe asthma exacerbation',
    'Severe',
    'Possible',
    'Emergency visit with oral steroids after a viral illness.',
    false,
    'Oral prednisolone; study drug continued',
  ],
  [0, 40, 'Headache', 'Mild', 'Unlikely', 'Mild frontal headache for one day.', true, 'Paracetamol'],
  [3, 12, 'Oral thrush', 'Moderate', 'Probable', 'Oral candidiasis noted at week 12 visit.', false, 'Nystatin; rinse after inhaler'],
  [8, 60, 'Dizziness', 'Moderate', 'Possible', 'Light-headedness on standing in the first week.', true, 'Dose taken at night'],
  [10, 590, 'Injection site reaction', 'Mild', 'Definite', 'Redness 2 cm at the injection site, gone in 2 days.', true, 'None needed'],
];

/** Loads the demo trials, enrolments with visit schedules and adverse events. */
export async function seedClinicalTrials(
  tx: Tx,
  scope: { organizationId: string; clinicId: string; timeZone: string },
  doctorUserId: string,
  directory: readonly NewPatientRow[],
  now: Date,
): Promise<void> {
  const { organizationId, clinicId, timeZone } = scope;
  const today = localDate(timeZone, now);
  const trialIds = new Map<string, string>();
  for (const t of TRIALS) {
    const id = crypto.randomUUID();
    trialIds.set(t.key, id);
    const count = ENROLMENTS.filter((e) => e[0] === t.key).length;
    await tx.insert(clinicalTrials).values({
      organizationId,
      id,
      title: t.title,
      phase: t.phase,
      status: t.status,
      sponsor: t.sponsor,
      principalInvestigator: t.principalInvestigator,
      startDate: addDays(today, -t.startDaysAgo),
      endDate: addDays(today, t.endDaysFromNow),
      targetEnrollment: t.targetEnrollment,
      currentEnrollment: count,
      ageMin: t.age[0],
      ageMax: t.age[1],
      ageUnit: t.age[2],
      indications: t.indications,
      interventions: t.interventions,
      endpoints: t.endpoints,
      inclusionCriteria: t.inclusionCriteria,
      exclusionCriteria: t.exclusionCriteria,
      protocol: t.protocol,
      regulatoryApproval: t.regulatoryApproval,
      createdBy: doctorUserId,
      createdAt: new Date(now.getTime() - t.startDaysAgo * 86_400_000),
    });
  }
  const childIds: string[] = [];
  for (const [firstName, lastName, ageDays, gender] of CHILDREN) {
    const id = crypto.randomUUID();
    childIds.push(id);
    await tx.insert(patients).values({
      organizationId,
      clinicId,
      id,
      firstName,
      lastName,
      dateOfBirth: addDays(today, -ageDays),
      gender,
      phone: `(555) 014-${String(1000 + childIds.length).slice(-4)}`,
      status: 'active',
      medicalHistory: ageDays > 5 * 365 ? ['Asthma'] : [],
      emergencyContactName: `Parent of ${firstName}`,
      emergencyContactRelationship: 'parent',
      createdBy: doctorUserId,
    });
  }
  const adults = directory.filter((p) => p.status === 'active' && p.dateOfBirth);
  const enrolments: Array<{ id: string; trialId: string; patientId: string }> = [];
  for (const [n, [key, who, daysAgo, group]] of ENROLMENTS.entries()) {
    const id = crypto.randomUUID();
    const patientId = typeof who === 'number' ? childIds[who] : adults[Number(who.split(':')[1])].id!;
    const trialId = trialIds.get(key)!;
    const enrolled = addDays(today, -daysAgo);
    const completedTrial = key === 'rsv';
    await tx.insert(trialEnrollments).values({
      organizationId,
      id,
      trialId,
      patientId,
      screeningNumber: `${key.slice(0, 3).toUpperCase()}-${String(n + 1).padStart(3, '0')}`,
      enrollmentDate: enrolled,
      randomizationGroup: group,
      status: completedTrial ? 'Completed' : 'Active',
      enrolledBy: doctorUserId,
      createdAt: new Date(now.getTime() - daysAgo * 86_400_000),
    });
    const schedule = visitSchedule(DEFAULT_VISIT_PLAN, enrolled).map((v) => ({
      organizationId,
      enrollmentId: id,
      ...v,
      // Past visits were done on their day, except one missed Week 4 visit (the compliance report shows it).
      completedDate: v.scheduledDate <= today && !(n === 2 && v.visitName === 'Week 4') ? v.scheduledDate : null,
      completedBy: v.scheduledDate <= today ? doctorUserId : null,
    }));
    await tx.insert(trialVisits).values(schedule);
    enrolments.push({ id, trialId, patientId });
  }
  for (const [index, daysAgo, eventType, severity, relatedness, description, resolved, actionTaken] of EVENTS) {
    const e = enrolments[index];
    const date = addDays(today, -daysAgo);
    await tx.insert(trialAdverseEvents).values({
      organizationId,
      id: crypto.randomUUID(),
      trialId: e.trialId,
      patientId: e.patientId,
      eventType,
      severity,
      relatedness,
      description,
      eventDate: date,
      serious: isSeriousAdverseEvent(severity),
      reportingDueDate: reportingDueDate(severity, date),
      resolved,
      resolvedAt: resolved ? new Date(now.getTime() - (daysAgo - 2) * 86_400_000) : null,
      actionTaken,
      reportedBy: doctorUserId,
      createdAt: new Date(now.getTime() - daysAgo * 86_400_000),
    });
  }
}
