import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { expect, signIn, test } from './support';

/** The check results of a run, each with its PASS or FAIL. */
const checks = (page: Page) => page.getByTestId('check-result');

/**
 * Another organization, owned by a new account in a browser of its own, with one patient in it:
 * the organization the signed-in user of a test does not belong to.
 */
async function otherOrganization(browser: Browser, patientLastName: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/about');
  const id = await page.evaluate(
    async ({ email, lastName }) => {
      const post = (url: string, body: unknown) =>
        fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const signUp = await post('/api/auth/sign-up', { email, password: 'another-secret-pass-42' });
      if (!signUp.ok) throw new Error(`sign-up: ${signUp.status}`);
      const created = await post('/api/organizations', { name: 'Elsewhere Health', type: 'clinic' });
      const organization = (await created.json()).organization;
      const patient = await post('/api/patients', {
        firstName: 'Hidden',
        lastName,
        dateOfBirth: '1980-05-05',
        gender: 'female',
        phone: '555-222-3333',
        email: 'hidden@elsewhere.example',
        address: { street: '9 Far Lane', city: 'Faraway', state: 'OR', zipCode: '97001' },
        emergencyContactName: 'Someone Else',
        emergencyContactRelationship: 'Friend',
        emergencyContactPhone: '555-222-4444',
      });
      if (!patient.ok) throw new Error(`patient: ${patient.status} ${await patient.text()}`);
      return organization.id as string;
    },
    { email: `elsewhere-${Date.now()}@example.org`, lastName: patientLastName },
  );
  await context.close();
  return id;
}

test.describe('internal test pages', () => {
  test('Patient Flow Test passes for an anonymous caller: the submitted Test Patient is on the de-identified board', async ({ page }) => {
    await page.goto('/test-patient-flow');
    await expect(page.getByRole('heading', { name: 'Patient Flow Test', level: 1 })).toBeVisible();
    const kioskLink = page.getByRole('link', { name: /\/kiosk\?organization=default-clinic&clinic=default-clinic$/ });
    await expect(kioskLink).toBeVisible();
    await expect(page.getByText('Verify the patient appears in the queue.')).toBeVisible();
    await page.getByRole('button', { name: 'Run Patient Flow Tests' }).click();
    await expect(checks(page)).toHaveCount(3);
    await expect(page.getByText('3 of 3 checks passed')).toBeVisible();
    await expect(checks(page).nth(0)).toContainText('Kiosk Submission');
    await expect(checks(page).nth(1)).toContainText('Public Queue');
    await expect(checks(page).nth(2)).toContainText('Test Patient on Public Board (queue number and initials)');
    for (const i of [0, 1, 2]) await expect(checks(page).nth(i)).toHaveAttribute('data-status', 'PASS');
    await expect(page.getByLabel('Raw result of Kiosk Submission')).toContainText('"queueNumber"');
    // The board never carries the name: its raw answer holds initials only.
    await expect(page.getByLabel('Raw result of Public Queue')).toContainText('"T.P."');
    await expect(page.getByLabel('Raw result of Public Queue')).not.toContainText('Test Patient');
    await expectAccessible(page, { where: 'patient flow' });
  });

  test('Patient Flow Test passes for signed-in staff, who find Test Patient by name in the waiting room', async ({ page }) => {
    await signIn(page, 'nurse@demo.clinic');
    await page.goto('/test-patient-flow');
    await page.getByRole('button', { name: 'Run Patient Flow Tests' }).click();
    await expect(page.getByText('3 of 3 checks passed')).toBeVisible();
    await expect(checks(page).nth(2)).toContainText('Test Patient in Waiting Room (by name)');
    await expect(checks(page).nth(2)).toHaveAttribute('data-status', 'PASS');
    await expect(page.getByLabel('Raw result of Test Patient in Waiting Room (by name)')).toContainText('"patientName": "Test Patient"');
  });

  test('Organization Management Test creates, reads, updates and removes a test organization, leaving the admin where they were', async ({
    page,
  }) => {
    await page.goto('/test-organization');
    await expect(page.getByText('You must be logged in as an admin to run these tests.')).toBeVisible();
    await expectAccessible(page, { where: 'organization test, signed out' });
    await signIn(page, 'admin@demo.clinic');
    const before = await page.evaluate(async () => (await (await fetch('/api/auth/session')).json()).organization.id as string);
    await page.goto('/test-organization');
    await page.getByRole('button', { name: 'Run Organization Tests' }).click();
    await expect(page.getByText('4 of 4 checks passed')).toBeVisible({ timeout: 20_000 });
    const names = ['Create Organization', 'Retrieve Organization', 'Update Organization', 'Clean Up (remove the test organization)'];
    for (const [i, name] of names.entries()) {
      await expect(checks(page).nth(i)).toContainText(name);
      await expect(checks(page).nth(i)).toHaveAttribute('data-status', 'PASS');
    }
    await expect(page.getByLabel('Raw result of Update Organization')).toContainText('Organization updated successfully!');
    await expectAccessible(page, { where: 'organization test, after a run' });
    // Cleaned up: back in the demo organization, and the test organization is no longer one to choose.
    const after = await page.evaluate(async () => {
      const session = await (await fetch('/api/auth/session')).json();
      const available = await (await fetch('/api/org/available')).json();
      return { current: session.organization.id as string, names: available.organizations.map((o: { name: string }) => o.name) as string[] };
    });
    expect(after.current).toBe(before);
    expect(after.names.filter((n) => n.startsWith('Test Organization'))).toEqual([]);
  });

  test('Organization Management Test fails each check with the server’s refusal when nobody is signed in', async ({ page }) => {
    await page.goto('/test-organization');
    await page.getByRole('button', { name: 'Run Organization Tests' }).click();
    await expect(page.getByText('0 of 3 checks passed')).toBeVisible();
    await expect(checks(page).nth(0)).toHaveAttribute('data-status', 'FAIL');
    await expect(page.getByLabel('Raw result of Create Organization')).toContainText('"status": 401');
  });

  test('Data Segregation Test reads the chosen clinic, creates test records there, and shows only the refusal for another organization', async ({
    browser,
    page,
  }) => {
    const hidden = `Segregated${Date.now()}`;
    const elsewhere = await otherOrganization(browser, hidden);
    await signIn(page, 'doctor@demo.clinic');
    await page.goto('/test-data-segregation');
    await expect(page.getByRole('heading', { name: 'Data Segregation Test', level: 1 })).toBeVisible();

    // Nothing chosen yet: a creation asks for a choice first.
    await page.getByRole('button', { name: 'Create Test Patient' }).click();
    await expect(page.getByText('Please select an organization and clinic first')).toBeVisible();

    const organization = page.getByLabel('Organization', { exact: true });
    await organization.selectOption({ label: 'Demo General Hospital (hospital)' });
    await expect(page.getByText('Demonstration organization with sample data.')).toBeVisible();
    await expect(page.getByLabel('Clinic / Department')).not.toHaveValue('');
    await expect(page.getByText(/^Address: .* · Phone: /)).toBeVisible();
    await expect(page.getByText('Current Selection')).toBeVisible();
    const patients = page.getByRole('list', { name: 'Patients' });
    await expect(patients.getByRole('listitem')).toHaveCount(5);
    await expect(page.getByText(/^\.\.\. and \d+ more$/)).toBeVisible();

    await page.getByRole('button', { name: 'Create Test Patient' }).click();
    await expect(page.getByText(/^Test patient created: \S+ \(organization default-clinic, clinic \S+\)$/)).toBeVisible();
    await page.getByRole('button', { name: 'Create Test Triage Case' }).click();
    await expect(page.getByText(/^Test triage case created: \S+, queue number \d+/)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Triage queue' }).getByRole('listitem').first()).toBeVisible();
    await expect(page.getByLabel('Results JSON')).toContainText('"action": "Create Test Triage Case"');
    await expectAccessible(page, { where: 'data segregation, own clinic' });

    // An organization the doctor does not belong to: the server's refusals, never its data.
    await organization.selectOption({ label: 'Another organization (enter its ID)' });
    await page.getByLabel('Organization ID').fill(elsewhere);
    await expect(page.getByText('The server refused the clinics of this organization')).toBeVisible();
    await expect(page.getByText('404: Organization not found')).toBeVisible();
    await expect(page.getByText('The server refused the patients')).toBeVisible();
    await expect(page.getByText('The server refused the triage queue')).toBeVisible();
    await expect(page.getByText(/^403: /).first()).toBeVisible();
    await expect(page.getByText(hidden)).toHaveCount(0);
    await expect(page.getByText('Elsewhere Health')).toHaveCount(0);
    await page.getByRole('button', { name: 'Create Test Patient' }).click();
    await expect(page.getByText('Please select an organization and clinic first')).toBeVisible();
    await page.getByRole('button', { name: 'Refresh Data' }).click();
    await expect(page.getByLabel('Results JSON')).toContainText('"refused"');
    await expect(page.getByLabel('Results JSON')).not.toContainText(hidden);
    await expectAccessible(page, { where: 'data segregation, refused' });
  });

  test('Data Segregation Test shows the empty texts for a clinic with no patients and no queue', async ({ page }) => {
    await signIn(page, 'owner@demo.clinic');
    await page.goto('/test-data-segregation');
    await page.getByRole('switch', { name: 'Create New Org' }).check();
    await page.getByLabel('New organization name').fill(`Empty Segregation ${Date.now()}`);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByText(/^Organization created: /)).toBeVisible();
    await expect(page.getByText('No patients found for current context')).toBeVisible();
    await expect(page.getByText('No triage cases found for current context')).toBeVisible();
  });
});

test.describe('dashboard tabs', () => {
  test('the Kiosk tab shows today’s check-ins and the average check-in time after a kiosk check-in; Settings shows the member’s summary', async ({
    browser,
    page,
  }) => {
    const context = await browser.newContext();
    const kiosk = await context.newPage();
    await kiosk.goto('/kiosk');
    await kiosk.getByRole('button', { name: 'Start Check-in' }).click();
    await kiosk.getByLabel('First Name').fill('Kiri');
    await kiosk.getByLabel('Last Name').fill(`Tab${Date.now()}`);
    await kiosk.getByRole('button', { name: 'Next' }).click();
    await kiosk.getByLabel('Chief Complaint').fill('Earache');
    await kiosk.getByRole('button', { name: 'Submit' }).click();
    await expect(kiosk.getByRole('heading', { name: 'Check-in Complete!' })).toBeVisible();
    await context.close();

    await signIn(page, 'doctor@demo.clinic');
    await page.getByRole('tab', { name: 'Kiosk Mode' }).click();
    const checkIns = page.getByRole('group', { name: 'Kiosk Check-ins Today' });
    await expect(checkIns).toBeVisible();
    expect(Number(await checkIns.locator('p').nth(1).textContent())).toBeGreaterThanOrEqual(1);
    await expect(page.getByRole('group', { name: 'Avg Check-in Time' })).toContainText(/\d+(s|m \d{2}s)/);
    await expect(page.getByRole('link', { name: 'Open Check-In Kiosk' })).toHaveAttribute('href', '/kiosk');
    await expectAccessible(page, { where: 'kiosk tab' });

    await page.getByRole('tab', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Profile', level: 3 })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'doctor@demo.clinic' })).toBeVisible();
    // The member's stored settings, the defaults until they save any.
    await expect(page.getByRole('heading', { name: 'Personal Preferences' })).toBeVisible();
    await expect(page.getByText('Theme', { exact: true })).toBeVisible();
    await expectAccessible(page, { where: 'settings tab' });
  });
});
