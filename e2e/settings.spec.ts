import type { Page } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { expect, signIn, test } from './support';

/**
 * The settings screen (/settings) and the SOC 2 dashboard. Specs that change settings use a new
 * account with an organization of its own, so no other spec's demo member sees their choices.
 */

/** Signs up a new account and creates `names` organizations for it (the last one current). */
async function newMember(page: Page, names: string[]): Promise<string> {
  const email = `settings-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;
  await page.goto('/about');
  await page.evaluate(
    async ({ email, names }) => {
      const post = (url: string, body: unknown) =>
        fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const signUp = await post('/api/auth/sign-up', { email, password: 'another-secret-pass-42' });
      if (!signUp.ok) throw new Error(`sign-up: ${signUp.status}`);
      for (const name of names) {
        const created = await post('/api/organizations', { name, type: 'clinic' });
        if (!created.ok) throw new Error(`organization: ${created.status} ${await created.text()}`);
      }
    },
    { email, names },
  );
  return email;
}

async function openCategory(page: Page, name: string) {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await page.getByRole('tab', { name }).click();
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function save(page: Page) {
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Unsaved changes')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
}

test('switching the theme to Dark persists across a reload, and the screen is axe clean in both colour schemes', async ({ page }) => {
  await newMember(page, [`Theme Clinic ${Date.now()}`]);
  await openCategory(page, 'Appearance');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await expectAccessible(page);
  await choose(page, 'Theme', 'Dark');
  await save(page);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.getByRole('tab', { name: 'Appearance' }).click();
  await expect(page.getByRole('combobox', { name: 'Theme' })).toHaveValue('Dark');
  await expectAccessible(page);
});

test('24h time changes the dashboard clock, and hiding Recent Activity hides it', async ({ page }) => {
  await newMember(page, [`Clock Clinic ${Date.now()}`]);
  await page.goto('/dashboard');
  const clock = page.getByLabel('Current time');
  await expect(clock).toHaveText(/^\d{1,2}:\d{2}:\d{2} (AM|PM)$/);
  await expect(page.getByRole('heading', { name: 'Recent Activity' })).toBeVisible();

  await openCategory(page, 'Appearance');
  await choose(page, 'Time Format', '24h');
  await page.getByRole('tab', { name: 'Preferences' }).click();
  await page.getByRole('switch', { name: 'Show recent activity' }).click();
  await save(page);

  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(clock).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
  await expect(page.getByRole('heading', { name: 'Quick Actions' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent Activity' })).toBeHidden();
  // The Settings tab of the dashboard reads the stored preferences.
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('row', { name: 'Recent activity Off' })).toBeVisible();
});

test('the System category switches the organization', async ({ page }) => {
  const stamp = Date.now();
  await newMember(page, [`North Clinic ${stamp}`, `South Clinic ${stamp}`]);
  await openCategory(page, 'System');
  await expect(page.getByRole('row', { name: `Current organization South Clinic ${stamp}` })).toBeVisible();
  await page.getByRole('button', { name: 'Switch', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Switch Organization' });
  await expect(dialog.getByRole('button', { name: new RegExp(`South Clinic ${stamp}.*Current`) })).toBeVisible();
  await dialog.getByRole('button', { name: new RegExp(`North Clinic ${stamp}`) }).click();
  await expect(page.getByText('Organization switched successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByRole('tab', { name: 'System' }).click();
  await expect(page.getByRole('row', { name: `Current organization North Clinic ${stamp}` })).toBeVisible();
});

test('the SOC 2 tab and the audit trail show the seeded security events', async ({ page, context }) => {
  await signIn(page, 'admin@demo.clinic');
  await openCategory(page, 'SOC 2 Compliance');
  await expect(page.getByRole('heading', { name: 'SOC 2 Compliance Dashboard' })).toBeVisible();
  const soc2 = page.getByRole('tabpanel', { name: 'SOC 2 Compliance' });
  for (const label of ['Security', 'Availability', 'Processing Integrity', 'Confidentiality', 'Privacy']) {
    await expect(soc2.getByRole('tab', { name: label, exact: true })).toBeVisible();
  }
  await expect(page.getByText(/^Uptime: \d+ days, \d+ hours, \d+ minutes$/)).toBeVisible();
  const events = page.locator('.mantine-Card-root', { has: page.getByRole('heading', { name: 'Recent Security Events' }) });
  await expect(events.getByRole('row')).not.toHaveCount(0);
  await expectAccessible(page);

  await soc2.getByRole('tab', { name: 'Security', exact: true }).click();
  await expect(soc2.getByRole('cell', { name: 'Multi-factor authentication adoption' })).toBeVisible();

  const [trail] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'View Audit Trail' }).click()]);
  await trail.waitForLoadState();
  await expect(trail.getByRole('heading', { name: 'Audit Trail' })).toBeVisible();
  await trail.getByLabel('Action').fill('auth.sign-in-failed');
  await trail.getByRole('button', { name: 'Filter' }).click();
  await expect(trail.getByRole('cell', { name: 'auth.sign-in-failed' }).first()).toBeVisible();
  await expect(trail.getByRole('cell', { name: /nurse@demo\.clinic/ }).first()).toBeVisible();
});

test('24h time also changes the times of the queue: the patient details show 24-hour times', async ({ page, browser }) => {
  await newMember(page, [`Queue Clock Clinic ${Date.now()}`]);
  const tenant = await page.evaluate(async () => {
    const session = await (await fetch('/api/auth/session')).json();
    return { organizationId: session.organization.id as string, clinicId: session.clinic.id as string };
  });
  // A kiosk check-in at the member's own clinic, in a context of its own (a kiosk is public).
  const last = `Q${Date.now().toString(36)}`;
  const kioskContext = await browser.newContext();
  const kiosk = await kioskContext.newPage();
  await kiosk.goto(`/kiosk?organizationId=${tenant.organizationId}&clinicId=${tenant.clinicId}`);
  await kiosk.getByRole('button', { name: 'Start Check-in' }).click();
  await kiosk.getByLabel('First Name').fill('Hartmut');
  await kiosk.getByLabel('Last Name').fill(last);
  await kiosk.getByRole('button', { name: 'Next' }).click();
  await kiosk.getByLabel('Chief Complaint').fill('Sprained ankle');
  await kiosk.getByRole('button', { name: 'Submit' }).click();
  await expect(kiosk.getByRole('heading', { name: 'Check-in Complete!' })).toBeVisible();
  await kioskContext.close();

  const checkedIn = async () => {
    await page.goto('/cds-queue');
    await page
      .getByRole('article', { name: `Hartmut ${last}` })
      .getByRole('button', { name: 'View Details' })
      .click();
    const modal = page.getByRole('dialog', { name: `Hartmut ${last}` });
    await expect(modal).toBeVisible();
    return modal.getByText('Checked in', { exact: true }).locator('..').locator('time');
  };
  await expect(await checkedIn()).toHaveText(/^\d{1,2}:\d{2}:\d{2}\s(AM|PM)$/);

  await openCategory(page, 'Appearance');
  await choose(page, 'Time Format', '24h');
  await save(page);
  await expect(await checkedIn()).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
});

test('a call refused because the session ended (as an inactivity timeout ends it) shows the sign-in page', async ({ page, context }) => {
  const email = await newMember(page, [`Timeout Clinic ${Date.now()}`]);
  await openCategory(page, 'Appearance');
  await choose(page, 'Theme', 'Dark');
  // The server no longer knows this browser's session: its next call is refused with 401.
  await context.clearCookies();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Email')).toBeVisible();
  // Signing in again returns to the page the session ended on.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('another-secret-pass-42');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/settings$/);
});

test("an Admin switches the lab system on from the System category, and the organization's settings show it", async ({ page }) => {
  await newMember(page, [`Lab Clinic ${Date.now()}`]);
  await openCategory(page, 'System');
  const lab = page.getByRole('switch', { name: 'Lab system' });
  await expect(lab).not.toBeChecked();
  await lab.click();
  await expect(lab).toBeChecked();
  await page.reload();
  await page.getByRole('tab', { name: 'System' }).click();
  await expect(page.getByRole('switch', { name: 'Lab system' })).toBeChecked();
  const stored = await page.evaluate(async () => (await (await fetch('/api/organizations/settings')).json()).settings.integrations.lab.enabled);
  expect(stored).toBe(true);
});

test('a member who is not an Admin sees the integrations read-only', async ({ page }) => {
  await signIn(page, 'doctor@demo.clinic');
  await openCategory(page, 'System');
  for (const name of ['EMR', 'Lab system', 'Radiology']) await expect(page.getByRole('switch', { name })).toBeDisabled();
});
