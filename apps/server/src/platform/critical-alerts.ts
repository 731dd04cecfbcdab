import type { RouteActor, RouteContext, RouteTenant } from './route/index.js';

/** A CRITICAL alert just raised, as paging the on-call doctor about it needs it. */
export interface CriticalAlert {
  /** The clinic the alert is about (whose doctor on call is paged); null for none. */
  clinicId: string | null;
  /** The alert's id: an emergency alert's, or a serious adverse event's. */
  alertId: string;
  /** What the alert is, as the audit trail names it: `emergency_alert`, `trial_adverse_event`. */
  entityType: string;
  patientId?: string | null;
  queueEntryId?: string | null;
  /** The alert's own text: the page says no more about the patient than the alert does. */
  message: string;
}

/** What paging for an alert needs of the context that raised it: its transaction, organization, audit and events. */
export type CriticalAlertContext = Pick<RouteContext<RouteTenant, RouteActor>, 'tx' | 'tenant' | 'audit' | 'emit'>;

/**
 * Pages whoever must hear of a CRITICAL alert, in the transaction that raised it; the page's id,
 * or null when none was sent. The paging module's `automaticPager`, handed by app.ts to the
 * modules that raise such alerts (paging imports some of them, so they never import it).
 */
export type CriticalAlertPager = (ctx: CriticalAlertContext, alert: CriticalAlert, now?: Date) => Promise<string | null>;
