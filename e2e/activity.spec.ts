import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { expect, signIn, test } from './support';

/** The Overview's Recent Activity panel, found by its heading. */
const panel = (page: Page) => page.getByRole('region', { name: 'Recent Activity' });

/** A kiosk check-in from a browser of its own, as a patient in the waiting room would make it. */
async function kioskCheckIn(browser: Browser, first: string, last: string, complaint: string) {
  const context = await browser.newContext();
  const kiosk = await context.newPage();
  await kiosk.goto('/kiosk');
  await kiosk.getByRole('button', { name: 'Start Check-in' }).click();
  await kiosk.getByLabel('First Name').fill(first);
  await kiosk.getByLabel('Last Name').fill(last);
  await kiosk.getByRole('button', { name: 'Next' }).click();
  await kiosk.getByLabel('Chief Complaint').fill(complaint);
  await kiosk.getByRole('button', { name: 'Submit' }).click();
  await expect(kiosk.getByRole('heading', { name: 'Check-in Complete!' })).toBeVisible();
  await context.close();
}

test('a kiosk check-in in another browser appears in Recent Activity of an open dashboard without reload, named only for the queue permission', async ({
  browser,
  page,
}) => {
  const last = `Activity${Date.now()}`;
  const stream = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events');
  await signIn(page, 'nurse@demo.clinic');
  await stream;
  const recent = panel(page);
  // The demo clinic's morning: more than 10 events, the newest 10 listed.
  await expect(recent.getByRole('list', { name: 'Recent activity' }).getByRole('listitem')).toHaveCount(10);
  await expect(recent.getByRole('button', { name: /^View all activity \(\d+ total\)$/ })).toBeVisible();
  await expect(recent.getByText(`Mina ${last} checked in`)).toHaveCount(0);

  await kioskCheckIn(browser, 'Mina', last, 'Sprained ankle');
  // Far under the 30 s poll: only the event stream brings it this soon.
  const item = recent.getByRole('listitem').filter({ hasText: `Mina ${last} checked in` });
  await expect(item).toBeVisible({ timeout: 3_000 });
  await expect(item).toContainText('Sprained ankle');
  await expect(item).toContainText('Just now');
  await expect(recent.getByRole('listitem').filter({ hasText: `New patient: Mina ${last}` })).toBeVisible();

  // A Viewer holds neither the queue nor the patients permission: the same events, nameless.
  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  await signIn(viewer, 'viewer@demo.clinic');
  await expect(panel(viewer).getByText('A patient checked in').first()).toBeVisible();
  await expect(panel(viewer)).not.toContainText(last);
  await expect(panel(viewer)).not.toContainText('Sprained ankle');
  await viewerContext.close();
});

test('View all activity opens the full list a page at a time', async ({ page }) => {
  await signIn(page, 'doctor@demo.clinic');
  const viewAll = panel(page).getByRole('button', { name: /^View all activity \((\d+) total\)$/ });
  const total = Number((await viewAll.textContent())!.match(/\((\d+) total\)/)![1]);
  expect(total).toBeGreaterThan(20);
  await viewAll.click();
  const dialog = page.getByRole('dialog', { name: 'All activity' });
  await expect(dialog.getByRole('list', { name: /^All activity, page 1 of \d+$/ }).getByRole('listitem')).toHaveCount(20);
  const firstTitle = await dialog.getByRole('listitem').first().textContent();
  await dialog.getByRole('navigation', { name: 'All activity pages' }).getByRole('button', { name: 'Page 2' }).click();
  await expect(dialog.getByRole('list', { name: /^All activity, page 2 of \d+$/ })).toBeVisible();
  await expect(dialog.getByRole('listitem').first()).not.toHaveText(firstTitle!);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('the panel shows the spec states: 4 skeleton rows, "Failed to load recent activity" with Retry, and "No recent activity" with its hint', async ({
  page,
}) => {
  let answer: 'slow-error' | 'empty' | 'real' = 'slow-error';
  await page.route('**/api/activity/recent*', async (route) => {
    if (answer === 'real') return route.continue();
    if (answer === 'empty') return route.fulfill({ json: { success: true, activities: [], total: 0 } });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    return route.fulfill({ status: 500, json: { success: false, error: 'Internal', message: 'Boom', code: 'internal' } });
  });
  await signIn(page, 'nurse@demo.clinic');
  const recent = panel(page);
  await expect(recent.getByRole('status', { name: 'Loading recent activity' }).getByTestId('activity-skeleton-row')).toHaveCount(4);
  await expect(recent.getByRole('alert')).toContainText('Failed to load recent activity', { timeout: 15_000 });
  await expect(recent).not.toContainText('Boom');

  answer = 'empty';
  await recent.getByRole('button', { name: 'Retry' }).click();
  await expect(recent.getByText('No recent activity')).toBeVisible();
  await expect(recent.getByText('Activity will appear here as patients check in and receive care')).toBeVisible();
  await expect(recent.getByRole('button', { name: 'Refresh' })).toHaveCount(0);

  answer = 'real';
  await page.reload();
  await expect(recent.getByRole('list', { name: 'Recent activity' }).getByRole('listitem').first()).toBeVisible();
  await recent.getByRole('button', { name: 'Refresh' }).click();
  await expect(recent.getByRole('list', { name: 'Recent activity' }).getByRole('listitem')).toHaveCount(10);
});

test('the dashboard overview with its Recent Activity has no axe violations', async ({ page }) => {
  await signIn(page, 'owner@demo.clinic');
  await expect(panel(page).getByRole('list', { name: 'Recent activity' }).getByRole('listitem')).toHaveCount(10);
  await expectAccessible(page, { where: 'overview' });
  await panel(page)
    .getByRole('button', { name: /^View all activity/ })
    .click();
  const modal = page.getByRole('dialog', { name: 'All activity' });
  await expect(modal.getByRole('listitem').first()).toBeVisible();
  // Axe reads colours as painted: wait for the modal's fade-in to end, or half-transparent badges fail contrast.
  await expect(modal).toHaveCSS('opacity', '1');
  await expectAccessible(page, { where: 'all activity' });
});
