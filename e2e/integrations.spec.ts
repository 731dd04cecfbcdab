import { expectAccessible } from './accessibility';
import { expect, signIn, test } from './support';

/**
 * The Epic EHR connection end to end. Which private or plain-http servers the platform may reach
 * is the deployment's decision (OUTBOUND_ALLOW), never an organization's, and this machine itself
 * is never reachable: an Admin who points the connection at the server's own address finds no
 * switch to allow it, and Test Connection and Sync Patients both answer the one message that
 * tells nothing about what is there. The emergency room's Integrations tab shows the error.
 * (A successful sync, signed in over SMART Backend Services against a stand-in EHR the deployment
 * allows, is `epic-sync.spec.ts`.)
 */
test('an Admin cannot point the Epic EHR at the server’s own machine: Test Connection and Sync Patients answer one message', async ({
  page,
  baseURL,
}) => {
  await signIn(page, 'admin@demo.clinic');
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'System' }).click();
  const epic = page.getByRole('switch', { name: 'Epic EHR' });
  if (!(await epic.isChecked())) await epic.click();
  // Signed in over SMART Backend Services (a new connection's method): its token endpoint is found
  // at the same address, so the server's own machine is never reached for it either.
  await page.getByRole('textbox', { name: 'Client ID' }).fill('clinicflow-loopback');
  await page.getByRole('textbox', { name: 'Base URL' }).fill(`${baseURL}/fhir/R4`);
  await expect(page.getByRole('checkbox', { name: /On-premise server/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save Integration' }).click();
  await expect(page.getByRole('button', { name: 'Save Integration' })).toBeDisabled();

  await page.getByRole('button', { name: 'Test Connection' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Connection failed' })).toContainText('Could not connect to the server.');

  await page.getByRole('button', { name: 'Sync Patients' }).click();
  const stopped = page.getByRole('alert').filter({ hasText: 'Sync stopped' });
  await expect(stopped).toContainText('Created 0, updated 0, unchanged 0, skipped 0, errors 1 (0 pages read).');
  await expect(stopped).toContainText('Could not connect to the server.');
  await expect(page.getByText(/^Last sync: /)).toContainText('Never');
  await page.mouse.move(0, 0); // no button left in its hover colour
  await expectAccessible(page);

  await page.goto('/emergency-room?tab=integration');
  const row = page.getByRole('table', { name: 'Integrations' }).getByRole('row').filter({ hasText: 'Epic EHR (FHIR)' });
  await expect(row).toContainText('ERROR');
});
