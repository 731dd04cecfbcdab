/** The main dashboard. */
export { DashboardPage } from './DashboardPage';
