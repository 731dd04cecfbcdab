/**
 * Public pages: landing, marketing, legal and the patient assistant page. The router
 * loads each page file on its own; this index is for anything that wants them all.
 */
export { LandingPage } from './LandingPage';
export { PricingPage } from './PricingPage';
export { AboutPage } from './AboutPage';
export { ContactPage } from './ContactPage';
export { BlogPage, CareersPage, DocumentationPage, HelpPage } from './PlaceholderPages';
export { PrivacyPage } from './legal/PrivacyPage';
export { TermsPage } from './legal/TermsPage';
export { HipaaNoticePage } from './legal/HipaaNoticePage';
export { CookiePolicyPage } from './legal/CookiePolicyPage';
export { SecurityPage } from './legal/SecurityPage';
export { PatientAssistantPage } from './PatientAssistantPage';
