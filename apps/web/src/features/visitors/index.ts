/** Visitors: the public visitor check-in kiosk. */
export { VisitorKioskPage } from './VisitorKioskPage';
