import type { Page } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { expect, signIn, test } from './support';

/** The Alerts tab's badge count (ACTIVE alerts), 0 when the badge is not shown. */
async function activeBadge(page: Page): Promise<number> {
  const badge = page.getByTestId('active-alerts-badge');
  if ((await badge.count()) === 0) return 0;
  return Number(await badge.textContent());
}

test('a high-risk kiosk check-in raises a CRITICAL alert on an open emergency room within a second; Acknowledge then Resolve clears it', async ({
  browser,
  page,
}) => {
  const last = `Alert${Date.now()}`;
  const name = `Chris ${last}`;
  // Within a second (the feature kit's bar): only the event stream can bring it in time.
  const live = { timeout: 1_000 };

  const stream = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events');
  await signIn(page, 'nurse@demo.clinic');
  await stream;
  await page.goto('/emergency-room');
  await expect(page.getByRole('heading', { level: 1, name: 'Emergency Room' })).toBeVisible();
  await expect(page.getByText('Demo General Hospital Main Clinic', { exact: true })).toBeVisible();
  await expect(page.getByText('Level II Trauma Center')).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Overview/, selected: true })).toBeVisible();
  const active = page.getByRole('table', { name: 'Active alerts' });
  await expect(active.getByRole('row').nth(1)).toBeVisible();
  const before = await activeBadge(page);
  expect(before).toBeGreaterThan(0);
  // The event stream of the emergency page itself (the shell's) is open before the check-in.
  await expect(active.getByText(name)).toHaveCount(0);

  const kioskContext = await browser.newContext();
  const kiosk = await kioskContext.newPage();
  await kiosk.goto('/kiosk');
  await kiosk.getByRole('button', { name: 'Start Check-in' }).click();
  await kiosk.getByLabel('First Name').fill('Chris');
  await kiosk.getByLabel('Last Name').fill(last);
  await kiosk.getByRole('button', { name: 'Next' }).click();
  await kiosk.getByLabel('Chief Complaint').fill('Crushing chest pain');
  await kiosk.getByLabel('Symptoms').fill('chest pain, shortness of breath');
  await kiosk.getByLabel('Medical History').fill('heart disease');
  await kiosk.getByRole('button', { name: 'Submit' }).click();
  await expect(kiosk.getByRole('heading', { name: 'Check-in Complete!' })).toBeVisible();

  const row = active.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible(live);
  await expect(row).toContainText('HIGH_RISK');
  await expect(row).toContainText('CRITICAL');
  await expect(page.getByTestId('active-alerts-badge')).toHaveText(String(before + 1), live);
  await expect(page.getByRole('table', { name: 'High-risk patients' }).getByRole('row').filter({ hasText: name })).toContainText('100/100');

  await row.getByRole('button', { name: `Acknowledge alert: ${name}` }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId('active-alerts-badge')).toHaveText(String(before));

  await page.getByRole('tab', { name: /^Alerts/ }).click();
  const all = page.getByRole('table', { name: 'Alerts' });
  const acknowledged = all.getByRole('row').filter({ hasText: name });
  await expect(acknowledged).toContainText('ACKNOWLEDGED');
  await expect(acknowledged).toContainText('Acknowledged by Nora Nguyen');
  await acknowledged.getByRole('button', { name: `Resolve alert: ${name}` }).click();
  await expect(acknowledged).toContainText('RESOLVED');
  await expect(acknowledged.getByRole('button')).toHaveCount(0);

  await kioskContext.close();
});

test('every tab renders its data, an unknown tab shows the Overview, and the dashboard has no axe violations', async ({ page }) => {
  await signIn(page, 'doctor@demo.clinic');
  await page.goto('/emergency-room?tab=nope');
  await expect(page.getByRole('tab', { name: /^Overview/, selected: true })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Critical Alerts' })).toBeVisible();
  await expectAccessible(page, { where: 'overview' });

  const tabs: Array<[string, () => Promise<void>]> = [
    ['Alerts', () => expect(page.getByRole('table', { name: 'Alerts' }).getByRole('row').nth(1)).toBeVisible()],
    ['Protocols', () => expect(page.getByText('STEMI (ST-elevation myocardial infarction)')).toBeVisible()],
    [
      'Vital Signs',
      () => expect(page.getByRole('table', { name: 'Vital signs' }).getByRole('row').filter({ hasText: 'Robert Taylor' }).first()).toBeVisible(),
    ],
    ['Risk Assessment', () => expect(page.getByRole('table', { name: 'Risk assessments' }).getByRole('row').nth(1)).toBeVisible()],
    ['Pediatric Care', () => expect(page.getByRole('group', { name: 'Kevin Hill' })).toContainText('Parent Present')],
    ['Mass Casualty', () => expect(page.getByRole('group', { name: 'Mass casualty event TRANSPORT_ACCIDENT' })).toContainText('ACTIVE')],
    ['Metrics', () => expect(page.getByRole('group', { name: 'Total Patients Today' })).toBeVisible()],
    ['Integration', () => expect(page.getByRole('table', { name: 'Integrations' })).toContainText('DISCONNECTED')],
  ];
  for (const [tab, check] of tabs) {
    const reload = page.waitForResponse((r) => r.url().includes('/api/emergency-dashboard/') && !r.url().includes('/dashboard?'));
    await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
    await reload;
    await check();
  }
  await expectAccessible(page, { where: 'after every tab' });

  // Check connections reaches the seeded EMR's address for real: it does not exist, so the EMR is in
  // ERROR, with the outbound guard's one message (the reason is in the server's log, not on screen).
  await page.getByRole('button', { name: 'Check connections' }).click();
  const emr = page.getByRole('table', { name: 'Integrations' }).getByRole('row').filter({ hasText: 'Epic' }).first();
  await expect(emr).toContainText('ERROR');
  await expect(emr).toContainText('Could not connect to the server.');

  // The dashboard's Emergency Room tab shows the live counts.
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await page.getByRole('tab', { name: 'Emergency Room' }).click();
  await expect(page.getByRole('group', { name: 'Active Alerts' })).toContainText(/\d+/);
  await expect(page.getByRole('group', { name: 'Bed Occupancy' })).toContainText('of 12 beds');
});

test('the Vital Signs tab reads its own section: its failure is shown, and Retry reads it again', async ({ page }) => {
  await signIn(page, 'doctor@demo.clinic');
  let fail = true;
  await page.route(/\/api\/emergency-dashboard\/vitals(\?|$)/, (route) =>
    fail ? route.fulfill({ status: 500, json: { success: false, error: 'Internal', message: 'Boom', code: 'internal' } }) : route.continue(),
  );
  await page.goto('/emergency-room?tab=vitals');
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to fetch emergency room data' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Vital signs' })).toHaveCount(0);
  fail = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('table', { name: 'Vital signs' }).getByRole('row').filter({ hasText: 'Robert Taylor' }).first()).toBeVisible();
});

test('a member without the emergency-room permission is refused the screen', async ({ page }) => {
  await signIn(page, 'staff@demo.clinic');
  await page.goto('/emergency-room');
  await expect(page.getByText("You don't have permission to access this feature.")).toBeVisible();
});
