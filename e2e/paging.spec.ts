import { expectAccessible } from './accessibility';
import { expect, signIn, test } from './support';

/** A message no other test uses, so assertions cannot match another page. */
const uniqueMessage = () => `Bay ${Math.floor(Math.random() * 900 + 100)}: please review the ECG ${Date.now().toString(36)}`;

test('a nurse pages the doctor on call from a queue card; the doctor acknowledges it from the inbox; the nurse sees it acknowledged', async ({
  page,
  browser,
}) => {
  await signIn(page, 'nurse@demo.clinic');
  await page.goto('/queue');
  await expect(page.getByRole('heading', { name: 'Queue Manager (Clinical Decision Support System)' })).toBeVisible();
  await page
    .getByRole('button', { name: /^Page about / })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Send a page' });
  await expect(dialog.getByLabel('Role on call')).toHaveValue('Doctor');
  await expect(dialog.getByText('On call now: Daniel Diaz')).toBeVisible();
  const message = uniqueMessage();
  await dialog.getByLabel('Message').fill(message);
  await dialog.getByRole('button', { name: 'Send Page' }).click();
  await expect(page.getByText('Page sent to Daniel Diaz')).toBeVisible();

  const doctorContext = await browser.newContext();
  const doctor = await doctorContext.newPage();
  await signIn(doctor, 'doctor@demo.clinic');
  await doctor.goto('/paging');
  await expect(doctor.getByRole('heading', { name: 'Paging', level: 1 })).toBeVisible();
  await expectAccessible(doctor, { where: 'the paging inbox' });
  await doctor.getByRole('button', { name: `Acknowledge page: ${message}` }).click();
  await expect(doctor.getByRole('button', { name: `Acknowledge page: ${message}` })).toHaveCount(0);
  await doctorContext.close();

  await page.goto('/paging?tab=history');
  const row = page.getByRole('row').filter({ hasText: message });
  await expect(row).toContainText('Acknowledged by Daniel Diaz');
});

test('a Manager sees and edits the on-call rotas; a Viewer has no Paging', async ({ page, browser }) => {
  await signIn(page, 'manager@demo.clinic');
  await page.goto('/paging?tab=on-call');
  const doctors = page.getByRole('region', { name: 'Doctor' });
  await expect(doctors.getByText(/^On call now: Daniel Diaz, backup /)).toBeVisible();
  await expect(doctors.getByRole('table', { name: 'Doctor weekly shifts' })).toBeVisible();
  await expectAccessible(page, { where: 'the on-call rotas' });
  await doctors.getByRole('button', { name: 'Edit Doctor rota' }).click();
  await expect(doctors.getByRole('button', { name: 'Save Rota' })).toBeVisible();
  await doctors.getByRole('button', { name: 'Cancel' }).click();

  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  await signIn(viewer, 'viewer@demo.clinic');
  await expect(viewer.getByRole('navigation').getByRole('link', { name: 'Paging' })).toHaveCount(0);
  await viewerContext.close();
});
