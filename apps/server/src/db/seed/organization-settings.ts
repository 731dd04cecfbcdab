/**
 * The demo organization's settings of the `/organization/settings` screen: a password
 * policy, the notifications, two connected systems and where invoices go. Two-factor sign-in and
 * an IP allow-list are left off, so every demo account signs in with its password from anywhere.
 */
export function demoOrganizationSettings() {
  return {
    requireTwoFactor: false,
    passwordPolicy: { minLength: 8, requireSymbols: false, requireNumbers: false, requireUppercase: false },
    ipWhitelist: [],
    notifications: {
      email: { userInvitations: true, userActivity: false, systemAlerts: true, billing: true },
      inApp: { userActivity: true, systemAlerts: true, maintenance: false },
    },
    integrations: {
      emr: { enabled: true, systemName: 'Epic', endpoint: 'https://fhir.demo-general.example/api/FHIR/R4' },
      lab: { enabled: true, systemName: 'Quest Quanum', endpoint: 'https://lab.demo-general.example/results' },
      radiology: { enabled: false, systemName: '', endpoint: '' },
    },
    billing: {
      email: 'billing@demo.clinic',
      address: { street: '100 Main Street', city: 'Springfield', state: 'CA', zip: '90000' },
    },
  };
}
