import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { expect, signIn, test } from './support';

/** A name no other test uses, so assertions cannot match another entry. */
function uniqueName(first: string) {
  const letters = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
  return { first, last: `Q${letters}`, full: `${first} Q${letters}` };
}

/** Checks a patient in at the kiosk in a fresh context; returns the queue number shown. */
async function checkIn(
  browser: Browser,
  patient: { first: string; last: string },
  medical: { complaint: string; symptoms?: string } = { complaint: 'Sore throat' },
  url = '/kiosk',
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  await page.getByRole('button', { name: 'Start Check-in' }).click();
  await page.getByLabel('First Name').fill(patient.first);
  await page.getByLabel('Last Name').fill(patient.last);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Chief Complaint').fill(medical.complaint);
  if (medical.symptoms) await page.getByLabel('Symptoms').fill(medical.symptoms);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Check-in Complete!' })).toBeVisible();
  const queueNumber = Number(await page.getByTestId('queue-number').innerText());
  expect(queueNumber).toBeGreaterThan(0);
  return { page, context, queueNumber };
}

/** Opens the staff Queue Manager and waits until its live stream is open. */
async function openStaffQueue(page: Page) {
  await page.goto('/queue');
  await expect(page.getByRole('heading', { name: 'Queue Manager (Clinical Decision Support System)' })).toBeVisible();
  await expect(page.getByText('Live updates on')).toBeVisible();
}

const waitingList = (page: Page) => page.getByRole('region', { name: /^Waiting \(\d+\)$/ });

test('a kiosk check-in appears live in the nurse queue, and Start Care moves it out of the waiting list for every viewer', async ({ browser }) => {
  const nurseContext = await browser.newContext();
  const nurse = await nurseContext.newPage();
  await signIn(nurse, 'nurse@demo.clinic');
  await openStaffQueue(nurse);
  for (const label of ['Total Waiting', 'High Risk Patients', 'Avg Wait Time (minutes)', 'CDS Alerts']) {
    await expect(nurse.getByRole('group', { name: label })).toBeVisible();
  }
  await expect(nurse.getByRole('switch', { name: 'Auto-refresh' })).toBeChecked();

  const doctorContext = await browser.newContext();
  const doctor = await doctorContext.newPage();
  await signIn(doctor, 'doctor@demo.clinic');
  await openStaffQueue(doctor);

  const patient = uniqueName('Marisol');
  const kiosk = await checkIn(browser, patient, { complaint: 'Chest pain since this morning', symptoms: 'chest pain, , sweating ,' });
  await expect(kiosk.page.getByTestId('queue-number')).toHaveText(String(kiosk.queueNumber));

  // No reload: the entry arrives through the event stream.
  const nurseCard = waitingList(nurse).getByRole('article', { name: patient.full });
  await expect(nurseCard).toBeVisible();
  await expect(nurseCard.getByText(/^Risk \d+%$/)).toBeVisible();
  await expect(waitingList(doctor).getByRole('article', { name: patient.full })).toBeVisible();
  // Chest pain in the complaint and the symptoms: immediate attention, so the card is red.
  await expect(nurseCard).toHaveAttribute('data-tone', 'red');
  await expect(nurseCard.getByText('Emergency', { exact: true })).toBeVisible();

  await nurseCard.getByRole('button', { name: 'Start Care' }).click();
  await expect(nurse.getByText(/^Care session started for patient \S+ - Patient moved to care$/)).toBeVisible();
  await expect(waitingList(nurse).getByRole('article', { name: patient.full })).toHaveCount(0);
  await expect(nurse.getByRole('region', { name: /^In Care/ }).getByRole('article', { name: patient.full })).toBeVisible();
  await expect(waitingList(doctor).getByRole('article', { name: patient.full })).toHaveCount(0);
  // The banner hides itself after 5 seconds.
  await expect(nurse.getByText(/Patient moved to care/)).toBeHidden({ timeout: 8_000 });

  await Promise.all([nurseContext.close(), doctorContext.close(), kiosk.context.close()]);
});

test('an anonymous /queue shows queue numbers and initials, live, and never the full name', async ({ browser, page }) => {
  await page.goto('/queue');
  await expect(page.getByRole('heading', { name: 'Queue Manager (Clinical Decision Support System)' })).toBeVisible();
  await expect(page.getByText('Live updates on')).toBeVisible();

  const patient = uniqueName('Penelope');
  const kiosk = await checkIn(browser, patient, { complaint: 'Earache' });
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: `#${kiosk.queueNumber}`, exact: true }) });
  await expect(row).toBeVisible();
  await expect(row).toContainText(`P.${patient.last[0]}.`);
  await expect(row).toContainText('Waiting');
  await expect(page.getByText(patient.last)).toHaveCount(0);
  expect(await page.content()).not.toContain(patient.last);
  await expect(page.getByRole('button', { name: 'Start Care' })).toHaveCount(0);
  await kiosk.context.close();
});

test('View Queue Manager after a kiosk check-in shows the dismissible arrival banner', async ({ browser }) => {
  const kiosk = await checkIn(browser, uniqueName('Hugo'));
  await kiosk.page.getByRole('link', { name: 'View Queue Manager' }).click();
  await expect(kiosk.page).toHaveURL(/\/queue\?source=kiosk/);
  const banner = kiosk.page.getByText('New case added to the queue from the check-in kiosk.');
  await expect(banner).toBeVisible();
  await kiosk.page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toBeHidden();
  await kiosk.context.close();
});

test('a signed-in user without canManageQueue gets the public board', async ({ page }) => {
  await signIn(page, 'viewer@demo.clinic');
  await page.goto('/queue');
  await expect(page.getByRole('heading', { name: 'Queue Manager (Clinical Decision Support System)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Patient Queue' })).toHaveCount(0);
});

test('details show the split symptoms, and recording vitals adds NEWS2 to the card', async ({ browser, page }) => {
  const patient = uniqueName('Ottilie');
  const kiosk = await checkIn(browser, patient, { complaint: 'Shortness of breath', symptoms: ' cough,, fever , ' });
  await kiosk.context.close();

  await signIn(page, 'nurse@demo.clinic');
  await page.goto('/cds-queue');
  const card = waitingList(page).getByRole('article', { name: patient.full });
  await expect(card).toBeVisible();
  await expect(card.getByText(/^NEWS2/)).toHaveCount(0);
  await card.getByRole('button', { name: 'View Details' }).click();

  const modal = page.getByRole('dialog', { name: patient.full });
  await expect(modal).toBeVisible();
  const symptoms = modal.getByRole('region', { name: 'Symptoms' });
  await expect(symptoms.getByRole('listitem')).toHaveText(['cough', 'fever']);
  await expect(modal.getByRole('button', { name: 'Start Care' })).toBeVisible();

  // Respiratory rate 26 (3), SpO2 90 (3), on air (0), systolic 95 (2), pulse 135 (3), 101 F = 38.3 C (1): NEWS2 12.
  await modal.getByLabel('Heart Rate (bpm)').fill('135');
  await modal.getByLabel('Systolic BP (mmHg)').fill('95');
  await modal.getByLabel('Diastolic BP (mmHg)').fill('60');
  await modal.getByLabel('Oxygen Saturation (%)').fill('90');
  await modal.getByLabel('Temperature (°F)').fill('101');
  await modal.getByLabel('Respiratory Rate (/min)').fill('26');
  await modal.getByRole('button', { name: 'Record Vitals' }).click();
  await expect(modal.getByText('Vital signs recorded. Risk score and NEWS2 updated.')).toBeVisible();
  await expect(modal.getByText('NEWS2 12', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(card.getByText('NEWS2 12', { exact: true })).toBeVisible();
  await expect(card).toHaveAttribute('data-tone', 'red');
});

test('the CDS tabs show recommendations, guidelines and analytics derived from the queue', async ({ browser, page }) => {
  const patient = uniqueName('Leopold');
  const kiosk = await checkIn(browser, patient, { complaint: 'Chest pain and sweating' });
  await kiosk.context.close();
  await signIn(page, 'doctor@demo.clinic');
  await openStaffQueue(page);

  await page.getByRole('tab', { name: 'CDS Recommendations' }).click();
  await expect(page.getByRole('row').filter({ hasText: patient.full }).filter({ hasText: '12-lead ECG within 10 minutes' })).toBeVisible();
  await page.getByRole('tab', { name: 'Clinical Guidelines' }).click();
  await expect(page.getByText('AHA/ACC 2021 Chest Pain Guideline')).toBeVisible();
  await page.getByRole('tab', { name: 'CDS Analytics' }).click();
  await expect(page.getByRole('group', { name: 'Average Risk Score' })).toBeVisible();
  await expect(page.getByText('Waiting patients by urgency')).toBeVisible();
});

test('the dashboard Overview shows the four stat cards with the open queue counted', async ({ browser, page }) => {
  const kiosk = await checkIn(browser, uniqueName('Dagny'));
  await kiosk.context.close();
  await signIn(page, 'owner@demo.clinic');
  for (const label of ['Total Patients', 'Active Queue', 'Completed Today', 'Avg Wait Time']) {
    await expect(page.getByRole('group', { name: label })).toBeVisible();
  }
  await expect(page.getByRole('group', { name: 'Active Queue' })).not.toContainText(/^Active Queue0$/);
  await expect(page.getByRole('group', { name: 'Active Queue' })).toContainText(/Active Queue[1-9]\d*/);
});

test('the public board and the staff Queue Manager with its details have one main landmark and no axe violations', async ({ browser, page }) => {
  const patient = uniqueName('Wilhelmina');
  const kiosk = await checkIn(browser, patient, { complaint: 'Severe abdominal pain', symptoms: 'vomiting, dizziness' });
  await kiosk.context.close();

  await page.goto('/queue');
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: `W.${patient.last[0]}.` })
      .first(),
  ).toBeVisible();
  await expect(page.locator('main')).toHaveCount(1);
  await expectAccessible(page, { where: 'public board' });

  await signIn(page, 'nurse@demo.clinic');
  await openStaffQueue(page);
  const card = waitingList(page).getByRole('article', { name: patient.full });
  await expect(card).toBeVisible();
  await expect(page.locator('main')).toHaveCount(1);
  await expectAccessible(page, { where: 'queue manager' });
  await card.getByRole('button', { name: 'View Details' }).click();
  await expect(page.getByRole('dialog', { name: patient.full })).toBeVisible();
  await expect(page.getByRole('dialog').getByText('Loading history...')).toBeHidden();
  await expectAccessible(page, { where: 'details' });
});

test('a board for an unknown organization shows "Failed to load queue data: {message}" with zeroed stats', async ({ page }) => {
  await page.goto('/queue?organizationId=no-such-organization');
  await expect(page.getByRole('alert')).toHaveText(/^Failed to load queue data: \S.+/);
  await expect(page.getByRole('group', { name: 'Total Waiting' })).toContainText('0');
  await expect(page.getByText('No patients in queue')).toHaveCount(0);
});

test('the dashboard stat cards fall back to zeros when the stats cannot be loaded', async ({ page }) => {
  await page.route('**/api/dashboard/stats**', (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, error: 'No', message: 'No', code: 'access/forbidden' }),
    }),
  );
  await signIn(page, 'owner@demo.clinic');
  for (const label of ['Total Patients', 'Active Queue', 'Completed Today', 'Avg Wait Time']) {
    await expect(page.getByRole('group', { name: label })).toContainText(/^\D+0/);
  }
});
