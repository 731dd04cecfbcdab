import { deriveQueuePatient, localDate, type QueueStatus, type QueueVitalSigns } from '@clinic/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../client.js';
import { queueCounters, queueEntries, queueTransitions, type NewPatientRow } from '../schema/index.js';

/**
 * The demo clinic's queue as a fresh `npm start` shows it: people waiting with varied risk (some
 * above 80, with vitals), a few in care, and a few seen earlier today. Every time is relative to
 * the moment of seeding; scores come from the same rules the queue applies, never typed in.
 */

interface QueueSeed {
  /** A demo patient's "First Last", or a walk-in's name not in the directory. */
  name: string;
  age: number;
  gender: 'male' | 'female' | 'other';
  complaint: string;
  symptoms: string[];
  history?: string[];
  pain?: number;
  vitals?: QueueVitalSigns;
  /** Minutes before the seed that the person checked in. */
  arrived: number;
  /** In care (`started` minutes after arrival), or seen and done (`ended` minutes after arrival). */
  care?: { started: number; ended?: number; status?: QueueStatus };
  source?: 'kiosk' | 'staff';
}

const SEEDS: QueueSeed[] = [
  {
    name: 'Robert Taylor',
    age: 79,
    gender: 'male',
    complaint: 'Chest tightness and shortness of breath since this morning',
    symptoms: ['chest pain', 'shortness of breath'],
    history: ['Congestive heart failure', 'Chronic kidney disease'],
    pain: 7,
    vitals: {
      heartRate: 122,
      bloodPressure: { systolic: 88, diastolic: 54 },
      oxygenSaturation: 89,
      temperature: 99.1,
      respiratoryRate: 27,
      glasgowComaScale: 15,
    },
    arrived: 18,
  },
  {
    name: 'Barbara Lewis',
    age: 82,
    gender: 'female',
    complaint: 'New confusion and fever, per her daughter',
    symptoms: ['confusion', 'fever'],
    history: ['Alzheimer disease', 'Hypertension'],
    vitals: {
      heartRate: 114,
      bloodPressure: { systolic: 94, diastolic: 58 },
      oxygenSaturation: 92,
      temperature: 102.6,
      respiratoryRate: 24,
      glasgowComaScale: 13,
    },
    arrived: 34,
  },
  {
    name: 'Marcus Bell',
    age: 47,
    gender: 'male',
    complaint: 'Severe abdominal pain, lower right side',
    symptoms: ['abdominal pain', 'nausea'],
    pain: 8,
    vitals: { heartRate: 104, bloodPressure: { systolic: 148, diastolic: 92 }, oxygenSaturation: 97, temperature: 100.6, respiratoryRate: 20 },
    arrived: 41,
  },
  {
    name: 'Sarah Johnson',
    age: 36,
    gender: 'female',
    complaint: 'Wheezing not relieved by her inhaler',
    symptoms: ['wheezing', 'shortness of breath'],
    history: ['Asthma'],
    vitals: { heartRate: 108, oxygenSaturation: 93, respiratoryRate: 23, temperature: 98.9 },
    arrived: 12,
  },
  {
    name: 'Kevin Hill',
    age: 8,
    gender: 'male',
    complaint: 'Ear pain and fever for two days',
    symptoms: ['ear pain', 'fever'],
    history: ['Recurrent ear infections'],
    pain: 5,
    vitals: { heartRate: 118, temperature: 101.4, oxygenSaturation: 98 },
    arrived: 55,
  },
  {
    name: 'Luis Ortega',
    age: 63,
    gender: 'male',
    complaint: 'Dizziness and a pounding headache',
    symptoms: ['dizziness', 'headache'],
    history: ['Hypertension'],
    vitals: { heartRate: 88, bloodPressure: { systolic: 178, diastolic: 104 }, oxygenSaturation: 97 },
    arrived: 27,
  },
  {
    name: 'Emily Davis',
    age: 25,
    gender: 'female',
    complaint: 'Hives after lunch, no trouble breathing',
    symptoms: ['rash', 'itching'],
    arrived: 9,
    source: 'kiosk',
  },
  {
    name: 'Priya Shah',
    age: 29,
    gender: 'female',
    complaint: 'Migraine with light sensitivity',
    symptoms: ['headache'],
    history: ['Migraine'],
    pain: 6,
    arrived: 22,
    source: 'kiosk',
  },
  {
    name: 'Tom Becker',
    age: 52,
    gender: 'male',
    complaint: 'Cut on the left hand from a kitchen knife',
    symptoms: ['laceration'],
    pain: 4,
    arrived: 16,
    source: 'kiosk',
  },
  {
    name: 'Jennifer Thomas',
    age: 31,
    gender: 'female',
    complaint: 'Sore throat for three days',
    symptoms: ['sore throat'],
    pain: 3,
    arrived: 6,
    source: 'kiosk',
  },
  { name: 'Matthew Robinson', age: 26, gender: 'male', complaint: 'Mild cough, no fever', symptoms: ['cough'], arrived: 3, source: 'kiosk' },
  {
    name: 'Alex Scott',
    age: 22,
    gender: 'other',
    complaint: 'Itchy rash on both forearms',
    symptoms: ['rash'],
    history: ['Eczema'],
    arrived: 47,
    source: 'kiosk',
  },
  {
    name: 'Thomas King',
    age: 40,
    gender: 'male',
    complaint: 'Seizure at work, now awake and oriented',
    symptoms: ['seizure'],
    history: ['Epilepsy'],
    vitals: { heartRate: 96, bloodPressure: { systolic: 132, diastolic: 84 }, oxygenSaturation: 96, glasgowComaScale: 15 },
    arrived: 38,
    care: { started: 6 },
  },
  {
    name: 'Jessica Allen',
    age: 33,
    gender: 'female',
    complaint: 'Abdominal cramping, second trimester',
    symptoms: ['abdominal pain'],
    history: ['Pregnancy, second trimester'],
    pain: 5,
    vitals: { heartRate: 92, bloodPressure: { systolic: 118, diastolic: 76 }, oxygenSaturation: 99 },
    arrived: 29,
    care: { started: 11 },
  },
  {
    name: 'Maria Garcia',
    age: 42,
    gender: 'female',
    complaint: 'Migraine for two days',
    symptoms: ['headache', 'nausea'],
    history: ['Migraine'],
    pain: 6,
    arrived: 24,
    care: { started: 14 },
  },
  {
    name: 'William Moore',
    age: 38,
    gender: 'male',
    complaint: 'Low blood sugar episode at home',
    symptoms: ['dizziness'],
    history: ['Type 1 diabetes'],
    arrived: 190,
    care: { started: 15, ended: 55 },
  },
  {
    name: 'Karen Wright',
    age: 55,
    gender: 'female',
    complaint: 'Blood pressure check after a new medication',
    symptoms: [],
    arrived: 165,
    care: { started: 20, ended: 35 },
  },
  {
    name: 'Daniel Reyes',
    age: 19,
    gender: 'male',
    complaint: 'Sprained wrist playing football',
    symptoms: ['wrist pain'],
    pain: 5,
    arrived: 140,
    care: { started: 25, ended: 60 },
  },
  {
    name: 'Susan Walker',
    age: 64,
    gender: 'female',
    complaint: 'Shortness of breath on exertion',
    symptoms: ['shortness of breath'],
    history: ['Rheumatoid arthritis'],
    vitals: { heartRate: 102, oxygenSaturation: 91, respiratoryRate: 22 },
    arrived: 120,
    care: { started: 8, ended: 70, status: 'admitted' },
  },
];

const MINUTE = 60_000;

/**
 * Loads the demo queue into a clinic; runs inside the seed's tenant transaction after the demo
 * patients (entries of people in the directory link to them). `clinician` starts and assigns care.
 */
export async function seedQueue(
  tx: Tx,
  scope: { organizationId: string; clinicId: string; timeZone: string },
  clinician: { userId: string; memberId: string },
  directory: readonly NewPatientRow[],
  now = new Date(),
): Promise<void> {
  const byName = new Map(directory.map((p) => [`${p.firstName} ${p.lastName}`, p]));
  const numbers = new Map<string, number>();
  const ordered = [...SEEDS].sort((a, b) => b.arrived - a.arrived);
  for (const seed of ordered) {
    const createdAt = new Date(now.getTime() - seed.arrived * MINUTE);
    const startedAt = seed.care ? new Date(createdAt.getTime() + seed.care.started * MINUTE) : null;
    const endedAt = seed.care?.ended !== undefined ? new Date(createdAt.getTime() + seed.care.ended * MINUTE) : null;
    const status: QueueStatus = endedAt ? (seed.care?.status ?? 'completed') : startedAt ? 'in-progress' : 'waiting';
    const day = localDate(scope.timeZone, createdAt);
    // Shortly after local midnight some arrivals fall on yesterday, whose numbers the analytics
    // history seed gives from 1: those continue from 900 instead of colliding with it.
    const base = day === localDate(scope.timeZone, now) ? 0 : 900;
    const queueNumber = (numbers.get(day) ?? base) + 1;
    numbers.set(day, queueNumber);
    const [firstName, ...rest] = seed.name.split(' ');
    const patient = byName.get(seed.name);
    const { supplementalOxygen, ...vitals } = seed.vitals ?? {};
    const derived = deriveQueuePatient(
      {
        status,
        createdAt,
        startedAt,
        closedAt: startedAt ? null : endedAt,
        age: seed.age,
        symptoms: seed.symptoms,
        vitalSigns: seed.vitals ?? null,
        medicalHistory: seed.history ?? [],
        chiefComplaint: seed.complaint,
      },
      now,
    );
    const id = crypto.randomUUID();
    await tx.insert(queueEntries).values({
      organizationId: scope.organizationId,
      clinicId: scope.clinicId,
      id,
      queueDate: day,
      queueNumber,
      patientId: patient?.id ?? null,
      source: seed.source ?? 'staff',
      status,
      firstName,
      lastName: rest.join(' '),
      dateOfBirth: patient?.dateOfBirth ?? null,
      age: seed.age,
      gender: seed.gender,
      phone: patient?.phone ?? null,
      chiefComplaint: seed.complaint,
      symptoms: seed.symptoms,
      medicalHistory: seed.history ?? [],
      allergies: patient?.allergies ?? [],
      currentMedications: patient?.currentMedications ?? [],
      painLevel: seed.pain ?? null,
      vitalSigns: seed.vitals ? vitals : null,
      vitalsRecordedAt: seed.vitals ? new Date(createdAt.getTime() + 4 * MINUTE) : null,
      supplementalOxygen: supplementalOxygen ?? false,
      riskScore: derived.riskScore,
      news2Score: derived.news2?.score ?? null,
      assignedTo: startedAt ? clinician.memberId : null,
      assignedAt: startedAt,
      startedAt,
      startedBy: startedAt ? clinician.userId : null,
      endedAt,
      createdBy: seed.source === 'kiosk' ? null : clinician.userId,
      createdAt,
      updatedAt: endedAt ?? startedAt ?? createdAt,
    });
    const history: Array<{ action: string; from: QueueStatus | null; to: QueueStatus; at: Date }> = [
      { action: 'create', from: null, to: 'waiting', at: createdAt },
    ];
    if (startedAt) history.push({ action: 'start', from: 'waiting', to: 'in-progress', at: startedAt });
    if (endedAt) history.push({ action: status === 'admitted' ? 'admit' : 'complete', from: 'in-progress', to: status, at: endedAt });
    await tx.insert(queueTransitions).values(
      history.map((h) => ({
        organizationId: scope.organizationId,
        id: crypto.randomUUID(),
        entryId: id,
        action: h.action,
        fromStatus: h.from,
        toStatus: h.to,
        actorUserId: h.action === 'create' && seed.source === 'kiosk' ? null : clinician.userId,
        at: h.at,
      })),
    );
  }
  // The next check-in of each day continues after the seeded numbers.
  for (const [day, lastNumber] of numbers) {
    await tx
      .insert(queueCounters)
      .values({ organizationId: scope.organizationId, clinicId: scope.clinicId, day, lastNumber })
      .onConflictDoUpdate({
        target: [queueCounters.organizationId, queueCounters.clinicId, queueCounters.day],
        set: { lastNumber: sql`greatest(${queueCounters.lastNumber}, ${lastNumber})` },
      });
  }
}
