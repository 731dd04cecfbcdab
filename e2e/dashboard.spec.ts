import { expect, signIn, test } from './support';

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

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await signIn(page, 'viewer@demo.clinic');
  await page.getByRole('tab', { name: 'Patients' }).click();
  await expect(page.getByText('Your role does not include patient records (permission canManagePatients).')).toBeVisible();
});
