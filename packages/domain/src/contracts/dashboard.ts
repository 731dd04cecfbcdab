/** Contracts of the dashboard's stat cards. */
import { z } from 'zod';

const count = z.number().int().min(0);

/** The dashboard's figures (platform-core, Dashboard stats) for the request's clinic. */
export const dashboardStatsDto = z.object({
  /** Patients in the directory. */
  totalPatients: count,
  /** Open queue entries. */
  activeQueue: count,
  /** Entries completed today (clinic-local day). */
  completedToday: count,
  /** Average wait in whole minutes of the entries whose care started today; 0 when none. */
  avgWaitTime: count,
});
/** The dashboard's figures. */
export type DashboardStatsDto = z.infer<typeof dashboardStatsDto>;

/** `GET /api/dashboard/stats` answer. */
export const dashboardStatsResponse = z.object({ success: z.literal(true), stats: dashboardStatsDto });
