import { expectAccessible } from './accessibility';
import { expect, signIn, test } from './support';

/**
 * The organization screen's API keys tab, as the demo organization's Owner: a key is
 * created with a scope, its secret shown once, read the FHIR server with it, then revoked after a
 * confirmation, after which the server refuses it. Each run names its key uniquely.
 */
const name = `E2E EHR ${Date.now().toString(36)}`;

test('an Owner creates an API key, reads the FHIR server with it, and revokes it', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'owner@demo.clinic');
  await page.goto('/organization');
  await page.getByRole('tab', { name: 'API keys' }).click();
  const form = page.getByRole('form', { name: 'Create API key' });
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('checkbox', { name: /patient\/\*\.read/ }).uncheck();
  await form.getByRole('checkbox', { name: /patient\/Patient\.read/ }).check();
  await form.getByRole('button', { name: 'Create API key' }).click();
  await expect(page.getByText('Copy this key now: it is shown only once and cannot be shown again.')).toBeVisible();
  const secret = (await page.getByTestId('api-key-secret').textContent())!.trim();
  expect(secret.startsWith('ck_live_')).toBe(true);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('patient/Patient.read');
  await expectAccessible(page);

  const read = await page.request.get('/fhir/R4/Patient?_count=1', { headers: { authorization: `Bearer ${secret}` } });
  expect(read.status()).toBe(200);
  expect(read.headers()['content-type']).toContain('application/fhir+json');
  expect((await read.json()).resourceType).toBe('Bundle');
  const noScope = await page.request.get('/fhir/R4/Observation', { headers: { authorization: `Bearer ${secret}` } });
  expect(noScope.status()).toBe(403);

  await page.reload();
  await page.getByRole('tab', { name: 'API keys' }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).not.toContainText('Never');
  await page.getByRole('button', { name: `Revoke API key ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke API key' });
  await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Revoked');
  const refused = await page.request.get('/fhir/R4/Patient', { headers: { authorization: `Bearer ${secret}` } });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).resourceType).toBe('OperationOutcome');
});
