/** The emergency room dashboard. */
export { EmergencyRoomPage } from './EmergencyRoomPage';
