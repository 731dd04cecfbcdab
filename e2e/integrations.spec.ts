import AxeBuilder from '@axe-core/playwright';
import { expect, signIn, test } from './support';

/**
 * The Epic EHR connection end to end (issues 12 and 17), as the demo organization's Owner: an API
 * key of the organization's own FHIR server is the EHR's credential; Test Connection reads its
 * CapabilityStatement for real, Sync Patients pages its Patients (the same organization's, so every
 * one matches its own record and nothing changes), and the emergency room's Integrations tab shows
 * the Epic EHR connected.
 */
test('an Owner connects the Epic EHR with a bearer token, tests it, syncs patients, and the emergency room shows it connected', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'owner@demo.clinic');
  await page.goto('/organization');
  await page.getByRole('tab', { name: 'API keys' }).click();
  const form = page.getByRole('form', { name: 'Create API key' });
  await form.getByRole('textbox', { name: 'Name' }).fill(`E2E sync ${Date.now().toString(36)}`);
  await form.getByRole('button', { name: 'Create API key' }).click();
  const secret = (await page.getByTestId('api-key-secret').textContent())!.trim();

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'System' }).click();
  const epic = page.getByRole('switch', { name: 'Epic EHR' });
  if (!(await epic.isChecked())) await epic.click();
  await page.getByRole('textbox', { name: 'Base URL' }).fill(`${baseURL}/fhir/R4`);
  await page.getByRole('checkbox', { name: /On-premise server/ }).check();
  await page.getByLabel('Bearer token (API key)').fill(secret);
  await page.getByRole('button', { name: 'Save Integration' }).click();
  await expect(page.getByText('A token is saved. Enter a new one to replace it.')).toBeVisible();
  expect(await page.getByLabel('Bearer token (API key)').inputValue()).toBe('');

  await page.getByRole('button', { name: 'Test Connection' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Connected' })).toContainText('FHIR version 4.0.1');

  await page.getByRole('button', { name: 'Sync Patients' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'Sync complete' });
  await expect(summary).toContainText(/Created 0, updated 0, unchanged \d+, skipped 0, errors 0/);
  await expect(page.getByText(/^Last sync: /)).not.toContainText('Never');
  await page.mouse.move(0, 0); // no button left in its hover colour
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations).toEqual([]);

  await page.goto('/emergency-room?tab=integration');
  const row = page.getByRole('table', { name: 'Integrations' }).getByRole('row').filter({ hasText: 'Epic EHR (FHIR)' });
  await expect(row).toContainText('CONNECTED');
  await expect(row).toContainText('100%');
});
