/** The analytics dashboard (/analytics). */
export { AnalyticsPage } from './AnalyticsPage';
