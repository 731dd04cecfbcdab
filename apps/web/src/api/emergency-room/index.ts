/** The emergency room dashboard's data, read by the emergency room screen and the dashboard's Emergency tab. */
export { getEmergencyDashboardQueryOptions, useEmergencyDashboard } from './get-emergency-dashboard';
export { emergencyKeys, type EmergencySectionName } from './keys';
