import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { patientPayload } from '../../test/patient-payload.js';

/** A complete kiosk check-in body for tests; `over` replaces fields (undefined removes one). */
export function visitorPayload(over: Record<string, unknown> = {}): Record<string, any> {
  return {
    firstName: 'Ana',
    lastName: 'Lopez',
    email: 'ana.lopez@example.org',
    phone: '(555) 201-3344',
    relationship: 'Family',
    visitPurpose: 'Visit Patient',
    patientName: 'Grace Hopper',
    idDocument: { type: 'Driver License', number: 'D1234567', issuedBy: 'CA' },
    emergencyContact: { name: 'Luis Lopez', phone: '555-201-9999', relationship: 'Spouse' },
    healthScreening: true,
    temperature: 98.6,
    symptoms: [],
    wheelchairAccess: false,
    ...over,
  };
}

/**
 * Creates a patient through the API as `headers` and puts them in a room (through the owner's
 * connection: there is no admission screen yet), so they are in care and may be visited.
 */
export async function admittedPatient(
  app: FastifyInstance,
  db: Database['db'],
  headers: Record<string, string>,
  over: Record<string, unknown> & { room?: string; optOut?: boolean } = {},
): Promise<{ id: string; name: string }> {
  const { room = '412', optOut = false, ...fields } = over;
  const res = await app.inject({ method: 'POST', url: '/api/patients', headers, payload: patientPayload(fields) });
  if (res.statusCode !== 201) throw new Error(`patient fixture failed: ${res.statusCode} ${res.body}`);
  const patient = res.json().patient as { id: string; firstName: string; lastName: string };
  await db.execute(
    sql`update patients set room_number = ${room}, floor = '4', care_department = 'Cardiology', directory_opt_out = ${optOut}
        where id = ${patient.id}`,
  );
  return { id: patient.id, name: `${patient.firstName} ${patient.lastName}` };
}

/** Sets the organization's visiting hours (local `HH:MM`) and other visitor settings, through the owner's connection. */
export async function setVisitorSettings(db: Database['db'], organizationId: string, settings: Record<string, unknown>): Promise<void> {
  await db.execute(sql`update organizations set settings = settings || ${JSON.stringify(settings)}::jsonb where id = ${organizationId}`);
}

/** Visiting hours that are open all day, so a test's result never depends on the time it runs. */
export const OPEN_ALL_DAY = { visitingHoursStart: '00:00', visitingHoursEnd: '00:00' };
