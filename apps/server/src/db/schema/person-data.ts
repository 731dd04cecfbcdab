/**
 * Where a patient's identifying data is kept, and what an erasure (`POST /api/gdpr/erase`) does to
 * each place. Any column whose name looks like a person's data (names, phone, e-mail, address,
 * birth date, guardian, emergency contact, identifiers, documents, insurance, JSON) must be on
 * {@link PATIENT_DATA} or on {@link NOT_PATIENT_DATA} with a reason: `person-data.test.ts` reads
 * the database's own columns and fails on one that is on neither, so a new copy cannot be
 * forgotten. The erasure runs, for each table here, the function its `erasedBy` names (exported by
 * that module's `index.ts`); the gdpr module's tests check it is that function and that every
 * erased column is empty afterwards.
 *
 * The medical record (name, date of birth, clinical fields, insurance, visits) is kept for the
 * retention period: an erasure inside it restricts processing and removes the contact data.
 */

/** What an erasure does to one column. */
export type PersonColumn =
  /** Set to null (an array to empty). */
  | { erase: 'null' }
  /** Computed by the database from erased columns (a generated key, a trigger's copy): empty once they are. */
  | { erase: 'derived'; from: string }
  /** JSON: these fields (dotted paths) are removed; the rest is kept, for the reason given. */
  | { erase: 'json-fields'; fields: readonly string[]; kept: string }
  /** The rows that name the patient are deleted. */
  | { erase: 'rows' }
  /** Kept through an erasure, for the reason given. */
  | { keep: string };

/** A table holding (a copy of) a patient's data. */
export interface PatientDataTable {
  /** The code that owns the table and erases it: `modules/<name>` (its `index.ts`) or a `platform/<file>`. */
  owner: string;
  /** The function the owner exports that erases the table's copies; none when every column is kept. */
  erasedBy?: string;
  /** The column that names the patient; null when the rows are found another way (`erasedBy` says how). */
  patientKey: string | null;
  columns: Record<string, PersonColumn>;
}

const MEDICAL_RECORD = 'part of the medical record, kept for the retention period (who was treated)';
const KEPT_NAME = 'the patient’s name, kept with the medical record for the retention period';
const KEPT_BIRTH_DATE = 'the date of birth, kept with the medical record to tell patients of one name apart';
const CONTACT = { erase: 'null' } as const;
/** The name and date of birth a chart and a queue entry keep with the medical record. */
const KEPT_IDENTITY = {
  first_name: { keep: KEPT_NAME },
  last_name: { keep: KEPT_NAME },
  date_of_birth: { keep: KEPT_BIRTH_DATE },
} as const;

/** Every table that holds a patient's identifying data, by name. */
export const PATIENT_DATA: Record<string, PatientDataTable> = {
  patients: {
    owner: 'modules/patients',
    erasedBy: 'restrictPatientProcessing',
    patientKey: 'id',
    columns: {
      ...KEPT_IDENTITY,
      search_name: { keep: KEPT_NAME },
      search_name_reversed: { keep: KEPT_NAME },
      search_last_name_start: { keep: KEPT_NAME },
      insurance_provider: { keep: 'billing data of the kept visits (claims within the retention period)' },
      insurance_number: { keep: 'billing data of the kept visits (claims within the retention period)' },
      phone: CONTACT,
      email: CONTACT,
      street: CONTACT,
      city: CONTACT,
      state: CONTACT,
      zip_code: CONTACT,
      emergency_contact_name: CONTACT,
      emergency_contact_relationship: CONTACT,
      emergency_contact_phone: CONTACT,
      search_email: { erase: 'derived', from: 'email' },
      phone_digits: { erase: 'derived', from: 'phone' },
      phone_digits_reversed: { erase: 'derived', from: 'phone' },
      dto_json: { erase: 'derived', from: 'every column (trigger patient_dto_json_set)' },
    },
  },
  queue_entries: {
    owner: 'modules/queue',
    erasedBy: 'eraseQueueEntryContacts',
    patientKey: 'patient_id',
    columns: {
      ...KEPT_IDENTITY,
      phone: CONTACT,
      email: CONTACT,
      emergency_contact: CONTACT,
      emergency_phone: CONTACT,
      vital_signs: { keep: `readings taken at the visit: ${MEDICAL_RECORD}` },
    },
  },
  pediatric_intakes: {
    owner: 'modules/pediatric-intake',
    erasedBy: 'erasePediatricIntakeContacts',
    patientKey: 'patient_id',
    columns: {
      record: {
        erase: 'json-fields',
        fields: [
          'primaryPhone',
          'secondaryPhone',
          'email',
          'address',
          'guardian1.firstName',
          'guardian1.lastName',
          'guardian1.phone',
          'guardian1.email',
          'guardian1.address',
        ],
        kept: `the child's name, birth date, history, symptoms and insurance: ${MEDICAL_RECORD}`,
      },
    },
  },
  ehr_patient_links: {
    owner: 'modules/integrations',
    erasedBy: 'eraseEhrLinkContacts',
    patientKey: 'patient_id',
    columns: {
      synced: {
        erase: 'json-fields',
        fields: ['phone', 'email', 'street', 'city', 'state', 'zipCode'],
        kept: 'the name, birth date, gender and country the EHR sent, as the chart keeps them',
      },
      // The EHR's identifiers may be national ids; the link itself (address and Patient id) stays,
      // so that a later sync knows the EHR Patient and leaves the restricted chart alone.
      identifiers: CONTACT,
    },
  },
  idempotency_keys: {
    owner: 'platform/idempotency',
    erasedBy: 'forgetStoredAnswers',
    // Found by the ids an answer names: the patient's, its queue entries' and its intakes'.
    patientKey: null,
    columns: { response_body: { erase: 'rows' } },
  },
  visitors: {
    owner: 'modules/visitors',
    patientKey: 'patient_id',
    columns: { patient_name: { keep: `${KEPT_NAME}; visitors are told where to go by it` } },
  },
};

const STAFF = 'a staff member’s account data, not a patient’s; it goes with the account, not with a patient erasure';
const VISITOR = 'a visitor’s own data (not the patient’s), kept in the visitor log';
const ORGANIZATION = 'the organization’s or clinic’s own name and contact, not a person’s';
const NO_PERSON = 'holds no person’s identifying data';

/**
 * Columns that look like a person's data but hold none of a patient's, by `table.column`, each with
 * why. Audit rows are append-only (a trigger refuses changes), so their details never take a
 * contact field in the first place: ids, counts and field names only.
 */
export const NOT_PATIENT_DATA: Record<string, string> = {
  'users.email': STAFF,
  'users.first_name': STAFF,
  'users.last_name': STAFF,
  'users.mfa_backup_codes': `hashes of a staff member's backup codes: ${NO_PERSON}`,
  'invitations.email': STAFF,
  'invitations.permissions': `the invited member's permission flags: ${NO_PERSON}`,
  'sign_in_attempts.email': STAFF,
  'email_verifications.email': STAFF,
  'organization_members.permissions': `a member's permission flags: ${NO_PERSON}`,
  'member_settings.settings': `a member's own screen and notification settings: ${NO_PERSON}`,
  'organizations.name': ORGANIZATION,
  'organizations.address': ORGANIZATION,
  'organizations.phone': ORGANIZATION,
  'organizations.email': ORGANIZATION,
  'organizations.settings': `the organization's settings: ${NO_PERSON}`,
  'organizations.payment_method': `the card's brand, last 4 digits and expiry, never a patient's: ${NO_PERSON}`,
  'clinics.name': ORGANIZATION,
  'clinics.address': ORGANIZATION,
  'clinics.phone': ORGANIZATION,
  'clinics.email': ORGANIZATION,
  'api_keys.name': `an API key's label: ${NO_PERSON}`,
  'ehr_sync_runs.progress': `a sync's pages and patients counted, and its clinic: ${NO_PERSON}`,
  'ehr_sync_runs.summary': `a sync's counts and its first reasons to skip, which name the EHR's resource ids and the failed rule, never a value: ${NO_PERSON}`,
  'integration_signing_keys.public_jwk': `the public half of the organization's signing key: ${NO_PERSON}`,
  'sso_link_requests.email': STAFF,
  'sso_sign_ins.state_hash': `the SHA-256 of a sign-in's state: ${NO_PERSON}`,
  'emergency_protocols.name': `a protocol's title: ${NO_PERSON}`,
  'on_call_rotas.shifts': `a clinic's on-call shifts, member ids and times: ${NO_PERSON}`,
  'on_call_rotas.overrides': `a clinic's on-call overrides, member ids and dates: ${NO_PERSON}`,
  'paging_deliveries.payload': `a page event as sent to the organization's paging gateway: ids, priority, status, the page's text and staff names, never a patient field: ${NO_PERSON}`,
  'trial_visits.visit_name': `a planned visit's title ("Screening"): ${NO_PERSON}`,
  'audit_events.details': `append-only; its details are ids, counts and field names, never contact data: ${NO_PERSON}`,
  'queue_transitions.details': `a status change's note, outcome, assignment or vitals readings: ${NO_PERSON}`,
  'emergency_risk_assessments.risk_factors': `scored risk factors: ${NO_PERSON}`,
  'emergency_risk_assessments.recommendations': `the scoring's recommendations: ${NO_PERSON}`,
  'emergency_risk_assessments.vitals': `vital-sign readings: ${NO_PERSON}`,
  'analytics_days.figures': `a clinic's daily sums and counts: ${NO_PERSON}`,
  'visitors.first_name': VISITOR,
  'visitors.last_name': VISITOR,
  'visitors.email': VISITOR,
  'visitors.phone': VISITOR,
  'visitors.phone_digits': VISITOR,
  'visitors.emergency_contact_name': VISITOR,
  'visitors.emergency_contact_phone': VISITOR,
  'visitors.emergency_contact_relationship': VISITOR,
  'visitors.id_document_type': VISITOR,
  'visitors.id_document_number': VISITOR,
  'visitors.id_document_issued_by': VISITOR,
  'visitors.escort_name': `the staff member escorting a visitor: ${STAFF}`,
  'visitor_watch_list.first_name': `a restricted visitor: ${VISITOR}`,
  'visitor_watch_list.last_name': `a restricted visitor: ${VISITOR}`,
  'visitor_watch_list.name_key': `a restricted visitor: ${VISITOR}`,
  'visitor_watch_list.phone_digits': `a restricted visitor: ${VISITOR}`,
  'visitor_watch_list.document_key': `a restricted visitor: ${VISITOR}`,
};

/**
 * What a column name says about its content: a person's name, phone, e-mail, address, birth
 * date, guardian, contact, identifier, identity document or insurance, or JSON (which may hold any
 * of them).
 */
export const PERSON_DATA_COLUMN =
  /(^|_)(name|phone|email|mail|address|street|city|state|zip|postal|birth|dob|guardian|contact|identifiers?|document|insurance|ssn|json)(_|$)/;

/** The JSON paths an erasure removes from a listed JSON column, each as its keys (`['guardian1', 'phone']`). */
export function erasedJsonPaths(table: string, column: string): string[][] {
  const how = PATIENT_DATA[table]?.columns[column];
  if (!how || !('erase' in how) || how.erase !== 'json-fields') throw new Error(`${table}.${column} has no JSON fields to erase`);
  return how.fields.map((f) => f.split('.'));
}
