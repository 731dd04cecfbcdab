/** The benchmark's scenarios: each an API call and the bare single-table query of the same rows. */
import { patientListQuery, type PatientListQuery } from '@clinic/domain';
import { and, eq, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import type { AppDb } from '../../apps/server/src/db/client.js';
import { patientJsonColumns } from '../../apps/server/src/db/patient-json.js';
import { patients } from '../../apps/server/src/db/schema/index.js';
import { orderFor, searchCondition } from '../../apps/server/src/modules/patients/patient-search.js';
import { ORG, PATIENTS } from './config.js';

/** Search terms, cycled: name starts, "last, first", e-mail starts, phone starts and ends. */
const NAME_TERMS = ['smi', 'garc', 'maria', 'john', 'james w', 'lee', 'patel', 'nguyen, m', 'rob', 'kim', 'wil', 'chris', 'tho', 'ash', 'brown, d'];
const EMAIL_TERMS = ['patient123', 'patient9876', 'patient5', 'patient44444@', 'patient70001'];
const PHONE_TERMS = ['(212) 5', '415-3', '312', '4567', '0099', '555 12', '(903) 77', '8080'];

export interface Scenario {
  name: string;
  /** Path and query of the API call (i = request number, to vary terms). */
  path: (i: number) => string;
  /** The list query the app runs for it; undefined for the get-by-id scenario. */
  query?: (i: number) => Partial<Record<keyof PatientListQuery, string>>;
  /** A baseline of its own, instead of the patients query. */
  bare?: (db: AppDb) => Promise<unknown>;
}

const cycle = <T>(values: T[], i: number) => values[i % values.length];
const qs = (q: Record<string, string>) => new URLSearchParams(q).toString();

export const SCENARIOS: Scenario[] = [
  { name: 'list: first page by name', path: () => '/api/patients?limit=50', query: () => ({ limit: '50' }) },
  {
    name: 'list: newest first, page 20',
    path: () => '/api/patients?sort=createdAt&limit=50&offset=950',
    query: () => ({ sort: 'createdAt', limit: '50', offset: '950' }),
  },
  { name: 'list: status discharged', path: () => '/api/patients?status=discharged&limit=50', query: () => ({ status: 'discharged', limit: '50' }) },
  {
    name: 'search: name prefix',
    path: (i) => `/api/patients?${qs({ search: cycle(NAME_TERMS, i), limit: '50' })}`,
    query: (i) => ({ search: cycle(NAME_TERMS, i), limit: '50' }),
  },
  {
    name: 'search: e-mail prefix',
    path: (i) => `/api/patients?${qs({ search: cycle(EMAIL_TERMS, i), limit: '50' })}`,
    query: (i) => ({ search: cycle(EMAIL_TERMS, i), limit: '50' }),
  },
  {
    name: 'search: part of phone',
    path: (i) => `/api/patients?${qs({ search: cycle(PHONE_TERMS, i), limit: '50' })}`,
    query: (i) => ({ search: cycle(PHONE_TERMS, i), limit: '50' }),
  },
  { name: 'get one patient', path: (i) => `/api/patients/bulk-${1 + ((i * 7919) % PATIENTS)}` },
  // What any request costs: HTTP, the app's hooks and one `select 1` through the pool, next to a bare `select 1`.
  { name: 'floor: GET /api/health', path: () => '/api/health', bare: (db) => db.execute(sql`select 1`) },
];

/**
 * The bare single-table query of a scenario: the same rows, one statement, no transaction or RLS;
 * their columns that the API's patient is made of (not the stored copy of it, `dto_json`).
 */
export function bareQuery(db: AppDb, scenario: Scenario, i: number): SQLWrapper {
  if (!scenario.query) {
    return db
      .select(patientJsonColumns)
      .from(patients)
      .where(and(eq(patients.organizationId, ORG), eq(patients.id, `bulk-${1 + ((i * 7919) % PATIENTS)}`)));
  }
  const q = patientListQuery.parse(scenario.query(i));
  return db
    .select(patientJsonColumns)
    .from(patients)
    .where(
      and(
        eq(patients.organizationId, ORG),
        eq(patients.clinicId, ORG),
        isNull(patients.archivedAt),
        q.status === 'all' ? undefined : eq(patients.status, q.status),
        q.search ? searchCondition(q.search) : undefined,
      ),
    )
    .orderBy(...orderFor(q))
    .limit(q.limit)
    .offset(q.offset);
}
