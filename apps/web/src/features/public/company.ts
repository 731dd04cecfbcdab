/**
 * The company details the public pages show, in one place. The addresses use the reserved
 * `.example` domain and a 555-01xx number until the real ones are decided, so no message can reach a
 * stranger by mistake.
 */
export const COMPANY = {
  name: 'ClinicFlow',
  copyrightYear: 2024,
  address: ['100 Market Street, Suite 400', 'San Francisco, CA 94105', 'United States'],
  phone: '+1 (555) 010-0142',
  emails: {
    contact: 'contact@clinicflow.example',
    sales: 'sales@clinicflow.example',
    support: 'support@clinicflow.example',
    privacy: 'privacy@clinicflow.example',
    security: 'security@clinicflow.example',
    legal: 'legal@clinicflow.example',
  },
} as const;

/** Business hours (operations-and-public section 9). */
export const BUSINESS_HOURS = [
  { days: 'Monday-Friday', hours: '9:00 AM-6:00 PM PST' },
  { days: 'Saturday', hours: '10:00 AM-4:00 PM PST' },
  { days: 'Sunday', hours: 'Closed' },
] as const;

/** Emergency support and the privacy officer's office hours (section 9). */
export const EMERGENCY_SUPPORT = 'Emergency support 24/7';
export const PRIVACY_OFFICE_HOURS = 'Monday-Friday 9:00 AM-5:00 PM EST';
/** The emergency number shown in the product (section 9). */
export const EMERGENCY_NUMBER = '999';
