/** The Analytics Overview widget's figures (the dashboard's Analytics tab and the /analytics page). */
export {
  ANALYTICS_REFRESH_MS,
  analyticsErrorMessage,
  analyticsOverviewKeys,
  getAnalyticsOverviewQueryOptions,
  useAnalyticsOverview,
  type AnalyticsOverview,
} from './get-analytics-overview';
