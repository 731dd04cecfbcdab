/** The visitor kiosk's test body, for tests outside the visitors module (the platform's). */
export { visitorPayload } from '../modules/visitors/visitors.fixtures.js';
