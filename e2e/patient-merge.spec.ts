import { expectAccessible } from './accessibility';
import { createPatientThroughApi, letters } from './patient-fixtures';
import { expect, signIn, test } from './support';

test('a kiosk check-in of a known patient makes a chart of its own, which a doctor merges into the existing chart', async ({ page, request }) => {
  await signIn(page, 'doctor@demo.clinic');
  const lastName = `Twin${letters(6)}`;
  const { id: existingId } = await createPatientThroughApi(page, {
    firstName: 'Nora',
    lastName,
    dateOfBirth: '1961-02-03',
    phone: '(555) 222-3131',
  });

  // Anyone at the kiosk types the same person: the answer is a queue number, nothing of the chart.
  const kiosk = await request.post('/api/triage/case', {
    data: {
      firstName: 'Nora',
      lastName,
      dateOfBirth: '1961-02-03',
      phoneNumber: '555 222 3131',
      chiefComplaint: 'Cough',
      symptoms: ['cough'],
      painLevel: 2,
    },
  });
  expect(kiosk.status()).toBe(201);
  expect(JSON.stringify(await kiosk.json())).not.toContain(existingId);

  await page.goto(`/patients/${existingId}`);
  const section = page.getByRole('region', { name: 'Possible Duplicate Charts' });
  await expect(section).toContainText('the check-in kiosk');
  await expect(section).toContainText('Matching: last name, date of birth, first name, phone.');
  await expectAccessible(page);

  await section.getByRole('button', { name: 'Merge into Existing Chart' }).click();
  await expect(page.getByRole('region', { name: 'Possible Duplicate Charts' })).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/patients/${existingId}$`));
  // The kiosk's chart left the directory: one chart of this name remains.
  await page.goto('/patients');
  await page.getByLabel('Search').fill(lastName);
  await expect(page.getByRole('table', { name: 'Patients' }).getByRole('row')).toHaveCount(2);
});
