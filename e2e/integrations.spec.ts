import AxeBuilder from '@axe-core/playwright';
import { expect, signIn, test } from './support';

/**
 * The Epic EHR connection end to end (issues 12 and 17). A partner organization (a new account on
 * its Professional trial) has two patients and gives an API key of this product's own FHIR server;
 * the demo clinic's Admin saves it as the Epic EHR's bearer token, Test Connection reads the
 * CapabilityStatement for real, Sync Patients imports the two patients and a second sync changes
 * nothing, and the emergency room's Integrations tab shows the Epic EHR connected.
 */
test('an Admin connects the Epic EHR with a partner’s API key, tests it, syncs its patients twice, and the emergency room shows it connected', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const unique = Date.now().toString(36);
  const lastName = `Syncpartner${unique}`;

  // The partner: its own account and organization, two patients, an API key that reads Patients.
  const partner = await browser.newContext({ baseURL });
  const api = partner.request;
  const headers = { origin: baseURL! };
  const ok = async (res: Awaited<ReturnType<typeof api.post>>): Promise<any> => {
    expect(res.status(), await res.text()).toBeLessThan(300);
    return res.json();
  };
  await ok(await api.post('/api/auth/sign-up', { headers, data: { email: `partner-${unique}@example.org`, password: 'secret-pass' } }));
  await ok(await api.post('/api/organizations', { headers, data: { name: `Partner Clinic ${unique}`, type: 'clinic' } }));
  for (const [firstName, phone] of [
    ['Ada', '(555) 410-2001'],
    ['Ben', '(555) 410-2002'],
  ]) {
    await ok(
      await api.post('/api/patients', {
        headers,
        data: {
          firstName,
          lastName,
          dateOfBirth: '1981-03-04',
          gender: 'other',
          phone,
          email: `${firstName.toLowerCase()}.${unique}@example.org`,
          address: { street: '1 Partner Way', city: 'Arlington', state: 'VA', zipCode: '22201' },
          emergencyContactName: 'Cara Partner',
          emergencyContactRelationship: 'Sister',
          emergencyContactPhone: '555-410-2099',
        },
      }),
    );
  }
  const key = await ok(
    await api.post('/api/organizations/api-keys', { headers, data: { name: 'Demo General sync', scopes: ['patient/Patient.read'] } }),
  );
  await partner.close();

  // The demo clinic's Admin saves the connection with the partner's key.
  await signIn(page, 'admin@demo.clinic');
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'System' }).click();
  const epic = page.getByRole('switch', { name: 'Epic EHR' });
  if (!(await epic.isChecked())) await epic.click();
  await page.getByRole('textbox', { name: 'Base URL' }).fill(`${baseURL}/fhir/R4`);
  await page.getByRole('checkbox', { name: /On-premise server/ }).check();
  await page.getByLabel('Bearer token (API key)').fill(key.secret);
  await page.getByRole('button', { name: 'Save Integration' }).click();
  await expect(page.getByText('A token is saved. Enter a new one to replace it.')).toBeVisible();
  expect(await page.getByLabel('Bearer token (API key)').inputValue()).toBe('');

  await page.getByRole('button', { name: 'Test Connection' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Connected' })).toContainText('FHIR version 4.0.1');

  await page.getByRole('button', { name: 'Sync Patients' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Sync complete' })).toContainText(
    'Created 2, updated 0, unchanged 0, skipped 0, errors 0 (1 page read).',
  );
  await expect(page.getByText(/^Last sync: /)).not.toContainText('Never');
  await page.getByRole('button', { name: 'Sync Patients' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Sync complete' })).toContainText(
    'Created 0, updated 0, unchanged 2, skipped 0, errors 0',
  );
  await page.mouse.move(0, 0); // no button left in its hover colour
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations).toEqual([]);

  // The imported patients are in the directory.
  await page.goto(`/patients?search=${lastName}`);
  await expect(page.getByRole('row').filter({ hasText: lastName })).toHaveCount(2);

  await page.goto('/emergency-room?tab=integration');
  const row = page.getByRole('table', { name: 'Integrations' }).getByRole('row').filter({ hasText: 'Epic EHR (FHIR)' });
  await expect(row).toContainText('CONNECTED');
  await expect(row).toContainText('100%');
});
