import { expect, signIn, signOut, test } from './support';

test('the Queue Manager tab lists waiting patients in Emergency, Urgent and Routine columns from the live queue', async ({ page }) => {
  const last = `Column${Date.now()}`;
  // Chest pain as complaint and symptom at 80 scores 100 (emergency); a mild cough at 30 scores 15 (routine).
  for (const [first, complaint, symptoms, age] of [
    ['Edna', 'Chest pain', ['chest pain'], 80],
    ['Rita', 'Mild cough', ['cough'], 30],
  ] as const) {
    const res = await page.request.post('/api/triage/case', {
      data: { firstName: first, lastName: last, chiefComplaint: complaint, symptoms: [...symptoms], age },
    });
    expect(res.status()).toBe(201);
  }
  await signIn(page, 'nurse@demo.clinic');
  await page.getByRole('tab', { name: 'Queue Manager' }).click();
  const emergency = page.locator('.mantine-Card-root', { has: page.getByRole('heading', { name: /^Emergency \(\d+\)$/ }) });
  const routine = page.locator('.mantine-Card-root', { has: page.getByRole('heading', { name: /^Routine \(\d+\)$/ }) });
  await expect(emergency).toContainText(`Edna ${last}`);
  await expect(routine).toContainText(`Rita ${last}`);
  await expect(emergency).not.toContainText(`Rita ${last}`);
  await expect(page.getByRole('link', { name: 'Open Queue Manager' })).toBeVisible();
});

test('the Patients tab shows the directory counts; a role without patient access is told so', async ({ page }) => {
  await signIn(page, 'doctor@demo.clinic');
  await page.getByRole('tab', { name: 'Patients' }).click();
  const total = page.getByRole('group', { name: 'Total Patients' });
  await expect(total).toBeVisible();
  expect(Number(await total.locator('text=/^\\d+$/').first().textContent())).toBeGreaterThan(0);
  await expect(page.getByRole('group', { name: 'Discharged' })).toBeVisible();

  await signOut(page);
  await signIn(page, 'viewer@demo.clinic');
  await page.getByRole('tab', { name: 'Patients' }).click();
  await expect(page.getByText('Your role does not include patient records (permission canManagePatients).')).toBeVisible();
});

test('a kiosk check-in and a Start Care in other browsers reach the dashboard Queue Manager tab through the event stream, without waiting for the 30 s poll', async ({
  browser,
  page,
}) => {
  const last = `Live${Date.now()}`;
  const name = `Rosa ${last}`;
  // Within a second (the feature kit's bar), well under the 30 s poll: only the event stream can
  // bring the change in time.
  const live = { timeout: 1_000 };

  // The signed-in shell opens the organization's stream; once its headers arrive the server is subscribed.
  const stream = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events');
  await signIn(page, 'nurse@demo.clinic');
  await stream;
  await page.getByRole('tab', { name: 'Queue Manager' }).click();
  const routine = page.locator('.mantine-Card-root', { has: page.getByRole('heading', { name: /^Routine \(\d+\)$/ }) });
  await expect(routine).toBeVisible();
  await expect(page.getByText(name)).toHaveCount(0);

  const kioskContext = await browser.newContext();
  const kiosk = await kioskContext.newPage();
  await kiosk.goto('/kiosk');
  await kiosk.getByRole('button', { name: 'Start Check-in' }).click();
  await kiosk.getByLabel('First Name').fill('Rosa');
  await kiosk.getByLabel('Last Name').fill(last);
  await kiosk.getByRole('button', { name: 'Next' }).click();
  await kiosk.getByLabel('Chief Complaint').fill('Mild cough');
  await kiosk.getByRole('button', { name: 'Submit' }).click();
  await expect(kiosk.getByRole('heading', { name: 'Check-in Complete!' })).toBeVisible();
  await expect(routine).toContainText(name, live);

  const doctorContext = await browser.newContext();
  const doctor = await doctorContext.newPage();
  await signIn(doctor, 'doctor@demo.clinic');
  await doctor.goto('/queue');
  await doctor.getByRole('article', { name }).getByRole('button', { name: 'Start Care' }).click();
  await expect(doctor.getByText(/Patient moved to care$/)).toBeVisible();
  await expect(page.getByText(name)).toHaveCount(0, live);

  await Promise.all([kioskContext.close(), doctorContext.close()]);
});

test("the Visitors tab shows the organization's visitors of today from the database, with its links", async ({ page }) => {
  await signIn(page, 'nurse@demo.clinic');
  await page.getByRole('tab', { name: 'Visitors' }).click();
  // The demo seed checks visitors in today (some still in), so the figures are real rows, not "No data yet".
  await expect(page.getByRole('group', { name: 'Visitors Today' })).toContainText(/[1-9]\d*/);
  await expect(page.getByRole('group', { name: 'Currently Checked In' })).toContainText(/\d+/);
  await expect(page.getByRole('group', { name: 'Badges Issued Today' })).toContainText(/[1-9]\d*/);
  await expect(page.getByRole('link', { name: 'Visitor Management Console' })).toBeVisible();
  await signOut(page);
});
