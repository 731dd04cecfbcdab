import { patientListQuery, type PatientListQuery } from '@clinic/domain';
import { and, count, eq, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import { patients } from '../../db/schema/index.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { bulkInsertPatients } from '../../db/seed/patients.js';
import { withTenant, type TenantTx } from '../../platform/tenant-tx.js';
import { rows, useTestApp } from '../../test/harness.js';
import { genericPlan } from '../../test/query-plans.js';
import { orderFor, searchCondition } from './patient-search.js';
import { possibleMatchesFlagging } from './possible-matches.js';
import { directoryCountQuery, directoryPageQuery } from './patient-directory-page.js';
import type { DirectoryScope } from './patients.service.js';

/**
 * The directory's queries at scale: with 20,000 patients in the clinic (and 5,000 in another
 * organization) every list and search query the service sends is answered from an index, never a
 * scan of the table. Plans are read with EXPLAIN as the application role under RLS, as the app runs
 * them. (The benchmark repeats this with 100,000 patients on PostgreSQL: docs/performance.md.)
 */

const t = useTestApp({ as: 'doctor' });
const tenant: DirectoryScope = { organizationId: 'default-clinic', clinicId: 'default-clinic' };

beforeAll(async () => {
  const db = t.database.db;
  await bulkInsertPatients(db, { organizationId: 'default-clinic', clinicId: 'default-clinic', count: 20_000 });
  // Patients one search term finds through several keys at once: its total counts each of them once.
  await db.execute(sql`insert into patients (organization_id, clinic_id, id, first_name, last_name, email) values
    ('default-clinic', 'default-clinic', 'overlap-1', 'Lee', 'Leeward', 'lee.leeward@example.org'),
    ('default-clinic', 'default-clinic', 'overlap-2', 'Smithers', 'Jones', 'smithers@example.org'),
    ('default-clinic', 'default-clinic', 'overlap-3', 'Ann', 'Smithson', 'smithson.ann@example.org'),
    ('default-clinic', 'default-clinic', 'overlap-4', 'Johnny', 'Johnson', 'jj@example.org')`);
  const other = await createOtherOrganizationRow();
  await bulkInsertPatients(db, { organizationId: other, clinicId: other, count: 5_000, idPrefix: 'other-' });
  // As autovacuum would have by now: statistics, and the visibility map that index-only scans use.
  await db.execute(sql`vacuum analyze patients`);
  await db.execute(sql`vacuum analyze patient_visits`);
});

async function createOtherOrganizationRow(): Promise<string> {
  await t.database.db.execute(sql`insert into organizations (id, name) values ('scale-other', 'Scale Other')`);
  await t.database.db.execute(sql`insert into clinics (organization_id, id, name) values ('scale-other', 'scale-other', 'Other Clinic')`);
  return 'scale-other';
}

async function explain(build: (tx: TenantTx) => SQLWrapper): Promise<string> {
  return withTenant(t.database.db, 'default-clinic', async (tx) => {
    const r = await tx.execute(sql`explain (analyze, costs off, timing off, summary off) ${build(tx)}`);
    return (r.rows as Array<Record<string, string>>).map((row) => Object.values(row)[0]).join('\n');
  });
}

/** The most rows any Sort node of a plan sorted: a page's 50 at most, never the table's. */
const largestSort = (plan: string) => Math.max(0, ...[...plan.matchAll(/Sort \(actual rows=([\d.]+)/g)].map((m) => Number(m[1])));

const page = (query: Record<string, string>) => (tx: TenantTx) => directoryPageQuery(tx, tenant, patientListQuery.parse(query));
const total = (query: Record<string, string>) => (tx: TenantTx) => directoryCountQuery(tx, tenant, patientListQuery.parse(query));

describe('directory queries at 20,000 patients', () => {
  it('lists the first page by name straight from the name index, sorting no more than the page', async () => {
    const plan = await explain(page({}));
    expect(plan).toMatch(/Index Only Scan using patients_name_idx/);
    expect(plan).not.toMatch(/Seq Scan/);
    expect(largestSort(plan)).toBeLessThanOrEqual(50);
  });

  it('lists newest first from the date index and a status filter from the status index', async () => {
    const newest = await explain(page({ sort: 'createdAt', offset: '950' }));
    expect(newest).toMatch(/Index Only Scan Backward using patients_created_idx/);
    expect(largestSort(newest)).toBeLessThanOrEqual(50);
    const discharged = await explain(page({ status: 'discharged' }));
    expect(discharged).toMatch(/patients_status_name_idx/);
    expect(discharged).not.toMatch(/Seq Scan/);
  });

  it('searches names, e-mails and phones through their indexes, each key a branch of its own, merged', async () => {
    for (const search of ['smi', 'Maria Gar', 'garcia, m', 'patient1234@', '(212) 55', '4567']) {
      const plan = await explain(page({ search }));
      expect(plan, search).not.toMatch(/Seq Scan|Bitmap/);
      expect(plan, search).toMatch(/Merge Append/);
      expect(plan, search).toMatch(/Index Only Scan using patients_(name|last_name_start|email|phone|phone_reversed)_idx/);
    }
  });

  it('reads only the rows of the page for a common prefix: its matches come from the indexes', async () => {
    // "smi" matches every Smith (about 1 in 100 of the bulk names): the rows read are the page's.
    const plan = await explain(page({ search: 'smi' }));
    const rowReads = [...plan.matchAll(/Index Scan using patients_organization_id_id_pk on patients \(actual rows=([\d.]+) loops=(\d+)\)/g)];
    expect(rowReads.length, plan).toBe(1);
    expect(Number(rowReads[0][1]) * Number(rowReads[0][2])).toBeLessThanOrEqual(50);
    expect(plan).not.toMatch(/Heap Fetches: [1-9]/);
  });

  it("reads a common last name's page in name order from the last name's start, without sorting its matches", async () => {
    // Some 200 bulk patients are Smiths, sorted by first name within the "smi" start: 50 are read.
    const plan = await explain(page({ search: 'smi' }));
    const branch = /Index Only Scan using patients_last_name_start_idx on patients \w+ \(actual rows=([\d.]+) loops=1\)/.exec(plan);
    expect(branch, plan).not.toBeNull();
    expect(Number(branch![1])).toBeLessThanOrEqual(50);
  });

  it('counts the matches of a search through its indexes or its kept prefix, and takes list totals from the kept counts', async () => {
    for (const search of ['johnson', 'garcia, m', '(212) 55']) {
      expect(await explain(total({ search }))).not.toMatch(/Seq Scan/);
    }
    // Up to 4 characters, the total is the kept count of the prefix: nothing of the patients is read.
    for (const search of ['smi', 'JOHN']) {
      const plan = await explain(total({ search }));
      expect(plan, search).toMatch(/patient_search_prefixes/);
      expect(plan, search).not.toMatch(/on patients /);
    }
    const unsearched: Array<Record<string, string>> = [{}, { status: 'inactive' }];
    for (const query of unsearched) {
      const plan = await explain(total(query));
      expect(plan).toMatch(/patient_counts/);
      expect(plan).not.toMatch(/on patients/);
    }
  });

  it("counts a long e-mail prefix's matches from the e-mail index alone, reading no row", async () => {
    // "patient1" starts the e-mail of some 11,000 bulk patients and no name: the total counts them
    // from the e-mail index, which carries both name keys that the count leaves out.
    const plan = await explain(total({ search: 'patient1' }));
    expect(plan).toMatch(/Index Only Scan using patients_email_idx/);
    expect(plan).not.toMatch(/Bitmap Heap Scan|Seq Scan|Heap Fetches: [1-9]/);
  });

  it('bounds a search once per statement, not for each index entry its total tests', async () => {
    // As the app runs its prepared statements once PostgreSQL plans them generically: a bound the
    // filter computed from the term (lower-casing it, appending the upper end) would be computed
    // again for each of the 11,000 entries the e-mail prefix counts.
    for (const search of ['patient1', 'johnson']) {
      const plan = await genericPlan(t.database.db, 'default-clinic', total({ search }));
      const filters = plan.split('\n').filter((line) => /\bFilter:/.test(line) && !/One-Time Filter/.test(line));
      expect(filters.length, search).toBeGreaterThan(0);
      for (const filter of filters) expect(filter, search).not.toMatch(/lower\(|\|\|/);
    }
  });

  it('keeps the counts equal to the rows through a bulk load', async () => {
    const kept = await rows(
      t.database.db,
      sql`select organization_id, clinic_id, status, sum(n)::int as n from patient_counts group by 1, 2, 3 having sum(n) <> 0 order by 1, 2, 3`,
    );
    const actual = await rows(
      t.database.db,
      sql`select organization_id, clinic_id, status, count(*)::int as n from patients where archived_at is null group by 1, 2, 3 order by 1, 2, 3`,
    );
    expect(kept).toEqual(actual);
  });

  it("reads the page's last visits with its rows: the visits themselves are not read", async () => {
    const plan = await explain(page({ sort: 'createdAt', offset: '950' }));
    expect(plan).not.toMatch(/patient_visits/);
    const [{ differing }] = await rows<{ differing: number }>(
      t.database.db,
      sql`select count(*)::int as differing from patients p
          where p.last_visit_at is distinct from (select max(v.visited_at) from patient_visits v where v.organization_id = p.organization_id and v.patient_id = p.id)`,
    );
    expect(differing).toBe(0);
  });

  it('answers what the plain OR query answers: same rows, order, pages and totals, each match once', async () => {
    const plain = (tx: TenantTx, query: PatientListQuery) => {
      const where = and(
        eq(patients.organizationId, tenant.organizationId),
        eq(patients.clinicId, tenant.clinicId!),
        isNull(patients.archivedAt),
        query.status === 'all' ? undefined : eq(patients.status, query.status),
        query.search ? searchCondition(query.search) : undefined,
      );
      return Promise.all([
        tx
          .select({ id: patients.id })
          .from(patients)
          .where(where)
          .orderBy(...orderFor(query))
          .limit(query.limit)
          .offset(query.offset),
        tx.select({ n: count() }).from(patients).where(where),
      ]);
    };
    // Terms matching in several keys at once ("lee": first and last names), digits (five and six
    // branches), a common prefix paged deep, every sort both ways, with and without a status.
    const searches = ['j', 'le', 'lee', 'smi', 'john', 'maria gar', 'garcia, m', 'patient1', '212', '4567', '1212', 'zzz'];
    const variants: Array<Record<string, string>> = [
      {},
      { sort: 'name', direction: 'desc' },
      { sort: 'createdAt' },
      { sort: 'createdAt', direction: 'asc', offset: '150', limit: '25' },
      { sort: 'status' },
      { sort: 'status', direction: 'desc', status: 'discharged' },
      { status: 'inactive', offset: '40', limit: '20' },
      { offset: '980', limit: '50' },
    ];
    await withTenant(t.database.db, 'default-clinic', async (tx) => {
      for (const search of searches) {
        for (const variant of variants) {
          const query = patientListQuery.parse({ search, ...variant });
          const label = JSON.stringify(query);
          const [expected, [{ n }]] = await plain(tx, query);
          const [page] = await directoryPageQuery(tx, tenant, query);
          expect(page.auditDetails.patientIds, label).toEqual(expected.map((r) => r.id));
          expect(
            (JSON.parse(page.patients) as Array<{ id: string }>).map((p) => p.id),
            label,
          ).toEqual(page.auditDetails.patientIds);
          expect(page.auditDetails.total, label).toBe(n);
          const [{ total }] = await directoryCountQuery(tx, tenant, query);
          expect(total, label).toBe(n);
          expect(page.total, label).toBe(n);
        }
      }
    });
  });

  it('returns the right rows and total through the API at this size', async () => {
    const res = await t.get('/api/patients?search=patient12345%40');
    expect(res.json()).toMatchObject({ total: 1, patients: [{ id: 'bulk-12345', email: 'patient12345@example.com' }] });
    const all = await t.get('/api/patients?limit=1');
    // 20,000 bulk patients, the 4 found through several keys and the 25 of the demo seed; the other organization's 5,000 never count.
    expect(all.json().total).toBe(20_029);
  });

  it("finds a new chart's possible duplicates from their index, never reading the directory", async () => {
    const [newest] = await rows<{ id: string }>(
      t.database.db,
      sql`select id from patients where organization_id = 'default-clinic' and date_of_birth is not null order by created_at desc limit 1`,
    );
    // Not run (no ANALYZE): the statement writes.
    const plan = await withTenant(t.database.db, 'default-clinic', async (tx) => {
      const r = await tx.execute(sql`explain (costs off) ${possibleMatchesFlagging('default-clinic', newest.id, 'kiosk')}`);
      return (r.rows as Array<Record<string, string>>).map((row) => Object.values(row)[0]).join('\n');
    });
    expect(plan).toMatch(/Index Scan using patients_possible_match_idx on patients p/);
    expect(plan).not.toMatch(/Seq Scan on patients/);
  });
});
