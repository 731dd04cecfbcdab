import {
  alertsForScoring,
  defaultAlertPriority,
  deriveQueuePatient,
  entryLocation,
  erRiskLevel,
  isOpenQueueStatus,
  type ProtocolCategory,
  type QueueStatus,
  type QueueVitalSigns,
  type RiskAssessmentType,
  type TriageColor,
} from '@clinic/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../client.js';
import {
  emergencyAlerts,
  emergencyEntryDetails,
  emergencyFacilities,
  emergencyProtocolSteps,
  emergencyProtocols,
  emergencyRiskAssessments,
  massCasualtyEvents,
  massCasualtyPatients,
  patientVisits,
  queueEntries,
  type QueueEntryRow,
} from '../schema/index.js';

/**
 * The demo emergency room on a fresh `npm start`: the clinic's trauma level and beds, a catalogue
 * of protocols, every scoring of the seeded queue kept as risk-assessment history (with the alerts
 * the same rules raise), an active mass-casualty event with tagged patients, a parent noted for the
 * child in the queue, and today's emergency visits (one a readmission). Runs in the seed's tenant
 * transaction after `seedQueue`; scores come from the domain rules, never typed in.
 */

type Step = [description: string, seconds: number, critical?: boolean, staff?: string[], equipment?: string[]];
interface ProtocolSeed {
  name: string;
  category: ProtocolCategory;
  description: string;
  minutes: number;
  resources: string[];
  keywords: string[];
  steps: Step[];
}

const PROTOCOLS: ProtocolSeed[] = [
  {
    name: 'STEMI (ST-elevation myocardial infarction)',
    category: 'CARDIAC',
    description: 'Door-to-balloon pathway for suspected ST-elevation myocardial infarction.',
    minutes: 90,
    resources: ['12-lead ECG', 'Cardiac catheterization lab', 'Cardiology on call'],
    keywords: ['chest pain', 'chest tightness', 'stemi', 'heart attack'],
    steps: [
      ['12-lead ECG within 10 minutes of arrival', 600, true, ['Nurse'], ['ECG machine']],
      ['Aspirin 300 mg chewed unless contraindicated', 120, true, ['Nurse']],
      ['IV access, troponin, electrolytes, coagulation', 600, false, ['Nurse'], ['IV cannula']],
      ['Activate the catheterization lab', 300, true, ['Physician']],
      ['Anticoagulation as per cardiology', 300, false, ['Physician']],
    ],
  },
  {
    name: 'Acute stroke',
    category: 'NEUROLOGICAL',
    description: 'Code stroke: rapid assessment and imaging for thrombolysis or thrombectomy.',
    minutes: 60,
    resources: ['CT scanner', 'Stroke team', 'Thrombolytics'],
    keywords: ['stroke', 'facial droop', 'slurred speech', 'weakness on one side'],
    steps: [
      ['Note last known well time; FAST assessment', 300, true, ['Nurse']],
      ['Capillary glucose', 120, true, ['Nurse'], ['Glucometer']],
      ['Non-contrast CT head within 25 minutes', 1500, true, ['Radiographer'], ['CT scanner']],
      ['NIHSS by the stroke physician', 600, false, ['Physician']],
      ['Thrombolysis decision within 60 minutes of arrival', 900, true, ['Physician']],
    ],
  },
  {
    name: 'Sepsis (hour-1 bundle)',
    category: 'INFECTIOUS',
    description: 'Recognition and the hour-1 bundle for suspected sepsis.',
    minutes: 60,
    resources: ['Blood cultures', 'Broad-spectrum antibiotics', 'IV fluids'],
    keywords: ['sepsis', 'fever', 'confusion', 'rigors'],
    steps: [
      ['Lactate measurement', 300, true, ['Nurse']],
      ['Blood cultures before antibiotics', 600, true, ['Nurse'], ['Culture bottles']],
      ['Broad-spectrum antibiotics', 900, true, ['Physician', 'Nurse']],
      ['30 mL/kg crystalloid for hypotension or lactate of 4 or more', 1800, true, ['Nurse'], ['Infusion pump']],
      ['Vasopressors if hypotensive after fluids', 900, false, ['Physician']],
    ],
  },
  {
    name: 'Anaphylaxis',
    category: 'ALLERGY',
    description: 'Immediate management of anaphylaxis.',
    minutes: 30,
    resources: ['Adrenaline 1 mg/mL', 'Oxygen', 'IV fluids'],
    keywords: ['anaphylaxis', 'throat swelling', 'hives', 'allergic reaction'],
    steps: [
      ['Adrenaline 0.5 mg IM (adult), repeat after 5 minutes if needed', 60, true, ['Nurse']],
      ['High-flow oxygen, lie flat with legs raised', 120, true, ['Nurse'], ['Non-rebreather mask']],
      ['IV fluid bolus 500-1000 mL', 600, false, ['Nurse']],
      ['Observe for at least 6 hours', 21600, false, ['Nurse']],
    ],
  },
  {
    name: 'Major trauma',
    category: 'TRAUMA',
    description: 'Trauma team activation and primary survey (cABCDE).',
    minutes: 60,
    resources: ['Trauma bay', 'Blood bank', 'CT scanner', 'Trauma team'],
    keywords: ['serious injury', 'major trauma', 'collision', 'fall from height'],
    steps: [
      ['Activate the trauma team before arrival', 120, true, ['Charge nurse']],
      ['Control catastrophic haemorrhage', 180, true, ['Physician'], ['Tourniquet']],
      ['Airway with cervical spine protection', 300, true, ['Physician'], ['Airway trolley']],
      ['Two large-bore IV lines, major haemorrhage protocol if needed', 300, true, ['Nurse']],
      ['Whole-body CT when stable', 1800, false, ['Radiographer'], ['CT scanner']],
    ],
  },
  {
    name: 'Cardiac arrest (adult ALS)',
    category: 'CARDIAC',
    description: 'Advanced life support for adult cardiac arrest.',
    minutes: 30,
    resources: ['Defibrillator', 'Resuscitation trolley', 'Airway equipment'],
    keywords: ['cardiac arrest', 'unresponsive', 'not breathing'],
    steps: [
      ['Start CPR 30:2, call the resuscitation team', 30, true, ['Any staff']],
      ['Attach defibrillator, assess rhythm', 60, true, ['Nurse'], ['Defibrillator']],
      ['Shock if VF/pVT, resume CPR for 2 minutes', 120, true, ['Physician']],
      ['Adrenaline 1 mg IV every 3-5 minutes', 240, true, ['Nurse']],
      ['Treat reversible causes (4 Hs and 4 Ts)', 600, false, ['Physician']],
    ],
  },
  {
    name: 'Pediatric respiratory distress',
    category: 'PEDIATRIC',
    description: 'Assessment and escalation of a child in respiratory distress.',
    minutes: 45,
    resources: ['Pediatric airway equipment', 'Nebulizer', 'Pediatric team'],
    keywords: ['wheezing', 'trouble breathing', 'croup', 'respiratory distress'],
    steps: [
      ['Assess work of breathing, SpO2 and PEWS', 300, true, ['Nurse'], ['Pulse oximeter']],
      ['Oxygen to SpO2 94-98%', 120, true, ['Nurse']],
      ['Bronchodilator or nebulized adrenaline as indicated', 600, false, ['Physician'], ['Nebulizer']],
      ['Weight-based steroids', 300, false, ['Physician']],
      ['Escalate to pediatric intensive care if no improvement', 900, true, ['Physician']],
    ],
  },
  {
    name: 'Diabetic ketoacidosis (DKA)',
    category: 'METABOLIC',
    description: 'Fluid resuscitation and fixed-rate insulin for DKA.',
    minutes: 120,
    resources: ['Insulin infusion', 'IV fluids', 'Blood gas analyzer'],
    keywords: ['dka', 'ketoacidosis', 'high blood sugar', 'diabetic'],
    steps: [
      ['Capillary glucose and ketones, venous blood gas', 300, true, ['Nurse'], ['Blood gas analyzer']],
      ['0.9% saline 1 L over the first hour', 3600, true, ['Nurse'], ['Infusion pump']],
      ['Fixed-rate insulin 0.1 unit/kg/h', 600, true, ['Physician']],
      ['Potassium replacement by level', 600, false, ['Physician']],
      ['Hourly glucose and ketones', 3600, false, ['Nurse']],
    ],
  },
  {
    name: 'Hypoglycemia',
    category: 'METABOLIC',
    description: 'Treatment of low blood glucose.',
    minutes: 30,
    resources: ['Glucose 10%', 'Glucagon'],
    keywords: ['low blood sugar', 'hypoglycemia'],
    steps: [
      ['Capillary glucose', 60, true, ['Nurse'], ['Glucometer']],
      ['Oral glucose if alert, else IV glucose 10%', 300, true, ['Nurse']],
      ['Recheck glucose after 15 minutes', 900, false, ['Nurse']],
    ],
  },
  {
    name: 'Acute asthma',
    category: 'RESPIRATORY',
    description: 'Management of an acute asthma attack in an adult.',
    minutes: 60,
    resources: ['Nebulizer', 'Oxygen', 'Steroids'],
    keywords: ['asthma', 'inhaler', 'wheeze'],
    steps: [
      ['Peak flow, SpO2 and severity assessment', 300, true, ['Nurse']],
      ['Salbutamol 5 mg nebulized, oxygen-driven', 600, true, ['Nurse'], ['Nebulizer']],
      ['Ipratropium if severe', 300, false, ['Nurse']],
      ['Prednisolone 40 mg', 120, false, ['Physician']],
      ['Magnesium IV for life-threatening features', 1200, true, ['Physician']],
    ],
  },
  {
    name: 'Pulmonary embolism',
    category: 'RESPIRATORY',
    description: 'Risk stratification and treatment of suspected pulmonary embolism.',
    minutes: 90,
    resources: ['CT pulmonary angiography', 'Anticoagulants'],
    keywords: ['pulmonary embolism', 'shortness of breath', 'coughing blood'],
    steps: [
      ['Wells score and D-dimer if low probability', 600, false, ['Physician']],
      ['CT pulmonary angiography', 2700, true, ['Radiographer'], ['CT scanner']],
      ['Anticoagulation unless contraindicated', 600, true, ['Physician']],
      ['Thrombolysis for massive PE with shock', 900, true, ['Physician']],
    ],
  },
  {
    name: 'Seizure / status epilepticus',
    category: 'NEUROLOGICAL',
    description: 'Timed management of a prolonged seizure.',
    minutes: 30,
    resources: ['Benzodiazepines', 'Airway equipment'],
    keywords: ['seizure', 'convulsion', 'fit'],
    steps: [
      ['Protect the airway, oxygen, time the seizure', 60, true, ['Nurse']],
      ['Glucose check', 120, true, ['Nurse'], ['Glucometer']],
      ['Benzodiazepine at 5 minutes, repeat once', 300, true, ['Physician']],
      ['Second-line antiseizure drug at 20 minutes', 900, true, ['Physician']],
    ],
  },
  {
    name: 'Hypertensive emergency',
    category: 'CARDIAC',
    description: 'Controlled lowering of severely raised blood pressure with organ damage.',
    minutes: 60,
    resources: ['Arterial line', 'IV antihypertensives'],
    keywords: ['pounding headache', 'hypertensive', 'blood pressure'],
    steps: [
      ['Repeat blood pressure both arms; look for end-organ damage', 600, true, ['Nurse']],
      ['ECG, renal function, urinalysis', 900, false, ['Nurse']],
      ['IV labetalol or nicardipine: lower by no more than 25% in the first hour', 3600, true, ['Physician']],
    ],
  },
  {
    name: 'Acute abdomen',
    category: 'OTHER',
    description: 'Assessment of severe abdominal pain, including surgical causes.',
    minutes: 90,
    resources: ['Ultrasound', 'Surgical team'],
    keywords: ['abdominal pain', 'appendicitis'],
    steps: [
      ['Analgesia and pain score', 300, false, ['Nurse']],
      ['Bloods, pregnancy test where relevant, lactate', 600, true, ['Nurse']],
      ['Ultrasound or CT as indicated', 2700, false, ['Radiographer']],
      ['Surgical review', 1800, true, ['Surgeon']],
    ],
  },
  {
    name: 'Overdose and poisoning',
    category: 'TOXICOLOGY',
    description: 'Initial management of a suspected overdose.',
    minutes: 60,
    resources: ['Antidotes', 'Poison information line'],
    keywords: ['overdose', 'poisoning', 'ingestion'],
    steps: [
      ['ABCDE and glucose', 300, true, ['Nurse']],
      ['Identify substance, time and amount; call poison information', 600, true, ['Physician']],
      ['Paracetamol and salicylate levels, ECG', 900, false, ['Nurse']],
      ['Specific antidote (naloxone, acetylcysteine...)', 600, true, ['Physician']],
    ],
  },
  {
    name: 'Obstetric emergency',
    category: 'OBSTETRIC',
    description: 'Pregnant patient with bleeding, pain or reduced fetal movement.',
    minutes: 60,
    resources: ['Obstetric team', 'Fetal monitoring'],
    keywords: ['pregnancy', 'trimester', 'vaginal bleeding'],
    steps: [
      ['Left lateral tilt after 20 weeks; maternal observations', 300, true, ['Nurse']],
      ['Call the obstetric team', 120, true, ['Charge nurse']],
      ['Fetal heart monitoring', 1200, false, ['Midwife'], ['CTG monitor']],
    ],
  },
  {
    name: 'Hypothermia',
    category: 'ENVIRONMENTAL',
    description: 'Rewarming and monitoring of accidental hypothermia.',
    minutes: 120,
    resources: ['Forced-air warming', 'Warmed IV fluids'],
    keywords: ['hypothermia', 'cold exposure'],
    steps: [
      ['Core temperature, cardiac monitoring', 300, true, ['Nurse'], ['Low-reading thermometer']],
      ['Remove wet clothing, active external rewarming', 1800, true, ['Nurse'], ['Forced-air warmer']],
      ['Warmed IV fluids', 1800, false, ['Nurse']],
    ],
  },
];

const MINUTE = 60_000;
const DAY = 86_400_000;

/** A second, earlier reading of a seeded patient, so the trends have two points: as first measured at triage. */
function earlierReading(v: QueueVitalSigns): QueueVitalSigns {
  const shift = (n: number | null | undefined, by: number) => (typeof n === 'number' ? n + by : n);
  return {
    ...v,
    heartRate: shift(v.heartRate, -6),
    oxygenSaturation: typeof v.oxygenSaturation === 'number' ? Math.min(100, v.oxygenSaturation + 1) : v.oxygenSaturation,
    respiratoryRate: shift(v.respiratoryRate, -2),
    bloodPressure: v.bloodPressure
      ? { systolic: shift(v.bloodPressure.systolic, 6), diastolic: shift(v.bloodPressure.diastolic, 4) }
      : v.bloodPressure,
  };
}

/** Loads the demo emergency room; see the file's comment. */
export async function seedEmergency(
  tx: Tx,
  scope: { organizationId: string; clinicId: string },
  clinician: { userId: string },
  now = new Date(),
): Promise<void> {
  const { organizationId, clinicId } = scope;
  await tx
    .insert(emergencyFacilities)
    .values({ organizationId, clinicId, level: 'Level II Trauma Center', facilityCode: 'ER-DGH-001', bedCount: 12 });

  for (const p of PROTOCOLS) {
    const id = crypto.randomUUID();
    const updatedAt = new Date(now.getTime() - 30 * DAY);
    await tx.insert(emergencyProtocols).values({
      organizationId,
      id,
      name: p.name,
      category: p.category,
      description: p.description,
      estimatedMinutes: p.minutes,
      requiredResources: p.resources,
      keywords: p.keywords,
      createdAt: updatedAt,
      updatedAt,
    });
    await tx.insert(emergencyProtocolSteps).values(
      p.steps.map(([description, seconds, critical, staff, equipment], i) => ({
        organizationId,
        id: crypto.randomUUID(),
        protocolId: id,
        stepNumber: i + 1,
        description,
        durationSeconds: seconds,
        critical: critical ?? false,
        requiredStaff: staff ?? [],
        requiredEquipment: equipment ?? [],
      })),
    );
  }

  const entries = await tx
    .select()
    .from(queueEntries)
    .where(and(eq(queueEntries.organizationId, organizationId), eq(queueEntries.clinicId, clinicId)));
  const assessments: Array<typeof emergencyRiskAssessments.$inferInsert> = [];
  const alerts: Array<typeof emergencyAlerts.$inferInsert> = [];
  for (const e of entries) scoringsOf(e, clinician.userId, organizationId, assessments, alerts);
  if (assessments.length) await tx.insert(emergencyRiskAssessments).values(assessments);
  if (alerts.length) await tx.insert(emergencyAlerts).values(alerts);

  // The child in the queue came with a parent (the open entry: the history holds earlier visits of the same names).
  const byName = new Map(entries.filter((e) => isOpenQueueStatus(e.status as QueueStatus)).map((e) => [`${e.firstName} ${e.lastName}`, e]));
  const child = byName.get('Kevin Hill');
  if (child)
    await tx
      .insert(emergencyEntryDetails)
      .values({ organizationId, queueEntryId: child.id, parentPresent: true, weightKg: 27, updatedBy: clinician.userId });

  // An active mass-casualty event, its alert, and the first patients triaged to it.
  const eventId = crypto.randomUUID();
  const incidentAt = new Date(now.getTime() - 35 * MINUTE);
  await tx.insert(massCasualtyEvents).values({
    organizationId,
    id: eventId,
    clinicId,
    eventType: 'TRANSPORT_ACCIDENT',
    severity: 'HIGH',
    status: 'ACTIVE',
    expectedArrivals: 8,
    resourcesNeeded: ['Trauma bays', 'Blood bank (O negative)', 'Orthopedics on call', 'CT scanner'],
    incidentAt,
    declaredBy: clinician.userId,
    createdAt: new Date(incidentAt.getTime() + 5 * MINUTE),
    updatedAt: new Date(incidentAt.getTime() + 5 * MINUTE),
  });
  await tx.insert(emergencyAlerts).values({
    organizationId,
    id: crypto.randomUUID(),
    clinicId,
    type: 'MASS_CASUALTY',
    cause: 'MASS_CASUALTY',
    subjectId: eventId,
    severity: 'HIGH',
    priority: defaultAlertPriority('HIGH'),
    status: 'ACKNOWLEDGED',
    message: 'Mass casualty event declared: TRANSPORT_ACCIDENT, 8 expected arrivals.',
    massCasualtyEventId: eventId,
    raisedBy: clinician.userId,
    createdAt: new Date(incidentAt.getTime() + 5 * MINUTE),
    acknowledgedAt: new Date(incidentAt.getTime() + 7 * MINUTE),
    acknowledgedBy: clinician.userId,
    acknowledgeNote: 'Trauma bays 1-3 cleared',
  });
  const tagged: Array<[string, TriageColor]> = [
    ['Marcus Bell', 'YELLOW'],
    ['Tom Becker', 'GREEN'],
    ['Alex Scott', 'GREEN'],
  ];
  const tags = tagged.flatMap(([name, color], i) => {
    const e = byName.get(name);
    return e
      ? [
          {
            organizationId,
            id: crypto.randomUUID(),
            eventId,
            subjectId: e.patientId ?? e.id,
            queueEntryId: e.id,
            patientId: e.patientId,
            triageColor: color,
            taggedBy: clinician.userId,
            taggedAt: new Date(incidentAt.getTime() + (10 + i * 3) * MINUTE),
          },
        ]
      : [];
  });
  if (tags.length) await tx.insert(massCasualtyPatients).values(tags);

  // Today's emergency visits of two directory patients, one back within 30 days of a discharge.
  const returning = entries.filter((e) => e.patientId && e.status === 'completed').slice(0, 2);
  const visits = returning.flatMap((e, i) => {
    const at = e.endedAt ?? now;
    const rows: Array<typeof patientVisits.$inferInsert> = [
      {
        organizationId,
        id: crypto.randomUUID(),
        clinicId,
        patientId: e.patientId!,
        visitedAt: at,
        type: 'emergency',
        priority: 'high',
        doctor: 'Dr. Daniel Diaz',
        status: 'completed',
        symptoms: e.chiefComplaint,
        createdBy: clinician.userId,
      },
    ];
    if (i === 0) {
      rows.push({
        organizationId,
        id: crypto.randomUUID(),
        clinicId,
        patientId: e.patientId!,
        visitedAt: new Date(at.getTime() - 12 * DAY),
        type: 'urgent',
        priority: 'medium',
        doctor: 'Dr. Daniel Diaz',
        status: 'completed',
        symptoms: e.chiefComplaint,
        createdBy: clinician.userId,
      });
    }
    return rows;
  });
  if (visits.length) await tx.insert(patientVisits).values(visits);
}

/**
 * The scorings the app would have stored for a seeded entry (at check-in, then when its vitals
 * were recorded, once earlier at triage and once at the recorded time), and the alerts they raise:
 * resolved when care ended, acknowledged once care started, else still active.
 */
function scoringsOf(
  e: QueueEntryRow,
  clinicianId: string,
  organizationId: string,
  assessments: Array<typeof emergencyRiskAssessments.$inferInsert>,
  alerts: Array<typeof emergencyAlerts.$inferInsert>,
): void {
  const input = {
    status: 'waiting' as const,
    createdAt: e.createdAt,
    age: e.age,
    symptoms: e.symptoms,
    medicalHistory: e.medicalHistory,
    chiefComplaint: e.chiefComplaint,
  };
  const vitals = e.vitalSigns as QueueVitalSigns | null;
  const stages: Array<{ at: Date; type: RiskAssessmentType; vitals: QueueVitalSigns | null }> = [
    { at: e.createdAt, type: e.source === 'kiosk' ? 'KIOSK' : 'TRIAGE', vitals: null },
  ];
  if (vitals && e.vitalsRecordedAt) {
    stages.push({ at: new Date(e.vitalsRecordedAt.getTime() - 2 * MINUTE), type: 'VITALS', vitals: earlierReading(vitals) });
    stages.push({ at: e.vitalsRecordedAt, type: 'VITALS', vitals });
  }
  const raised = new Set<string>();
  for (const stage of stages) {
    const d = deriveQueuePatient(
      { ...input, vitalSigns: stage.vitals ? { ...stage.vitals, supplementalOxygen: e.supplementalOxygen } : null },
      stage.at,
    );
    assessments.push({
      organizationId,
      id: crypto.randomUUID(),
      clinicId: e.clinicId,
      queueEntryId: e.id,
      patientId: e.patientId,
      assessmentType: stage.type,
      riskScore: d.riskScore,
      riskLevel: erRiskLevel(d.riskScore),
      news2Score: d.news2?.score ?? null,
      riskFactors: d.riskFactors.map((f) => `${f.factor}: ${f.description}`),
      recommendations: d.recommendations.map((r) => r.title),
      vitals: stage.vitals ? { ...stage.vitals, supplementalOxygen: e.supplementalOxygen, painScore: e.painLevel } : null,
      assessedBy: stage.type === 'VITALS' || e.source !== 'kiosk' ? clinicianId : null,
      createdAt: stage.at,
    });
    for (const a of alertsForScoring(d)) {
      if (raised.has(a.type)) continue;
      raised.add(a.type);
      const ended = e.endedAt;
      alerts.push({
        organizationId,
        id: crypto.randomUUID(),
        clinicId: e.clinicId,
        type: a.type,
        cause: a.type,
        subjectId: e.patientId ?? e.id,
        severity: a.severity,
        priority: defaultAlertPriority(a.severity),
        status: ended ? 'RESOLVED' : e.startedAt ? 'ACKNOWLEDGED' : 'ACTIVE',
        message: a.message,
        patientId: e.patientId,
        queueEntryId: e.id,
        location: entryLocation('waiting', e.department),
        raisedBy: null,
        createdAt: stage.at,
        acknowledgedAt: e.startedAt,
        acknowledgedBy: e.startedAt ? clinicianId : null,
        resolvedAt: ended,
        resolvedBy: ended ? clinicianId : null,
        resolutionNote: ended ? 'Care completed' : null,
      });
    }
  }
}
