import { startOfLocalDay } from '@clinic/domain';
import type { TenantRouteContext } from '../../platform/route/index.js';
import { directoryCount } from '../patients/index.js';
import { queueDayFigures } from '../queue/index.js';

/**
 * The dashboard's four figures for the request's clinic: patients in the directory, open queue
 * entries, entries completed today, and the average wait of the entries whose care started today.
 * The patients and queue modules own their tables; the dashboard only asks them.
 */
export async function dashboardStats({ tx, tenant }: TenantRouteContext, now = new Date()) {
  const since = startOfLocalDay(tenant.timeZone, now);
  const [totalPatients, queue] = await Promise.all([directoryCount(tx, tenant), queueDayFigures(tx, tenant, since)]);
  return { totalPatients, ...queue };
}
