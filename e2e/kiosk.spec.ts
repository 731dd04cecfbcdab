import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { expect, test } from './support';

/**
 * The pain scale's mark labels (0 to 10) sit beside the slider track's pseudo-element, so axe
 * cannot tell their background; they are gray.7 (#495057) on the white card, 8.6:1 (the theme's
 * Slider styles).
 */
const PAIN_SCALE_MARKS = { selector: '.mantine-Slider-markLabel', why: 'gray.7 on white, next to the track' };

/** Presses Tab until `target` has focus (keyboard only, as a kiosk user without a mouse would). */
async function tabTo(page: Page, target: Locator, max = 40) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('could not reach the element with Tab');
}

test('an empty Next or Submit shows "Please fill in all required fields" and stays on the step', async ({ page }) => {
  await page.goto('/kiosk');
  await page.getByRole('button', { name: 'Start Check-in' }).click();
  await expect(page.getByRole('heading', { name: 'Patient Information' })).toBeVisible();

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fill in all required fields');
  await expect(page.getByRole('heading', { name: 'Patient Information' })).toBeVisible();
  await expect(page.getByLabel('First Name')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('First Name').fill('Rosa');
  await page.getByLabel('Last Name').fill('Lindqvist');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Medical Information' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fill in all required fields');
  await expect(page.getByRole('heading', { name: 'Medical Information' })).toBeVisible();
});

test('a keyboard-only check-in reaches "Check-in Complete!" with a queue number', async ({ page }) => {
  await page.goto('/kiosk');
  await tabTo(page, page.getByRole('button', { name: 'Start Check-in' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Patient Information' })).toBeFocused();

  await tabTo(page, page.getByLabel('First Name'));
  await page.keyboard.type('Keya');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Last Name')).toBeFocused();
  await page.keyboard.type('Marlowe');
  await page.keyboard.press('Enter'); // submits the step's form: Next
  await expect(page.getByRole('heading', { name: 'Medical Information' })).toBeFocused();

  await tabTo(page, page.getByLabel('Chief Complaint'));
  await page.keyboard.type('Sprained ankle');
  await tabTo(page, page.getByLabel('Symptoms'));
  await page.keyboard.type('swelling, ankle pain');
  await tabTo(page, page.getByRole('slider'));
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await expect(page.getByText('Pain Level: 4 / 10')).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Submit' }));
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Check-in Complete!' })).toBeVisible();
  await expect(page.getByTestId('queue-number')).toHaveText(/^\d+$/);
  await expect(page.getByRole('link', { name: 'View Queue Manager' })).toHaveAttribute('href', /^\/queue\?source=kiosk/);
});

test('Check-in Another Patient clears the form and returns to the welcome step', async ({ page }) => {
  await page.goto('/kiosk');
  await page.getByRole('button', { name: 'Start Check-in' }).click();
  await page.getByLabel('First Name').fill('Tomas');
  await page.getByLabel('Last Name').fill('Ferreira');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Chief Complaint').fill('Persistent cough');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Check-in Complete!' })).toBeVisible();

  await page.getByRole('button', { name: 'Check-in Another Patient' }).click();
  await expect(page.getByRole('button', { name: 'Start Check-in' })).toBeVisible();
  await page.getByRole('button', { name: 'Start Check-in' }).click();
  await expect(page.getByLabel('First Name')).toHaveValue('');
  await expect(page.getByLabel('Last Name')).toHaveValue('');
});

test('a check-in whose answer is lost is sent again with the same Idempotency-Key: one check-in, the first queue number', async ({ page }) => {
  const keys: string[] = [];
  const replayed: Array<string | undefined> = [];
  let lost: { case: { id: string }; queueNumber: number } | null = null;
  await page.route('**/api/triage/case**', async (route) => {
    keys.push(route.request().headers()['idempotency-key']);
    if (!lost) {
      // The check-in reaches the server and is made, but its answer never reaches the kiosk.
      lost = await (await route.fetch()).json();
      await route.abort('connectionreset');
      return;
    }
    const response = await route.fetch();
    replayed.push(response.headers()['idempotent-replayed']);
    await route.fulfill({ response });
  });
  const checkIn = async (lastName: string) => {
    await page.getByRole('button', { name: 'Start Check-in' }).click();
    await page.getByLabel('First Name').fill('Lena');
    await page.getByLabel('Last Name').fill(lastName);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Chief Complaint').fill('Sore throat');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { name: 'Check-in Complete!' })).toBeVisible();
  };
  await page.goto('/kiosk');
  await checkIn(`Lost${Date.now()}`);
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);
  expect(replayed).toEqual(['true']);
  await expect(page.getByTestId('queue-number')).toHaveText(String(lost!.queueNumber));
  await expect(page.getByRole('link', { name: 'View Queue Manager' })).toHaveAttribute('href', new RegExp(`caseId=${lost!.case.id}`));

  // The next patient is a new check-in with a new key.
  await page.getByRole('button', { name: 'Check-in Another Patient' }).click();
  await checkIn(`Next${Date.now()}`);
  expect(keys).toHaveLength(3);
  expect(keys[2]).not.toBe(keys[0]);
});

test('a failed submission shows the failure message and keeps what was typed', async ({ page }) => {
  // The server answers the check-in with an error (as when the database is unreachable).
  await page.route('**/api/triage/case**', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, message: 'Service unavailable', code: 'service/unavailable' }),
    }),
  );
  await page.goto('/kiosk');
  await page.getByRole('button', { name: 'Start Check-in' }).click();
  await page.getByLabel('First Name').fill('Ines');
  await page.getByLabel('Last Name').fill('Navarro');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Chief Complaint').fill('Headache');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert')).toHaveText('Failed to submit patient data. Please try again.');
  await expect(page.getByLabel('Chief Complaint')).toHaveValue('Headache');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('First Name')).toHaveValue('Ines');
});

test('the kiosk names its organization and clinic, has one main landmark, large targets, no axe violations and no staff code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/kiosk?org=default-clinic&clinicId=default-clinic');
  const banner = page.getByLabel('Connected organization and clinic');
  await expect(banner).toContainText('Organization: Demo General Hospital');
  await expect(banner).toContainText('Clinic: Demo General Hospital Main Clinic');
  await expect(page.locator('main')).toHaveCount(1);

  const start = page.getByRole('button', { name: 'Start Check-in' });
  expect((await start.boundingBox())!.height).toBeGreaterThanOrEqual(48);
  await start.click();
  expect((await page.getByLabel('First Name').boundingBox())!.height).toBeGreaterThanOrEqual(48);

  for (const step of ['patient', 'medical']) {
    await expectAccessible(page, { where: step, contrastCheckedByEye: step === 'medical' ? [PAIN_SCALE_MARKS] : [] });
    if (step === 'patient') {
      await page.getByLabel('First Name').fill('Ada');
      await page.getByLabel('Last Name').fill('Okafor');
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByRole('heading', { name: 'Medical Information' })).toBeVisible();
    }
  }
  // Staff chunks are named after their modules (the staff shell, the queue manager, the dashboard).
  expect(scripts.filter((u) => /\/(StaffShell|QueueManager|dashboard|auth)-[^/]*\.js$/.test(u))).toEqual([]);
});

test('a kiosk whose URL names an unknown organization says so and cannot start a check-in', async ({ page }) => {
  await page.goto('/kiosk?organization=no-such-clinic');
  await expect(page.getByRole('alert')).toHaveText('This kiosk is not connected to a known clinic. Please ask a member of staff for help.');
  await expect(page.getByRole('button', { name: 'Start Check-in' })).toBeDisabled();
});

test('the kiosk goes back to its welcome step with an empty form after a minute without use', async ({ page }) => {
  await page.clock.install();
  await page.goto('/kiosk');
  await page.getByRole('button', { name: 'Start Check-in' }).click();
  await page.getByLabel('First Name').fill('Idle');
  await page.clock.runFor(59_000);
  await expect(page.getByLabel('First Name')).toHaveValue('Idle');
  await page.clock.runFor(2_000);
  await expect(page.getByRole('button', { name: 'Start Check-in' })).toBeVisible();
  await page.getByRole('button', { name: 'Start Check-in' }).click();
  await expect(page.getByLabel('First Name')).toHaveValue('');
});
