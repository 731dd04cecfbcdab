/** The public self check-in kiosks: the patient kiosk and the emergency-room kiosk. */
export { EmergencyKioskPage } from './EmergencyKioskPage';
export { KioskPage } from './KioskPage';
