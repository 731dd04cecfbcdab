import { sql } from 'drizzle-orm';
import type { DbHandle, Tx } from '../client.js';
import { patients, patientVisits, type NewPatientRow } from '../schema/index.js';

/**
 * The demo directory: 25 patients of the demo clinic with their visits. Dates are relative to the
 * day of seeding so that ages, "last visit" and "new this month" look current.
 */

type Seed = [
  first: string,
  last: string,
  dob: string,
  gender: 'male' | 'female' | 'other',
  status: 'active' | 'inactive' | 'discharged',
  bloodType: string | null,
  conditions: string[],
  allergies: string[],
  medications: string[],
  insurer: string | null,
];

const SEEDS: Seed[] = [
  [
    'John',
    'Smith',
    '1978-04-12',
    'male',
    'active',
    'O+',
    ['Hypertension', 'Type 2 diabetes'],
    ['Penicillin'],
    ['Lisinopril 10 mg', 'Metformin 500 mg'],
    'Blue Cross Blue Shield',
  ],
  ['Sarah', 'Johnson', '1990-09-23', 'female', 'active', 'A+', ['Asthma'], ['Latex'], ['Albuterol inhaler'], 'Aetna'],
  [
    'Michael',
    'Brown',
    '1965-01-30',
    'male',
    'active',
    'B+',
    ['Coronary artery disease', 'Hyperlipidemia'],
    [],
    ['Atorvastatin 40 mg', 'Aspirin 81 mg'],
    'Medicare',
  ],
  ['Emily', 'Davis', '2001-06-05', 'female', 'active', 'AB+', [], ['Peanuts', 'Shellfish'], ['EpiPen'], 'UnitedHealthcare'],
  [
    'David',
    'Wilson',
    '1952-11-18',
    'male',
    'discharged',
    'O-',
    ['COPD', 'Atrial fibrillation'],
    ['Sulfa drugs'],
    ['Warfarin 5 mg', 'Tiotropium'],
    'Medicare',
  ],
  ['Maria', 'Garcia', '1984-03-14', 'female', 'active', 'A-', ['Migraine'], [], ['Sumatriptan 50 mg'], 'Cigna'],
  ['James', 'Martinez', '1973-08-09', 'male', 'inactive', 'O+', ['Chronic back pain'], ['Codeine'], ['Ibuprofen 400 mg'], 'Kaiser Permanente'],
  ['Linda', 'Anderson', '1959-12-02', 'female', 'active', 'B-', ['Osteoarthritis', 'Hypothyroidism'], [], ['Levothyroxine 75 mcg'], 'Humana'],
  [
    'Robert',
    'Taylor',
    '1947-05-27',
    'male',
    'active',
    'A+',
    ['Congestive heart failure', 'Chronic kidney disease'],
    ['Iodine contrast'],
    ['Furosemide 40 mg', 'Carvedilol 12.5 mg'],
    'Medicare',
  ],
  ['Jennifer', 'Thomas', '1995-02-17', 'female', 'active', null, [], [], [], null],
  ['William', 'Moore', '1988-10-11', 'male', 'active', 'O+', ['Type 1 diabetes'], [], ['Insulin glargine', 'Insulin lispro'], 'Aetna'],
  [
    'Patricia',
    'Jackson',
    '1969-07-21',
    'female',
    'discharged',
    'AB-',
    ['Breast cancer (in remission)'],
    ['Morphine'],
    ['Tamoxifen 20 mg'],
    'Blue Cross Blue Shield',
  ],
  ['Christopher', 'White', '2010-03-08', 'male', 'active', 'A+', ['ADHD'], ['Amoxicillin'], ['Methylphenidate 18 mg'], 'Medicaid'],
  ['Elizabeth', 'Harris', '1981-01-25', 'female', 'active', 'O-', ['Depression', 'Anxiety'], [], ['Sertraline 50 mg'], 'Cigna'],
  ['Daniel', 'Clark', '1976-09-03', 'male', 'inactive', 'B+', ['Gout'], [], ['Allopurinol 100 mg'], 'UnitedHealthcare'],
  [
    'Barbara',
    'Lewis',
    '1944-04-19',
    'female',
    'active',
    'A-',
    ['Alzheimer disease', 'Hypertension'],
    ['Aspirin'],
    ['Donepezil 10 mg', 'Amlodipine 5 mg'],
    'Medicare',
  ],
  ['Matthew', 'Robinson', '1999-12-30', 'male', 'active', 'O+', [], ['Bee stings'], [], 'Oscar Health'],
  [
    'Susan',
    'Walker',
    '1962-06-14',
    'female',
    'active',
    'B+',
    ['Rheumatoid arthritis'],
    ['Sulfa drugs'],
    ['Methotrexate 15 mg weekly', 'Folic acid 1 mg'],
    'Humana',
  ],
  ['Joseph', 'Young', '1957-02-06', 'male', 'discharged', 'A+', ['Pneumonia (resolved)', 'Hypertension'], [], ['Losartan 50 mg'], 'Medicare'],
  ['Jessica', 'Allen', '1993-11-22', 'female', 'active', 'AB+', ['Pregnancy, second trimester'], [], ['Prenatal vitamins'], 'Kaiser Permanente'],
  ['Thomas', 'King', '1986-08-16', 'male', 'active', 'O-', ['Epilepsy'], ['Carbamazepine'], ['Levetiracetam 500 mg'], 'Blue Cross Blue Shield'],
  ['Karen', 'Wright', '1971-05-01', 'female', 'active', 'A+', ['Hyperlipidemia'], [], ['Rosuvastatin 10 mg'], 'Aetna'],
  ['Alex', 'Scott', '2004-10-09', 'other', 'active', 'B-', ['Eczema'], ['Nickel'], ['Hydrocortisone cream'], 'Oscar Health'],
  [
    'Nancy',
    'Lopez',
    '1950-03-28',
    'female',
    'inactive',
    'O+',
    ['Glaucoma', 'Type 2 diabetes'],
    ['Penicillin'],
    ['Latanoprost eye drops', 'Metformin 1000 mg'],
    'Medicare',
  ],
  ['Kevin', 'Hill', '2018-07-04', 'male', 'active', 'A-', ['Recurrent ear infections'], ['Eggs'], [], 'Medicaid'],
];

const STREETS = ['Oak Street', 'Maple Avenue', 'Pine Road', 'Cedar Lane', 'Elm Street', 'Birch Drive', 'Willow Way', 'Lakeview Terrace'];
const CITIES: Array<[string, string, string]> = [
  ['Springfield', 'CA', '90001'],
  ['Riverside', 'CA', '92501'],
  ['Fairview', 'CA', '94025'],
  ['Greenville', 'CA', '95947'],
];
const CONTACTS: Array<[string, string]> = [
  ['Spouse', 'Pat'],
  ['Parent', 'Chris'],
  ['Sibling', 'Jordan'],
  ['Child', 'Taylor'],
  ['Friend', 'Morgan'],
];
const DOCTORS = ['Dr. Daniel Diaz', 'Dr. Sarah Chen', 'Dr. Michael Rodriguez', 'Dr. Priya Patel'];

type VisitSeed = [type: string, priority: string, symptoms: string, diagnosis: string, treatment: string, notes: string];
const VISITS: VisitSeed[] = [
  [
    'routine',
    'low',
    'Annual check-up, no complaints',
    'Healthy, stable chronic conditions',
    'Continue current medications',
    'Follow up in 12 months',
  ],
  [
    'urgent',
    'medium',
    'Fever 101.8 F and productive cough for 3 days',
    'Acute bronchitis',
    'Supportive care, fluids, rest',
    'Return if shortness of breath develops',
  ],
  ['follow-up', 'low', 'Review of blood pressure log', 'Hypertension, controlled', 'Medication unchanged', 'Home readings within target'],
  [
    'emergency',
    'high',
    'Chest pain radiating to left arm, sweating',
    'Unstable angina ruled in',
    'Aspirin, nitroglycerin, cardiology consult',
    'Admitted for observation',
  ],
  [
    'urgent',
    'medium',
    'Twisted ankle playing basketball, swelling',
    'Grade II ankle sprain',
    'RICE, ankle brace, ibuprofen',
    'X-ray negative for fracture',
  ],
  [
    'emergency',
    'critical',
    'Difficulty breathing, wheezing not relieved by inhaler',
    'Acute asthma exacerbation',
    'Nebulised albuterol, oral steroids',
    'Observed 4 hours, discharged stable',
  ],
  [
    'follow-up',
    'medium',
    'Review of HbA1c results',
    'Diabetes, suboptimal control (HbA1c 8.1%)',
    'Metformin dose increased',
    'Dietitian referral made',
  ],
  ['routine', 'low', 'Vaccination visit', 'Immunisation', 'Influenza vaccine administered', 'No adverse reaction in 15 minutes'],
];

const DAY = 86_400_000;

/** Loads the demo patients and their visits into a clinic; runs inside the seed's tenant transaction. Returns the patients. */
export async function seedPatients(tx: Tx, organizationId: string, clinicId: string, createdBy?: string): Promise<NewPatientRow[]> {
  const now = Date.now();
  const patientRows: NewPatientRow[] = SEEDS.map((s, i) => {
    const [first, last, dob, gender, status, bloodType, conditions, allergies, medications, insurer] = s;
    const [city, state, zip] = CITIES[i % CITIES.length];
    const [relationship, contactFirst] = CONTACTS[i % CONTACTS.length];
    // Spread sign-ups over the past two years; the last few joined this month.
    const createdAt = new Date(now - (i < 22 ? (730 - i * 30) * DAY : (i - 21) * DAY));
    return {
      organizationId,
      clinicId,
      id: crypto.randomUUID(),
      firstName: first,
      lastName: last,
      email: `${first}.${last}@example.com`.toLowerCase(),
      phone: `(555) ${String(200 + i * 7).padStart(3, '0')}-${String(1000 + i * 337).slice(-4)}`,
      dateOfBirth: dob,
      gender,
      status,
      street: `${100 + i * 12} ${STREETS[i % STREETS.length]}`,
      city,
      state,
      zipCode: zip,
      country: 'USA',
      emergencyContactName: `${contactFirst} ${last}`,
      emergencyContactRelationship: relationship,
      emergencyContactPhone: `(555) ${String(600 + i * 5).padStart(3, '0')}-${String(2000 + i * 211).slice(-4)}`,
      bloodType,
      allergies,
      currentMedications: medications,
      medicalHistory: conditions,
      insuranceProvider: insurer,
      insuranceNumber: insurer ? `${insurer.replace(/[^A-Z]/g, '').slice(0, 3)}${String(48213570 + i * 7919)}` : null,
      createdBy: createdBy ?? null,
      updatedBy: createdBy ?? null,
      createdAt,
      updatedAt: createdAt,
      dischargedAt: status === 'discharged' ? new Date(now - (i + 3) * DAY) : null,
    };
  });
  await tx.insert(patients).values(patientRows);

  const visitRows = patientRows.flatMap((p, i) =>
    Array.from({ length: 1 + (i % 4) }, (_, k) => {
      const [type, priority, symptoms, diagnosis, treatment, notes] = VISITS[(i + k * 3) % VISITS.length];
      const daysAgo = 5 + i * 3 + k * 47;
      return {
        organizationId,
        id: crypto.randomUUID(),
        clinicId,
        patientId: p.id,
        visitedAt: new Date(now - daysAgo * DAY - (i % 8) * 3_600_000),
        type,
        priority,
        doctor: DOCTORS[(i + k) % DOCTORS.length],
        waitTimeMinutes: type === 'emergency' ? 0 : 10 + ((i * 7 + k * 11) % 50),
        status: 'completed',
        symptoms,
        diagnosis,
        treatment,
        notes,
        createdBy: createdBy ?? null,
        createdAt: new Date(now - daysAgo * DAY),
      };
    }),
  );
  await tx.insert(patientVisits).values(visitRows);
  return patientRows;
}

const FIRST_NAMES = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Karen',
  'Christopher',
  'Sarah',
  'Charles',
  'Lisa',
  'Daniel',
  'Nancy',
  'Matthew',
  'Sandra',
  'Anthony',
  'Betty',
  'Mark',
  'Ashley',
  'Donald',
  'Emily',
  'Steven',
  'Kimberly',
  'Andrew',
  'Margaret',
  'Paul',
  'Donna',
  'Joshua',
  'Michelle',
  'Kenneth',
  'Carol',
  'Kevin',
  'Amanda',
  'Brian',
  'Melissa',
  'Timothy',
  'Deborah',
  'Ronald',
  'Stephanie',
  'Jason',
  'Rebecca',
  'George',
  'Sharon',
  'Edward',
  'Laura',
  'Jeffrey',
  'Cynthia',
  'Ryan',
  'Amy',
];
const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Gomez',
  'Phillips',
  'Evans',
  'Turner',
  'Diaz',
  'Parker',
  'Cruz',
  'Edwards',
  'Collins',
  'Reyes',
  'Stewart',
  'Morris',
  'Morales',
  'Murphy',
  'Cook',
  'Rogers',
  'Gutierrez',
  'Ortiz',
  'Morgan',
  'Cooper',
  'Peterson',
  'Bailey',
  'Reed',
  'Kelly',
  'Howard',
  'Ramos',
  'Kim',
  'Cox',
  'Ward',
  'Richardson',
  'Watson',
  'Brooks',
  'Chavez',
  'Wood',
  'James',
  'Bennett',
  'Gray',
  'Mendoza',
  'Ruiz',
  'Hughes',
  'Price',
  'Alvarez',
  'Castillo',
  'Sanders',
  'Patel',
  'Myers',
  'Long',
  'Ross',
  'Foster',
  'Jimenez',
];

/**
 * Loads `count` synthetic patients (numbered `from`..`from + count - 1`, ids `{idPrefix}{n}`) into a
 * clinic in one INSERT ... SELECT over generate_series, and a visit for about half of them: the
 * data set of the scale tests and the benchmark. Names, phones, statuses and dates are spread
 * deterministically.
 */
export async function bulkInsertPatients(
  db: DbHandle,
  options: { organizationId: string; clinicId: string; count: number; from?: number; idPrefix?: string },
): Promise<void> {
  const { organizationId, clinicId, count } = options;
  const from = options.from ?? 1;
  const to = from + count - 1;
  const prefix = options.idPrefix ?? 'bulk-';
  const firstNames = sql`${`{${FIRST_NAMES.join(',')}}`}::text[]`;
  const lastNames = sql`${`{${LAST_NAMES.join(',')}}`}::text[]`;
  await db.execute(sql`
    insert into patients (
      organization_id, id, clinic_id, first_name, last_name, email, phone, date_of_birth, gender, status,
      street, city, state, zip_code, country, emergency_contact_name, emergency_contact_relationship,
      emergency_contact_phone, blood_type, allergies, current_medications, medical_history, created_at, updated_at)
    select ${organizationId}, ${prefix} || g, ${clinicId},
      (${firstNames})[1 + (g * 7) % ${FIRST_NAMES.length}],
      (${lastNames})[1 + (g * 13 + g / 97) % ${LAST_NAMES.length}],
      'patient' || g || '@example.com',
      '(' || (200 + (g * 37) % 800) || ') ' || substr(lpad(((g * 7919 + 12345) % 10000000)::text, 7, '0'), 1, 3)
        || '-' || substr(lpad(((g * 7919 + 12345) % 10000000)::text, 7, '0'), 4, 4),
      date '1930-01-01' + (g * 97) % 33000,
      (array['male','female','other'])[1 + g % 3],
      case g % 10 when 0 then 'discharged' when 1 then 'inactive' else 'active' end,
      (g % 9000 + 1) || ' Main Street', 'Springfield', 'CA', lpad((g % 99999)::text, 5, '0'), 'USA',
      'Contact ' || g, 'Spouse', '(555) 010-' || lpad((g % 10000)::text, 4, '0'),
      (array['A+','A-','B+','B-','AB+','AB-','O+','O-'])[1 + g % 8],
      case when g % 5 = 0 then array['Penicillin'] else '{}'::text[] end,
      case when g % 4 = 0 then array['Lisinopril 10 mg'] else '{}'::text[] end,
      case when g % 3 = 0 then array['Hypertension'] else '{}'::text[] end,
      now() - ((g * 7919) % 730) * interval '1 day',
      now() - ((g * 7919) % 730) * interval '1 day'
    from generate_series(${from}::int, ${to}::int) as g`);
  await db.execute(sql`
    insert into patient_visits (organization_id, id, clinic_id, patient_id, visited_at, type, priority, doctor, wait_time_minutes, status)
    select ${organizationId}, ${prefix} || 'v' || g, ${clinicId}, ${prefix} || g,
      now() - ((g * 31) % 365) * interval '1 day', 'routine', 'low', 'Dr. Bench', (g % 60), 'completed'
    from generate_series(${from}::int, ${to}::int) as g
    where (g + g / 60) % 2 = 0`);
}
