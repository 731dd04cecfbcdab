import type { ClinicEmergencyDto, UpdateClinicBody } from '@clinic/domain';
import type { RouteTenant, TenantRouteContext, TenantTx } from '../../platform/route/index.js';

/** A clinic's emergency settings as the clinics tab sends them. */
export type ClinicEmergencyChange = NonNullable<UpdateClinicBody['emergency']>;

/**
 * A clinic's emergency settings (level, facility id, bed count), kept by the emergency module:
 * `app.ts` hands its reader and saver to the organization routes, so this module never imports
 * the emergency room, which reads the clinics through this module's index.
 */
export interface ClinicEmergencySettings {
  read(ctx: { tx: TenantTx; tenant: RouteTenant & { clinicId: string } }): Promise<ClinicEmergencyDto>;
  save(ctx: TenantRouteContext, change: ClinicEmergencyChange): Promise<ClinicEmergencyDto>;
}
