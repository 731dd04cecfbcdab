import type { Permission, Role } from '@clinic/domain/rules/access';
import { DASHBOARD_ACCESS, PATIENTS_ACCESS, TRIAGE_ACCESS } from '@clinic/domain/rules/route-access';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';

/**
 * The whole route table (platform-core section 2). Every page is loaded lazily, so public pages
 * never download staff screens; guards wrap staff pages in the lazily loaded staff shell. Pages
 * that read the API sit under the lazily loaded data layout (TanStack Query), so the static public
 * pages, `/` first, load neither it nor the state screens (the first-load budget of issue 5).
 */

type PageModule = Promise<{ [name: string]: ComponentType }>;
const page = (load: () => PageModule, name: string): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load())[name] }),
});

/** A public route with its page. */
const pub = (path: string, load: () => PageModule, name: string): RouteObject => ({ path, ...page(load, name) });

const stateScreens = () => import('../ui/StateScreens');

/** A public route whose feature comes with later work. */
const publicSoon = (path: string, title: string): RouteObject => ({
  path,
  lazy: async () => {
    const { ComingSoon } = await stateScreens();
    return {
      Component: () => (
        <main>
          <ComingSoon title={title} />
        </main>
      ),
    };
  },
});

/** A staff route: signed in, then optionally a role or permission. */
const staff = (path: string, load: () => PageModule, name: string, access: { role?: Role; permission?: Permission } = {}): RouteObject => ({
  path,
  handle: { access },
  ...page(load, name),
});

/** A staff route whose feature comes with later work. */
const staffSoon = (path: string, title: string, access: { role?: Role; permission?: Permission } = {}): RouteObject => ({
  path,
  handle: { access },
  lazy: async () => {
    const { ComingSoon } = await stateScreens();
    return { Component: () => <ComingSoon title={title} /> };
  },
});

// Public pages: one chunk per page (or small group), so `/` carries no legal text or form code.
const landingPage = () => import('../features/public/LandingPage');
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
const patientPages = () => import('../features/patients');
const kioskPages = () => import('../features/kiosk');
const queuePages = () => import('../features/queue');
const triagePages = () => import('../features/triage');

export const routes: RouteObject[] = [
  // Static public pages: no API, no data layer.
  pub('/', landingPage, 'LandingPage'),
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
      publicSoon('/emergency-kiosk', 'Emergency Room Kiosk'),
      pub('/cds-queue', queuePages, 'QueuePage'),
      pub('/queue', queuePages, 'QueuePage'),
      publicSoon('/test-patient-flow', 'Patient Flow Test'),
      publicSoon('/test-organization', 'Organization Management Test'),
      publicSoon('/test-data-segregation', 'Data Segregation Test'),
      publicSoon('/pediatric-intake', 'Pediatric Intake'),

      // Signed in
      {
        lazy: async () => ({ Component: (await import('./StaffShell')).StaffShell }),
        children: [
          staff('/dashboard', dashboardPages, 'DashboardPage', DASHBOARD_ACCESS.view),
          staffSoon('/analytics', 'Analytics Dashboard'),
          staffSoon('/settings', 'Settings'),
          staffSoon('/billing', 'Billing'),
          staff('/triage', triagePages, 'TriagePage', TRIAGE_ACCESS.use),
          staffSoon('/emergency-room', 'Emergency Room', { permission: 'canAccessEmergencyRoom' }),
          staff('/patients', patientPages, 'PatientListPage', PATIENTS_ACCESS.manage),
          staff('/patients/new', patientPages, 'PatientFormPage', PATIENTS_ACCESS.manage),
          staff('/patients/:id', patientPages, 'PatientDetailPage', PATIENTS_ACCESS.manage),
          staff('/patients/:id/edit', patientPages, 'PatientFormPage', PATIENTS_ACCESS.manage),
          staffSoon('/visitors', 'Visitor Management', { permission: 'canManageVisitors' }),
          staffSoon('/visitor-management', 'Visitor Management', { permission: 'canManageVisitors' }),
          staffSoon('/clinical-trials', 'Clinical Trials', { permission: 'canManageClinicalTrials' }),
          staffSoon('/organization', 'Organization', { role: 'Owner' }),
          staffSoon('/organization/settings', 'Organization Settings', { role: 'Admin' }),
        ],
      },
    ],
  },

  { path: '*', lazy: async () => ({ Component: (await stateScreens()).NotFoundScreen }) },
];

export const router = createBrowserRouter(routes);
