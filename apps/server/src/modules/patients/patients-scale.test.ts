import { patientListQuery } from '@clinic/domain';
import { sql, type SQLWrapper } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bulkInsertPatients } from '../../db/seed/patients.js';
import { withTenantTx, type TenantTx } from '../../platform/tenant-tx.js';
import { rows, useTestApp } from '../../test/harness.js';
import { directoryCountQuery, directoryPageQuery, lastVisitsQuery, type DirectoryScope } from './patients.service.js';

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
  return withTenantTx(t.database.db, 'default-clinic', async (tx) => {
    const r = await tx.execute(sql`explain ${build(tx)}`);
    return (r.rows as Array<Record<string, string>>).map((row) => Object.values(row)[0]).join('\n');
  });
}

const page = (query: Record<string, string>) => (tx: TenantTx) => directoryPageQuery(tx, tenant, patientListQuery.parse(query));
const total = (query: Record<string, string>) => (tx: TenantTx) => directoryCountQuery(tx, tenant, patientListQuery.parse(query));

describe('directory queries at 20,000 patients', () => {
  it('lists the first page by name straight from the name index, without sorting the table', async () => {
    const plan = await explain(page({}));
    expect(plan).toMatch(/Index Scan using patients_name_idx/);
    expect(plan).not.toMatch(/Seq Scan|Sort/);
  });

  it('lists newest first from the date index and a status filter from the status index', async () => {
    expect(await explain(page({ sort: 'createdAt' }))).toMatch(/Index Scan Backward using patients_created_idx/);
    const discharged = await explain(page({ status: 'discharged' }));
    expect(discharged).toMatch(/patients_status_name_idx/);
    expect(discharged).not.toMatch(/Seq Scan/);
  });

  it('searches names, e-mails and phones through their indexes', async () => {
    for (const search of ['smi', 'Maria Gar', 'garcia, m', 'patient1234@', '(212) 55', '4567']) {
      const plan = await explain(page({ search }));
      expect(plan, search).not.toMatch(/Seq Scan/);
      expect(plan, search).toMatch(/patients_(name|name_reversed|email|phone|phone_reversed)_idx/);
    }
  });

  it('counts the matches of a search through its indexes, and takes list totals from the kept counts', async () => {
    for (const search of ['john', '(212) 55']) {
      expect(await explain(total({ search }))).not.toMatch(/Seq Scan/);
    }
    const unsearched: Array<Record<string, string>> = [{}, { status: 'inactive' }];
    for (const query of unsearched) {
      const plan = await explain(total(query));
      expect(plan).toMatch(/patient_counts/);
      expect(plan).not.toMatch(/on patients/);
    }
  });

  it('keeps the counts equal to the rows through a bulk load', async () => {
    const kept = await rows(t.database.db, sql`select organization_id, clinic_id, status, n from patient_counts where n <> 0 order by 1, 2, 3`);
    const actual = await rows(
      t.database.db,
      sql`select organization_id, clinic_id, status, count(*)::int as n from patients where archived_at is null group by 1, 2, 3 order by 1, 2, 3`,
    );
    expect(kept).toEqual(actual);
  });

  it("finds the page's last visits through the visits index", async () => {
    const ids = Array.from({ length: 50 }, (_, i) => `bulk-${i * 397 + 1}`);
    const plan = await explain((tx) => lastVisitsQuery(tx, tenant, ids));
    expect(plan).toMatch(/patient_visits_patient_idx/);
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it('returns the right rows and total through the API at this size', async () => {
    const res = await t.get('/api/patients?search=patient12345%40');
    expect(res.json()).toMatchObject({ total: 1, patients: [{ id: 'bulk-12345', email: 'patient12345@example.com' }] });
    const all = await t.get('/api/patients?limit=1');
    // 20,000 bulk patients plus the 25 of the demo seed; the other organization's 5,000 never count.
    expect(all.json().total).toBe(20_025);
  });
});
