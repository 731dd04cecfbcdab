import type { RouteAccessRule } from '@clinic/domain/rules/route-access';
import { WORKSPACE_AREAS as AREAS, type WorkspaceArea } from '@clinic/domain/rules/workspace-areas';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LandingPage } from '../features/public/LandingPage';
import { PageActionProvider } from './page-action';

/**
 * The whole route table (platform-core section 2). The landing page `/` comes with the entry, so it
 * paints without waiting for another chunk; every other page is loaded lazily, so public pages
 * never download staff screens; guards wrap staff pages in the lazily loaded staff shell. Pages
 * that read the API sit under the lazily loaded data layout (TanStack Query), so the static public
 * pages, `/` first, load neither it nor the state screens (the public pages' first-load budget).
 *
 * The staff areas' paths and guards come from the domain's `WORKSPACE_AREAS`, which the side
 * navigation and the command palette read too: a link the navigation shows is one its guard allows.
 */

type PageModule = Promise<{ [name: string]: ComponentType }>;
const page = (load: () => PageModule, name: string): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load())[name] }),
});

/** A public route with its page. */
const pub = (path: string, load: () => PageModule, name: string): RouteObject => ({ path, ...page(load, name) });

const stateScreens = () => import('../ui/StateScreens');

/** A staff route: signed in, then the access rule (role, permission, plan feature) its guard checks. */
const staff = (path: string, load: () => PageModule, name: string, access: RouteAccessRule = {}): RouteObject => ({
  path,
  handle: { access },
  ...page(load, name),
});

/** A workspace area's routes (its path and aliases), guarded by the area's rule. */
const area = (a: WorkspaceArea, load: () => PageModule, name: string): RouteObject[] =>
  [a.path, ...(a.aliases ?? [])].map((path) => staff(path, load, name, a.access));

// Public pages: one chunk per page (or small group), so `/` carries no legal text or form code.
const pricingPage = () => import('../features/public/PricingPage');
const aboutPage = () => import('../features/public/AboutPage');
const contactPage = () => import('../features/public/ContactPage');
const placeholderPages = () => import('../features/public/PlaceholderPages');
const privacyPage = () => import('../features/public/legal/PrivacyPage');
const termsPage = () => import('../features/public/legal/TermsPage');
const hipaaNoticePage = () => import('../features/public/legal/HipaaNoticePage');
const cookiePolicyPage = () => import('../features/public/legal/CookiePolicyPage');
const securityPage = () => import('../features/public/legal/SecurityPage');
const patientAssistantPage = () => import('../features/public/PatientAssistantPage');
const authPages = () => import('../features/auth');
const dashboardPages = () => import('../features/dashboard');
// Its charts (@mantine/charts, recharts) load with this route only.
const analyticsPages = () => import('../features/analytics');
const patientPages = () => import('../features/patients');
const kioskPages = () => import('../features/kiosk');
const visitorKioskPage = () => import('../features/visitors/VisitorKioskPage');
const visitorPages = () => import('../features/visitors');
const queuePages = () => import('../features/queue');
// The Queue Manager is outside the staff shell (the area is public): it gets the "Page" action here.
const queueWithPaging = async () => {
  const { QueuePage } = await queuePages();
  return {
    QueuePage: function QueuePageWithPaging() {
      return (
        <PageActionProvider>
          <QueuePage />
        </PageActionProvider>
      );
    },
  };
};
const triagePages = () => import('../features/triage');
const emergencyPages = () => import('../features/emergency');
const pagingPages = () => import('../features/paging');
const testPages = () => import('../features/test-pages');
const pediatricIntakePages = () => import('../features/pediatric-intake');
const clinicalTrialPages = () => import('../features/clinical-trials');
const accountSecurityPages = () => import('../features/account-security');
const organizationSettingsPages = () => import('../features/organization-settings');
const organizationPages = () => import('../features/organizations/pages');
const billingPages = () => import('../features/billing');
// The settings screen with the SOC 2 dashboard as one of its categories.
const settingsPages = () => import('./SettingsRoute');

export const routes: RouteObject[] = [
  // Static public pages: no API, no data layer.
  { path: '/', Component: LandingPage },
  pub('/about', aboutPage, 'AboutPage'),
  pub('/contact', contactPage, 'ContactPage'),
  pub('/help', placeholderPages, 'HelpPage'),
  pub('/documentation', placeholderPages, 'DocumentationPage'),
  pub('/blog', placeholderPages, 'BlogPage'),
  pub('/careers', placeholderPages, 'CareersPage'),
  pub('/privacy', privacyPage, 'PrivacyPage'),
  pub('/terms', termsPage, 'TermsPage'),
  pub('/hipaa-notice', hipaaNoticePage, 'HipaaNoticePage'),
  pub('/cookie-policy', cookiePolicyPage, 'CookiePolicyPage'),
  pub('/security', securityPage, 'SecurityPage'),
  pub('/patients/copilotmd', patientAssistantPage, 'PatientAssistantPage'),

  // Everything that reads the API.
  {
    lazy: async () => ({ Component: (await import('./DataLayout')).DataLayout }),
    children: [
      // Public
      pub('/login', authPages, 'LoginPage'),
      pub('/verify-email', authPages, 'VerifyEmailPage'),
      pub('/pricing', pricingPage, 'PricingPage'),
      pub('/kiosk', kioskPages, 'KioskPage'),
      pub('/visitor-kiosk', visitorKioskPage, 'VisitorKioskPage'),
      pub('/emergency-kiosk', kioskPages, 'EmergencyKioskPage'),
      // The Queue area (`AREAS.queue`) is public: staff get the Queue Manager, anyone else the board.
      pub('/cds-queue', queueWithPaging, 'QueuePage'),
      pub('/queue', queueWithPaging, 'QueuePage'),
      pub('/test-patient-flow', testPages, 'PatientFlowTestPage'),
      pub('/test-organization', testPages, 'OrganizationTestPage'),
      pub('/test-data-segregation', testPages, 'DataSegregationTestPage'),
      pub('/pediatric-intake', pediatricIntakePages, 'PediatricIntakePage'),

      // Signed in
      {
        lazy: async () => {
          // The session is asked for while the shell's chunks load, not once they have rendered.
          void import('./DataLayout').then((m) => m.prefetchSession());
          return { Component: (await import('./StaffShell')).StaffShell };
        },
        children: [
          ...area(AREAS.dashboard, dashboardPages, 'DashboardPage'),
          ...area(AREAS.analytics, analyticsPages, 'AnalyticsPage'),
          ...area(AREAS.settings, settingsPages, 'SettingsRoutePage'),
          ...area(AREAS.billing, billingPages, 'BillingPage'),
          ...area(AREAS.triage, triagePages, 'TriagePage'),
          ...area(AREAS.emergencyRoom, emergencyPages, 'EmergencyRoomPage'),
          ...area(AREAS.paging, pagingPages, 'PagingPage'),
          ...area(AREAS.patients, patientPages, 'PatientListPage'),
          staff('/patients/new', patientPages, 'PatientFormPage', AREAS.patients.access),
          staff('/patients/:id', patientPages, 'PatientDetailPage', AREAS.patients.access),
          staff('/patients/:id/edit', patientPages, 'PatientFormPage', AREAS.patients.access),
          ...area(AREAS.visitors, visitorPages, 'VisitorConsolePage'),
          ...area(AREAS.clinicalTrials, clinicalTrialPages, 'ClinicalTrialsPage'),
          ...area(AREAS.organization, organizationPages, 'OrganizationPage'),
          ...area(AREAS.organizationSettings, organizationSettingsPages, 'OrganizationSettingsPage'),
          staff('/account/security', accountSecurityPages, 'AccountSecurityPage'),
        ],
      },
    ],
  },

  { path: '*', lazy: async () => ({ Component: (await stateScreens()).NotFoundScreen }) },
];

export const router = createBrowserRouter(routes);
