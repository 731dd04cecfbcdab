/** The public self check-in kiosk. */
export { KioskPage } from './KioskPage';
