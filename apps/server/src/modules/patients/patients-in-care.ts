import { sql } from 'drizzle-orm';
import type { TenantTx } from '../../platform/route/index.js';
import { inCareByQueue, queueDepartmentOf } from '../queue/index.js';

/** A patient currently in care, as the facility directory (visitor check-in) may read them. */
export interface PatientInCare {
  id: string;
  firstName: string;
  lastName: string;
  /** The ward's department, else the department of the patient's open queue entry. */
  department: string | null;
  floor: string | null;
  roomNumber: string | null;
  /** The patient asked to be left out of the facility directory. */
  directoryOptOut: boolean;
}

/**
 * The organization's patients currently in care: a directory patient (not archived, not discharged)
 * with an open queue entry (waiting or in progress), admitted from the queue since their last
 * discharge, or active with a room. Names only and where they are: never contact data. The set is
 * the hospital's census (beds and waiting room), so it is read whole and matched by the caller,
 * which compares names without accents (`rules/visitors.ts`). `patientId` narrows it to one.
 */
export async function patientsInCare(tx: TenantTx, organizationId: string, patientId?: string): Promise<PatientInCare[]> {
  const onePatient = patientId ? sql`and p.id = ${patientId}` : sql``;
  const result = await tx.execute(sql`
    select p.id, p.first_name, p.last_name, p.floor, p.room_number, p.directory_opt_out,
           coalesce(p.care_department, ${queueDepartmentOf('p')}) as department
      from patients p
     where p.organization_id = ${organizationId} ${onePatient}
       and p.archived_at is null and p.status <> 'discharged'
       and ((p.status = 'active' and p.room_number is not null)
            or ${inCareByQueue('p', sql`p.discharged_at`)})`);
  return (result.rows as Array<Record<string, unknown>>).map((r) => ({
    id: String(r.id),
    firstName: String(r.first_name),
    lastName: String(r.last_name),
    department: (r.department as string | null) ?? null,
    floor: (r.floor as string | null) ?? null,
    roomNumber: (r.room_number as string | null) ?? null,
    directoryOptOut: r.directory_opt_out === true,
  }));
}
