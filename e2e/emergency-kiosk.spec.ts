import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { expect, signIn, test } from './support';

/** Presses Tab until `target` has focus (keyboard only). */
async function tabTo(page: Page, target: Locator, max = 40) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('could not reach the element with Tab');
}

test('a "chest pain" check-in at the emergency kiosk puts a CRITICAL alert on an open emergency room within a second', async ({
  browser,
  page,
}) => {
  const last = `Erkiosk${Date.now()}`;
  const name = `Chris ${last}`;
  const live = { timeout: 8_000 };

  const stream = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events');
  await signIn(page, 'nurse@demo.clinic');
  await stream;
  await page.goto('/emergency-room');
  const active = page.getByRole('table', { name: 'Active alerts' });
  await expect(active.getByRole('row').nth(1)).toBeVisible();
  const badge = page.getByTestId('active-alerts-badge');
  const before = (await badge.count()) ? Number(await badge.textContent()) : 0;

  const kioskContext = await browser.newContext();
  const kiosk = await kioskContext.newPage();
  await kiosk.goto('/emergency-kiosk');
  await expect(kiosk.getByRole('heading', { level: 1, name: 'What brings you to the emergency room?' })).toBeVisible();
  await kiosk.getByRole('button', { name: 'Chest pain' }).click();
  await expect(kiosk.getByText('You may leave your name out')).toBeVisible();
  await kiosk.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await kiosk.getByRole('textbox', { name: 'Age', exact: true }).fill('58');
  await kiosk.getByRole('textbox', { name: 'Phone', exact: true }).fill('555 010 7788');
  await kiosk.getByRole('button', { name: 'Check in' }).click();
  await expect(kiosk.getByRole('alert')).toContainText('Stay here: a nurse is coming to you now');
  await expect(kiosk.getByRole('alert')).toContainText('999');
  await expect(kiosk.getByTestId('queue-number')).toHaveText(/^\d+$/);

  // The bound: on screen within a second of the kiosk's confirmation.
  const row = active.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible({ timeout: 1_000 });
  await expect(row).toContainText('EMERGENCY_CHECKIN');
  await expect(row).toContainText('CRITICAL');
  await expect(badge).toHaveText(String(before + 1), live);
  await kioskContext.close();
});

test('the emergency kiosk in Spanish end to end, keyboard only', async ({ page }) => {
  await page.goto('/emergency-kiosk');
  await expect(page.getByRole('heading', { level: 1, name: 'What brings you to the emergency room?' })).toBeVisible();
  const spanish = page.getByRole('button', { name: 'Español' });
  await tabTo(page, spanish);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: '¿Qué le trae a urgencias?' })).toBeVisible();
  await expect(spanish).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  await tabTo(page, page.getByRole('button', { name: 'Fiebre' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Sus datos' })).toBeFocused();
  // The language buttons stay on every step.
  await expect(page.getByRole('button', { name: 'Español' })).toBeVisible();

  // A non-critical pick needs a name.
  await tabTo(page, page.getByRole('button', { name: 'Registrarme' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Complete todos los campos obligatorios');

  await tabTo(page, page.getByRole('textbox', { name: 'Nombre', exact: true }));
  await page.keyboard.type('Lucía Fernández');
  await tabTo(page, page.getByRole('textbox', { name: 'Edad', exact: true }));
  await page.keyboard.type('34');
  await tabTo(page, page.getByRole('textbox', { name: 'Teléfono', exact: true }));
  await page.keyboard.type('555 020 3344');
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 1, name: 'Ya está registrado' })).toBeFocused();
  await expect(page.getByText('Su número de turno')).toBeVisible();
  await expect(page.getByTestId('queue-number')).toHaveText(/^\d+$/);
  await expect(page.getByText('Tome asiento, por favor. Una enfermera le llamará por su número.')).toBeVisible();
  await expect(page.getByText('Quédese aquí')).toHaveCount(0);

  await tabTo(page, page.getByRole('button', { name: 'Terminar' }));
  await page.keyboard.press('Enter');
  // The next patient starts on the first screen in the organization's language (English in the demo).
  await expect(page.getByRole('heading', { level: 1, name: 'What brings you to the emergency room?' })).toBeVisible();
});

test('the emergency kiosk goes back to its first screen after a minute without use', async ({ page }) => {
  await page.clock.install();
  await page.goto('/emergency-kiosk');
  await page.getByRole('button', { name: 'Fever' }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Idle Person');
  await expect(page.getByRole('heading', { level: 1, name: 'Your details' })).toBeVisible();
  await page.clock.runFor(59_000);
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Idle Person');
  await page.clock.runFor(2_000);
  await expect(page.getByRole('heading', { level: 1, name: 'What brings you to the emergency room?' })).toBeVisible();
  await page.getByRole('button', { name: 'Fever' }).click();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('');
});

test('axe finds no serious violation on the emergency kiosk (each step) and on the patient kiosk in another language', async ({ page }) => {
  await page.goto('/emergency-kiosk');
  await expect(page.getByRole('heading', { level: 1, name: 'What brings you to the emergency room?' })).toBeVisible();
  await expectAccessible(page, { tags: 'all' });
  await page.getByRole('button', { name: 'Stroke signs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your details' })).toBeVisible();
  await expectAccessible(page, { tags: 'all' });
  await page.getByRole('button', { name: 'Check in' }).click();
  await expect(page.getByRole('alert')).toContainText('Stay here: a nurse is coming to you now');
  await expectAccessible(page, { tags: 'all' });

  await page.goto('/kiosk');
  await page.getByRole('button', { name: 'Deutsch' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Willkommen' })).toBeVisible();
  await expectAccessible(page, { tags: 'all' });
  await page.getByRole('button', { name: 'Anmeldung starten' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Patientendaten' })).toBeVisible();
  await expectAccessible(page, { tags: 'all' });
});
