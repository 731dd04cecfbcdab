import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { createPatientThroughApi, letters } from './patient-fixtures';
import { expect, signIn, test } from './support';

/** A patient of the demo clinic with a unique name, made through the API as the signed-in member. */
async function createPatient(page: Page, lastName: string): Promise<string> {
  const patient = await createPatientThroughApi(page, {
    firstName: 'Priya',
    lastName,
    dateOfBirth: '1974-05-02',
    phone: `(555) 4${Math.floor(10 + Math.random() * 89)}-${Math.floor(1000 + Math.random() * 8999)}`,
    address: { street: '9 Privacy Lane', city: 'Arlington', state: 'VA', zipCode: '22201' },
  });
  return patient.id;
}

test('an Admin records a consent and a rights request on the Privacy tab, sees them listed, withdraws and completes them, and reads the access history', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.clinic');
  const lastName = `Private${letters(6)}`;
  const id = await createPatient(page, lastName);
  await page.goto(`/patients/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Priya ${lastName}` })).toBeVisible();
  await page.getByRole('tab', { name: 'Privacy' }).click();
  await expect(page.getByRole('heading', { name: 'Consents' })).toBeVisible();
  await expect(page.getByText('No consents recorded.')).toBeVisible();

  // A consent: refused without a purpose, then recorded.
  await page.getByRole('button', { name: 'Record Consent' }).click();
  await expect(page.getByText('Purpose is required')).toBeVisible();
  await page.getByRole('combobox', { name: 'Purpose' }).click();
  await page.getByRole('option', { name: 'Research' }).click();
  await page.getByRole('button', { name: 'Record Consent' }).click();
  await expect(page.getByText('Research consent recorded.')).toBeVisible();
  const consents = page.getByRole('table', { name: 'Consents' });
  await expect(consents.getByRole('row', { name: /Research/ })).toContainText('Active');

  // A request, with its due date 30 days ahead.
  await page.getByRole('combobox', { name: 'Request type' }).click();
  await page.getByRole('option', { name: 'Copy of records' }).click();
  await page.getByLabel('Notes').fill('Wants a copy of the last year of visits');
  await page.getByRole('button', { name: 'Record Request' }).click();
  await expect(page.getByText(/Copy of records request recorded, due/)).toBeVisible();
  const requests = page.getByRole('table', { name: 'Rights requests' });
  const row = requests.getByRole('row', { name: /Copy of records/ });
  await expect(row).toContainText('Open');
  await expect(row).toContainText('30 days left');
  await expect(row).toContainText('Wants a copy of the last year of visits');
  await expectAccessible(page, { where: 'privacy tab' });

  // Withdrawing the consent, then completing the request.
  await consents.getByRole('button', { name: 'Withdraw Research consent' }).click();
  await expect(consents.getByRole('row', { name: /Research/ })).toContainText('Withdrawn');
  await row.getByRole('button', { name: 'Close Copy of records request' }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy of records request' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Resolution is required')).toBeVisible();
  // Checked once the opening transition has finished (half-faded text is not what users read).
  await expect(dialog).toHaveCSS('opacity', '1');
  await expect(page.locator('.mantine-Modal-overlay')).toHaveCSS('opacity', '1');
  await expectAccessible(page, { where: 'close request dialog' });
  await dialog.getByLabel('Resolution').fill('Sent a copy by secure email');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Completed');
  await expect(row).toContainText('Sent a copy by secure email');

  // The copy itself: the record downloaded as a FHIR Bundle.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export record (FHIR)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.fhir\.json$/);
  const bundle = JSON.parse(readFileSync((await file.path())!, 'utf8'));
  expect(bundle).toMatchObject({ resourceType: 'Bundle' });
  expect(bundle.entry[0].resource).toMatchObject({ resourceType: 'Patient', address: [{ line: ['9 Privacy Lane'] }] });

  // The access history names the reads and changes of the record.
  const history = page.getByRole('table', { name: 'Access history' });
  await expect(history.getByRole('row', { name: /gdpr\.consent\.recorded/ }).first()).toBeVisible();
  await expect(history.getByRole('row', { name: /patient\.read/ }).first()).toBeVisible();
  await expect(history.getByRole('row', { name: /gdpr\.exported/ }).first()).toBeVisible();
});

test('a Nurse records a request but sees no access history and no Complete button', async ({ page }) => {
  await signIn(page, 'nurse@demo.clinic');
  const lastName = `Nursed${letters(6)}`;
  const id = await createPatient(page, lastName);
  await page.goto(`/patients/${id}`);
  await page.getByRole('tab', { name: 'Privacy' }).click();
  await page.getByRole('combobox', { name: 'Request type' }).click();
  await page.getByRole('option', { name: 'Rectification' }).click();
  await page.getByRole('button', { name: 'Record Request' }).click();
  const row = page.getByRole('table', { name: 'Rights requests' }).getByRole('row', { name: /Rectification/ });
  await expect(row).toContainText('30 days left');
  await expect(row.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Access History' })).toHaveCount(0);
});
