/** Visitors: the public visitor check-in kiosk and the staff console. */
export { VisitorConsolePage } from './VisitorConsolePage';
export { VisitorKioskPage } from './VisitorKioskPage';
