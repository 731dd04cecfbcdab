import { sql, type SQL } from 'drizzle-orm';
import { boolean, customType, date, index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { clinics } from './organizations.js';
import { createdAt, organizationId, tenantForeignKey, tenantPrimaryKey, tenantRecord, textList, timestamptz, updatedAt } from './tenant-columns.js';

/**
 * A text column in the "C" collation. Search keys are lower-cased and compared byte-wise, so one
 * plain btree index serves both a prefix `LIKE 'abc%'` and `ORDER BY`, whatever the database's
 * default collation is.
 */
const searchKey = customType<{ data: string; driverData: string }>({
  dataType: () => 'text COLLATE "C"',
});

/** A generated search key: kept in step with the row by PostgreSQL itself. */
const generatedKey = (name: string, expression: SQL) => searchKey(name).notNull().generatedAlwaysAs(expression);

const active = sql`archived_at IS NULL`;

/** The columns of a search key's index: the key's range, then what a list sorts and filters the matches by. */
const searchKeyIndex = <C>(t: { organizationId: C; clinicId: C; searchName: C; id: C; status: C; createdAt: C }, key: C) =>
  [t.organizationId, t.clinicId, key, t.searchName, t.id, t.status, t.createdAt] as const;

/**
 * The patient directory. Rows are never deleted (no cascading deletes reach them, and the app role
 * has no DELETE grant): archiving sets `archived_at` and hides the row
 * from the directory (records are kept for at least 7 years).
 *
 * Search is by prefix over generated, lower-cased keys (full name "first last" and "last first",
 * e-mail, phone digits and reversed phone digits for "ends with"), each with a btree index that
 * leads with organization and clinic and covers only directory rows. That keeps a search of a
 * 100,000-patient organization to index range scans; see docs/performance.md. Each key's index
 * also carries the columns a list sorts and filters by (name, id, status, date added), so a
 * search finds, orders and counts its matches from the indexes alone and reads only the rows of
 * the page.
 */
export const patients = pgTable(
  'patients',
  {
    ...tenantRecord(),
    clinicId: text('clinic_id').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    phone: text('phone'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    gender: text('gender'),
    status: text('status').notNull().default('active'),
    street: text('street'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    country: text('country').notNull().default('USA'),
    emergencyContactName: text('emergency_contact_name'),
    emergencyContactRelationship: text('emergency_contact_relationship'),
    emergencyContactPhone: text('emergency_contact_phone'),
    bloodType: text('blood_type'),
    allergies: textList('allergies'),
    currentMedications: textList('current_medications'),
    medicalHistory: textList('medical_history'),
    insuranceProvider: text('insurance_provider'),
    insuranceNumber: text('insurance_number'),
    createdBy: text('created_by'),
    updatedBy: text('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    dischargedAt: timestamptz('discharged_at'),
    /** The latest `visited_at` of the patient's visits, kept by triggers on `patient_visits` (migration patient-last-visit). */
    lastVisitAt: timestamptz('last_visit_at'),
    /**
     * The patient as the API returns it, the JSON text `db/patient-json.ts` describes, written
     * by a row trigger on every insert and update (migration patient-dto-json): a page of the
     * directory sends its rows' texts as they are. Never null once stored (the trigger runs before
     * the row is); nullable here because the application never writes it.
     */
    dtoJson: text('dto_json'),
    archivedAt: timestamptz('archived_at'),
    archivedBy: text('archived_by'),
    // Where an admitted patient is (the facility directory); null while not in a room.
    careDepartment: text('care_department'),
    floor: text('floor'),
    roomNumber: text('room_number'),
    /** The patient asked to be left out of the facility directory: visitors are sent to the front desk. */
    directoryOptOut: boolean('directory_opt_out').notNull().default(false),
    /**
     * When an erasure (`POST /api/gdpr/erase`) restricted the processing of this record: its contact
     * fields were removed and the medical record is only kept for the retention period.
     */
    processingRestrictedAt: timestamptz('processing_restricted_at'),
    processingRestrictedBy: text('processing_restricted_by'),
    searchName: generatedKey('search_name', sql`lower(first_name || ' ' || last_name)`),
    searchNameReversed: generatedKey('search_name_reversed', sql`lower(last_name || ' ' || first_name)`),
    /** The start of the reversed name (the last name's first 3 characters), a key of its own so that row level security lets an index use it. */
    searchLastNameStart: generatedKey('search_last_name_start', sql`left(lower(last_name || ' ' || first_name), 3)`),
    searchEmail: generatedKey('search_email', sql`lower(coalesce(email, ''))`),
    phoneDigits: generatedKey('phone_digits', sql`regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g')`),
    phoneDigitsReversed: generatedKey('phone_digits_reversed', sql`reverse(regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g'))`),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t, t.clinicId, clinics),
    index('patients_name_idx').on(t.organizationId, t.clinicId, t.searchName, t.id, t.status, t.createdAt).where(active),
    // With the reversed name too: a text search counts its e-mail matches that neither name key matched from this index alone.
    index('patients_email_idx')
      .on(...searchKeyIndex(t, t.searchEmail), t.searchNameReversed)
      .where(active),
    index('patients_phone_idx')
      .on(...searchKeyIndex(t, t.phoneDigits))
      .where(active),
    index('patients_phone_reversed_idx')
      .on(...searchKeyIndex(t, t.phoneDigitsReversed))
      .where(active),
    // A search's reversed-name branch: the last name's start, then the list's name order (patient-search.ts, searchBranches).
    index('patients_last_name_start_idx')
      .on(t.organizationId, t.clinicId, t.searchLastNameStart, t.searchName, t.id, t.status, t.createdAt, t.searchNameReversed)
      .where(active),
    index('patients_status_name_idx').on(t.organizationId, t.clinicId, t.status, t.searchName, t.id).where(active),
    index('patients_created_idx').on(t.organizationId, t.clinicId, t.createdAt, t.id).where(active),
    // The charts a new self check-in may duplicate (possible-matches.ts) and an import's match (imported-patients.ts).
    index('patients_possible_match_idx')
      .on(t.organizationId, t.clinicId, sql`lower(${t.lastName})`, t.dateOfBirth)
      .where(active),
  ],
);

/**
 * How many rows each kept count is split into. A transaction adds its change to one of them (by its
 * transaction id, `counter_shard()` in migration sharded-patient-counters), so concurrent new
 * patients (kiosk check-ins) rarely wait on the same counter row until the other commits; readers
 * sum the rows.
 */
export const COUNTER_SHARDS = 8;

/**
 * How many directory patients (not archived) each clinic has in each status, kept by statement
 * triggers on `patients` (migration patient-counts-triggers), so that the unfiltered list's total
 * and the overview read a few rows instead of counting 100,000. Split in {@link COUNTER_SHARDS} rows.
 */
export const patientCounts = pgTable(
  'patient_counts',
  {
    organizationId: organizationId(),
    clinicId: text('clinic_id').notNull(),
    status: text('status').notNull(),
    /** Which of the counter's rows a transaction adds to ({@link COUNTER_SHARDS}); a total is the sum over them. */
    shard: smallint('shard').notNull().default(0),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.clinicId, t.status, t.shard] })],
);

/** The longest search prefix {@link patientSearchPrefixes} counts. */
export const COUNTED_PREFIX_LENGTH = 4;

/**
 * How many directory patients (not archived) of each clinic and status have a search key (the
 * full name either way round, the e-mail) starting with each prefix of 1 to 4 characters, a
 * patient once per prefix however many of its keys start with it: the total of a text search of
 * up to 4 characters is a row or a few, where counting its matches reads thousands of index
 * entries. Kept by statement triggers on `patients` (migration patient-search-prefixes-triggers).
 */
export const patientSearchPrefixes = pgTable(
  'patient_search_prefixes',
  {
    organizationId: organizationId(),
    clinicId: text('clinic_id').notNull(),
    prefix: text('prefix').notNull(),
    status: text('status').notNull(),
    shard: smallint('shard').notNull().default(0),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'patient_search_prefixes_pk', columns: [t.organizationId, t.clinicId, t.prefix, t.status, t.shard] })],
);

/** Visits of a patient (date, type, priority, doctor, wait, status and the clinical notes). */
export const patientVisits = pgTable(
  'patient_visits',
  {
    ...tenantRecord(),
    clinicId: text('clinic_id').notNull(),
    patientId: text('patient_id').notNull(),
    visitedAt: timestamptz('visited_at').notNull(),
    type: text('type').notNull(),
    priority: text('priority').notNull(),
    doctor: text('doctor').notNull(),
    waitTimeMinutes: integer('wait_time_minutes'),
    status: text('status').notNull(),
    symptoms: text('symptoms'),
    diagnosis: text('diagnosis'),
    treatment: text('treatment'),
    notes: text('notes'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t, t.patientId, patients),
    index('patient_visits_patient_idx').on(t.organizationId, t.patientId, t.visitedAt),
  ],
);

/**
 * A chart made from public input (a kiosk check-in, a pediatric intake) that looks like an
 * existing chart of the same clinic. Public input never attaches to an existing chart, so a
 * returning patient gets a new one; staff see the pair on both charts and either merge the new
 * chart into the existing one (its records move, it is archived) or dismiss the pair.
 */
export const patientPossibleMatches = pgTable(
  'patient_possible_matches',
  {
    ...tenantRecord(),
    clinicId: text('clinic_id').notNull(),
    /** The chart the public submission made. */
    patientId: text('patient_id').notNull(),
    /** The existing chart it resembles. */
    matchPatientId: text('match_patient_id').notNull(),
    /** What agreed: 'lastName', 'firstName', 'dateOfBirth', 'phone', 'email'. */
    reasons: text('reasons').array().notNull(),
    /** The submission that made the chart ('kiosk', 'pediatric-intake', ...). */
    source: text('source').notNull(),
    createdAt: createdAt(),
    /** 'merged' or 'dismissed'; null while staff have not decided. */
    resolution: text('resolution'),
    resolvedAt: timestamptz('resolved_at'),
    resolvedBy: text('resolved_by'),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t, t.patientId, patients),
    tenantForeignKey(t, t.matchPatientId, patients),
    index('patient_possible_matches_patient_idx').on(t.organizationId, t.patientId),
    index('patient_possible_matches_match_idx').on(t.organizationId, t.matchPatientId),
  ],
);

export type PatientRow = typeof patients.$inferSelect;
export type NewPatientRow = typeof patients.$inferInsert;
export type PatientVisitRow = typeof patientVisits.$inferSelect;
