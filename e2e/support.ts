import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';

/** The demo accounts' password (the e2e server's DEMO_PASSWORD). */
export const DEMO_PASSWORD = 'demo-password';

/**
 * Collects every Content Security Policy violation of a context's pages: Chromium's console
 * report ("Refused to ...") and the page's `securitypolicyviolation` event, which also catches
 * what the console might word differently.
 */
async function watchContentSecurityPolicy(context: BrowserContext, violations: string[]) {
  context.on('console', (message) => {
    if (/Refused to|Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await context.exposeBinding('__reportCspViolation', (_source, text: string) => {
    violations.push(text);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
      report(`CSP ${e.effectiveDirective} blocked ${e.blockedURI || 'an inline resource'} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
}

/**
 * Playwright's `test` with an automatic guard: a test fails when any page it opened, in its own
 * context or in one it made with `browser.newContext()`, hit a CSP violation. Every spec imports
 * `test` and `expect` from here. A test may read (and clear) `cspViolations` to check the guard.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ browser, context }, use) => {
      const violations: string[] = [];
      await watchContentSecurityPolicy(context, violations);
      const newContext = browser.newContext;
      browser.newContext = async (...args) => {
        const created = await newContext.apply(browser, args);
        await watchContentSecurityPolicy(created, violations);
        return created;
      };
      try {
        await use(violations);
      } finally {
        browser.newContext = newContext;
      }
      expect(violations, 'Content Security Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Fills and submits the /login form, as a person would; does not wait for the outcome. */
export async function submitSignIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Signs in through the /login form and waits for the dashboard. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * Closes, as the person would, any page alert that arrives while a test works on `page`: another
 * spec's emergency check-in can escalate a page to a demo member minutes later, and its
 * notification then sits over the form's buttons. For specs about something other than paging.
 */
export async function closeArrivingPageAlerts(page: Page) {
  await page.addLocatorHandler(page.getByRole('alert').filter({ hasText: /^(Routine|Urgent|Emergency) page/ }), async (alert) => {
    await alert.getByRole('button', { name: 'Close' }).click();
  });
}

/** Signs out through the header's user menu (the staff shell's "Sign Out"). */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
}

/**
 * The address stand-ins for outside systems (an identity provider, an EHR) listen on: one of this
 * machine's that is not loopback, which the test server may reach (playwright.config.ts).
 */
export function outsideAddress(): string {
  const address = process.env.E2E_OUTSIDE_ADDRESS;
  if (!address) throw new Error('This machine has no IPv4 address besides loopback for the stand-in outside systems to listen on.');
  return address;
}
