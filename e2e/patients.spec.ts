import type { Page } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { createPatientThroughApi, letters } from './patient-fixtures';
import { expect, signIn, test } from './support';

/** Signs in through the /login form as the demo Doctor (who holds canManagePatients). */
const signInAsDoctor = (page: Page) => signIn(page, 'doctor@demo.clinic');

/** A form field by its label, whether or not the label carries the required-field asterisk. */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label.replace(/[()]/g, '\\$&')}( \\*)?$`));

const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

test('a doctor creates a patient with allergies, finds them by part of the phone, edits them, adds a visit and discharges them', async ({
  page,
}) => {
  await signInAsDoctor(page);
  const first = 'Imogen';
  const last = `Pt${letters(6)}`;
  const name = `${first} ${last}`;
  const local = `${1 + Math.floor(Math.random() * 8)}${digits(2)}-${digits(4)}`;
  const phone = `(555) ${local}`;

  await page.goto('/patients');
  await expect(page.getByRole('heading', { name: 'Patient Management' })).toBeVisible();
  await page.getByRole('link', { name: 'Add New Patient' }).click();
  await expect(page.getByRole('heading', { name: 'Add New Patient' })).toBeVisible();

  await page.getByLabel('First Name').fill(first);
  await page.getByLabel('Last Name').fill(last);
  await page.getByLabel('Date of Birth').fill('1979-04-23');
  await page.getByLabel('Gender').selectOption('female');
  await page.getByLabel('Phone Number').fill(phone);
  await page.getByLabel('Email').fill(`${last.toLowerCase()}@example.org`);
  await page.getByLabel('Street Address').fill('42 Harbour Road');
  await field(page, 'City').fill('Springfield');
  await field(page, 'State').fill('CA');
  await page.getByLabel('ZIP Code').fill('90001');
  await page.getByLabel('Contact Name').fill('Oscar Example');
  await page.getByLabel('Relationship').fill('Brother');
  await page.getByLabel('Contact Phone').fill('(555) 010-7788');
  await page.getByLabel('Blood Type').selectOption('O-');
  await page.getByLabel('Allergies', { exact: true }).fill('Penicillin');
  await page.getByRole('button', { name: 'Add allergy' }).click();
  await page.getByLabel('Allergies', { exact: true }).fill('Latex');
  await page.getByLabel('Allergies', { exact: true }).press('Enter');
  await expect(page.getByRole('button', { name: 'Remove Latex' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Patient' }).click();

  // Back on the list: find the new patient by the end of the phone number, typed differently.
  await expect(page).toHaveURL(/\/patients$/);
  await page.getByLabel('Search').fill(local.replace('-', ' '));
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(page.getByRole('table', { name: 'Patients' }).getByRole('row')).toHaveCount(2);
  await expect(row.getByText('Active')).toBeVisible();
  await row.getByRole('link', { name: `View ${name}` }).click();

  // Detail: the four tabs, with the allergies under Medical Info.
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  for (const tab of ['Overview', 'Medical Info', 'Visit History', 'Emergency Contact']) {
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  }
  const detailUrl = page.url();
  await page.getByRole('tab', { name: 'Medical Info' }).click();
  await expect(page.getByText('Penicillin')).toBeVisible();
  await expect(page.getByText('O-', { exact: true })).toBeVisible();

  // Edit: the form comes back filled; change the insurance and add a medication.
  await page.getByRole('link', { name: 'Edit Patient' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Patient' })).toBeVisible();
  await expect(page.getByLabel('Last Name')).toHaveValue(last);
  await expect(page.getByRole('button', { name: 'Remove Penicillin' })).toBeVisible();
  await page.getByLabel('Insurance Provider').fill('Blue Shield');
  await page.getByLabel('Current Medications').fill('Metformin 500 mg');
  await page.getByRole('button', { name: 'Add medication' }).click();
  await page.getByRole('button', { name: 'Update Patient' }).click();
  await expect(page).toHaveURL(/\/patients$/);

  await page.goto(detailUrl);
  await page.getByRole('tab', { name: 'Medical Info' }).click();
  await expect(page.getByText('Blue Shield')).toBeVisible();
  await expect(page.getByText('Metformin 500 mg')).toBeVisible();

  // Add a visit: it is saved and shows in Visit History, and the quick stats count it.
  await page.getByRole('button', { name: 'Add Visit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Visit' });
  await expect(dialog.getByLabel('Doctor')).toHaveValue('Dr. Daniel Diaz');
  await dialog.getByLabel('Visit Type').selectOption('emergency');
  await dialog.getByLabel('Priority').selectOption('high');
  await dialog.getByLabel('Wait Time (minutes)').fill('12');
  await dialog.getByLabel('Symptoms').fill('Shortness of breath after exertion');
  await dialog.getByLabel('Diagnosis').fill('Exercise-induced bronchospasm');
  await dialog.getByLabel('Treatment').fill('Salbutamol inhaler');
  await dialog.getByRole('button', { name: 'Save Visit' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('tab', { name: 'Visit History' })).toHaveAttribute('aria-selected', 'true');
  const visits = page.getByRole('list', { name: 'Visits' });
  await expect(visits.getByText('Shortness of breath after exertion')).toBeVisible();
  await expect(visits.getByText('Exercise-induced bronchospasm')).toBeVisible();
  await expect(visits.getByText('12 min')).toBeVisible();
  await expect(visits.getByText('Dr. Daniel Diaz')).toBeVisible();
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByRole('group', { name: 'Total Visits' })).toContainText('1');
  await expect(page.getByRole('group', { name: 'Emergency' })).toContainText('1');

  // Discharge from the list, confirming first; the "discharged" filter then lists the patient.
  await page.getByRole('link', { name: 'Back to Patients' }).click();
  await page.getByLabel('Search').fill(last);
  await page
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('button', { name: `Discharge ${name}` })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Discharge Patient' });
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: 'Discharge', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(name) }).getByText('Discharged')).toBeVisible();

  await page.getByLabel('Search').fill('');
  await page.getByLabel('Status', { exact: true }).selectOption('discharged');
  await expect(page).toHaveURL(/status=discharged/);
  const dischargedRow = page.getByRole('row', { name: new RegExp(name) });
  await expect(dischargedRow).toBeVisible();
  const statuses = page.getByRole('table', { name: 'Patients' }).locator('tbody td:nth-child(4)');
  await expect(statuses.filter({ hasNotText: 'Discharged' })).toHaveCount(0);
  expect(await statuses.count()).toBeGreaterThan(0);
});

test('submitting the empty patient form shows the required-field messages next to the fields', async ({ page }) => {
  await signInAsDoctor(page);
  await page.goto('/patients/new');
  await page.getByRole('button', { name: 'Create Patient' }).click();
  await expect(page).toHaveURL(/\/patients\/new$/);
  const messages: Array<[string, string]> = [
    ['First Name', 'First name is required'],
    ['Last Name', 'Last name is required'],
    ['Date of Birth', 'Date of birth is required'],
    ['Gender', 'Gender is required'],
    ['Phone Number', 'Phone number is required'],
    ['Email', 'Email is required'],
    ['Street Address', 'Street is required'],
    ['ZIP Code', 'ZIP code is required'],
    ['Contact Name', 'Emergency contact name is required'],
    ['Relationship', 'Emergency contact relationship is required'],
    ['Contact Phone', 'Emergency contact phone is required'],
  ];
  for (const [label, message] of messages) {
    const input = field(page, label);
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(new RegExp(message));
  }
  await expect(page.getByText('City is required')).toBeVisible();
  await expect(page.getByText('State is required')).toBeVisible();
  // The focus moves to the first field to fix.
  await expect(page.getByLabel('First Name')).toBeFocused();
  // Fixing a field clears its message.
  await page.getByLabel('First Name').fill('Ann');
  await expect(page.getByText('First name is required')).toBeHidden();
});

test('an unknown patient shows "Patient not found" with the way back, and editing one returns to the list', async ({ page }) => {
  await signInAsDoctor(page);
  await page.goto('/patients/no-such-patient');
  await expect(page.getByRole('heading', { name: 'Patient not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Patient List' }).click();
  await expect(page).toHaveURL(/\/patients$/);
  await page.goto('/patients/no-such-patient/edit');
  await expect(page).toHaveURL(/\/patients$/);
  await expect(page.getByRole('heading', { name: 'Patient Management' })).toBeVisible();
});

test('a search that matches nobody shows the empty state', async ({ page }) => {
  await signInAsDoctor(page);
  await page.goto('/patients?search=zzzz-nobody-here');
  await expect(page.getByText('No patients found')).toBeVisible();
  await expect(page.getByText('Try adjusting your search or filter criteria')).toBeVisible();
});

test('arriving from intake with ?patientId=...&source=intake points out that patient', async ({ page }) => {
  await signInAsDoctor(page);
  const last = `Intake${letters(5)}`;
  const patient = await createPatientThroughApi(page, {
    firstName: 'Aaron',
    lastName: last,
    dateOfBirth: '2015-02-03',
    gender: 'male',
    phone: '(555) 444-1212',
    emergencyContactRelationship: 'Parent',
  });
  await page.goto(`/patients?patientId=${patient.id}&source=intake`);
  await expect(page.getByRole('status').filter({ hasText: 'Patient added from intake' })).toContainText(
    `Aaron ${last} was added to the directory.`,
  );
  await expect(page.getByRole('row', { name: new RegExp(`Aaron ${last}`) })).toHaveAttribute('aria-current', 'true');
});

test("a failed save shows the server's message and keeps what was typed", async ({ page }) => {
  await signInAsDoctor(page);
  // The server refuses this one save, as it would when the database is unavailable.
  await page.route('**/api/triage/patients?*', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({
            success: false,
            error: 'The database is not answering.',
            message: 'The database is not answering.',
            code: 'service/unavailable',
          }),
        })
      : route.continue(),
  );
  await page.goto('/patients/new');
  await page.getByLabel('First Name').fill('Keep');
  await page.getByLabel('Last Name').fill('Typed');
  await page.getByLabel('Date of Birth').fill('1990-01-01');
  await page.getByLabel('Gender').selectOption('other');
  await page.getByLabel('Phone Number').fill('(555) 222-3333');
  await page.getByLabel('Email').fill('keep.typed@example.org');
  await page.getByLabel('Street Address').fill('1 Main St');
  await field(page, 'City').fill('Springfield');
  await field(page, 'State').fill('CA');
  await page.getByLabel('ZIP Code').fill('90001');
  await page.getByLabel('Contact Name').fill('Someone');
  await page.getByLabel('Relationship').fill('Friend');
  await page.getByLabel('Contact Phone').fill('(555) 222-4444');
  await page.getByLabel('Allergies', { exact: true }).fill('Peanuts');
  await page.getByRole('button', { name: 'Create Patient' }).click();

  await expect(page.getByRole('alert')).toContainText('The database is not answering.');
  await expect(page).toHaveURL(/\/patients\/new$/);
  await expect(page.getByLabel('First Name')).toHaveValue('Keep');
  await expect(page.getByLabel('Email')).toHaveValue('keep.typed@example.org');
  // The allergy typed but not added was kept as an entry.
  await expect(page.getByRole('button', { name: 'Remove Peanuts' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Patient' })).toBeEnabled();
});

test('the list, the record with each tab, the Add Visit dialog and the form with its messages have one main landmark and no axe violations', async ({
  page,
}) => {
  await signInAsDoctor(page);
  await page.goto('/patients');
  await expect(page.getByRole('row', { name: /John Smith/ })).toBeVisible();
  await expect(page.locator('main')).toHaveCount(1);
  await expectAccessible(page, { where: 'list' });

  await page.getByRole('link', { name: 'View John Smith' }).click();
  await expect(page.getByRole('group', { name: 'Total Visits' })).not.toContainText('…');
  await expectAccessible(page, { where: 'overview' });
  for (const tab of ['Medical Info', 'Visit History', 'Emergency Contact']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
    await expectAccessible(page, { where: tab });
  }
  await page.getByRole('button', { name: 'Add Visit' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Visit' })).toBeVisible();
  // Checked once the opening transition has finished (half-faded text is not what users read).
  await expect(page.getByRole('dialog', { name: 'Add Visit' })).toHaveCSS('opacity', '1');
  await expect(page.locator('.mantine-Modal-overlay')).toHaveCSS('opacity', '1');
  await expectAccessible(page, { where: 'add visit' });
  await page.keyboard.press('Escape');

  await page.goto('/patients/new');
  await page.getByRole('button', { name: 'Create Patient' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.locator('main')).toHaveCount(1);
  await expectAccessible(page, { where: 'form with messages' });
});
