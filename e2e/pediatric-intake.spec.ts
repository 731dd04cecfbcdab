import type { Page } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { letters } from './patient-fixtures';
import { expect, signIn, test } from './support';

/**
 * The public pediatric intake (/pediatric-intake) against the demo organization: its recruiting
 * pediatric asthma trial (ages 6 to 17 years) comes from the demo seed.
 */
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A date of birth `years` years and a month ago. */
function birthDate(years: number): string {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  d.setMonth(d.getMonth() - 1);
  return d.toISOString().slice(0, 10);
}

async function recruitingTrial(page: Page): Promise<{ id: string; title: string }> {
  const res = await page.request.get('/api/clinical-trials');
  expect(res.status()).toBe(200);
  const trial = (await res.json()).trials.find((t: { status: string }) => t.status === 'Recruiting');
  return { id: trial.id, title: trial.title };
}

test('Next on an incomplete step shows the message, and Previous is disabled on step 1', async ({ page }) => {
  await page.goto('/pediatric-intake');
  await expect(page.getByRole('heading', { name: 'Pediatric Patient Intake' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Basic Information' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await page.getByLabel('First Name').fill('Only');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fill in all required fields before proceeding.');
  await expect(page.getByRole('heading', { name: 'Basic Information' })).toBeVisible();
  await expectAccessible(page);
  // An adult is not a pediatric patient: step 1 stays.
  await page.getByLabel('Last Name').fill('Grownup');
  await page.getByLabel('Date of Birth').fill(birthDate(19));
  await page.getByRole('combobox', { name: 'Gender' }).selectOption('female');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fill in all required fields before proceeding.');
  await page.getByLabel('Date of Birth').fill(birthDate(10));
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Contact & Guardian Information' })).toBeVisible();
  // The guardian relationship is required.
  await page.getByLabel('Primary Phone').fill('555 010 3000');
  await page.getByLabel('Guardian First Name').fill('Pat');
  await page.getByLabel('Guardian Last Name').fill('Grownup');
  await page.getByLabel('Guardian Phone').fill('555 010 3001');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fill in all required fields before proceeding.');
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByRole('heading', { name: 'Basic Information' })).toBeVisible();
});

test('an anonymous guardian completes the six steps with a trial, consents, and the child is queued and enrolled', async ({ browser, page }) => {
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signIn(staff, 'doctor@demo.clinic');
  const trial = await recruitingTrial(staff);
  const first = capital(letters(6));
  const last = capital(letters(8));
  const screening = `SCR-E2E-${letters(4).toUpperCase()}`;

  await page.goto(`/pediatric-intake?trialId=${trial.id}`);
  await expect(page.getByRole('heading', { name: trial.title })).toBeVisible();
  // Step 1
  await page.getByLabel('First Name').fill(first);
  await page.getByLabel('Last Name').fill(last);
  await page.getByLabel('Date of Birth').fill(birthDate(9));
  await page.getByRole('combobox', { name: 'Gender' }).selectOption('male');
  await page.getByRole('combobox', { name: 'Race' }).selectOption('asian');
  await page.getByRole('button', { name: 'Next' }).click();
  // Step 2
  await expect(page.getByRole('heading', { name: 'Contact & Guardian Information' })).toBeVisible();
  await page.getByLabel('Primary Phone').fill('555 010 4000');
  await page.getByLabel('Guardian First Name').fill('Robin');
  await page.getByLabel('Guardian Last Name').fill(last);
  await page.getByRole('combobox', { name: 'Relationship to Patient' }).selectOption('parent');
  await page.getByLabel('Guardian Phone').fill('555 010 4001');
  await page.getByRole('button', { name: 'Next' }).click();
  // Step 3
  await expect(page.getByRole('heading', { name: 'Clinical Information' })).toBeVisible();
  await page.getByLabel('Chief Complaint').fill('Wheezing and cough at night');
  await page.getByLabel('Symptoms').fill('wheezing, cough, ');
  await page.getByRole('slider').focus();
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowRight');
  await expect(page.getByText('Pain Level: 4 / 10')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  // Step 4
  await expect(page.getByRole('heading', { name: 'Medical History' })).toBeVisible();
  await page.getByLabel('Chronic Conditions').fill('asthma, eczema');
  await page.getByRole('button', { name: 'Next' }).click();
  // Step 5
  await expect(page.getByRole('heading', { name: 'Family & Social History' })).toBeVisible();
  await page.getByLabel('Hypertension').check();
  await page.getByRole('combobox', { name: 'Living Situation' }).selectOption('both-parents');
  await page.getByRole('button', { name: 'Next' }).click();
  // Step 6: insurance and consent
  await expect(page.getByRole('heading', { name: 'Insurance & Consent' })).toBeVisible();
  await page.getByLabel('Primary Insurance').fill('Blue Shield');
  await page.getByRole('button', { name: 'Submit Patient Information' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please complete all required fields.');
  await page.getByLabel('I provide consent').check();
  await page.getByLabel('Screening Number').fill(screening);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Submit Patient Information' }).click();

  await expect(page.getByRole('heading', { name: 'Intake complete' })).toBeVisible();
  await expect(page.getByText(/^Queue number: \d+$/)).toBeVisible();
  await expect(page.getByText(`The patient was enrolled in ${trial.title}.`)).toBeVisible();

  // The child waits in the staff queue...
  await staff.goto('/queue');
  await expect(staff.getByRole('region', { name: /^Waiting \(\d+\)$/ }).getByRole('article', { name: `${first} ${last}` })).toBeVisible();
  // ...and is enrolled in the trial with the screening number.
  await staff.goto('/clinical-trials');
  await staff.getByRole('tab', { name: 'Enrollments' }).click();
  await staff.getByRole('combobox', { name: 'Trial' }).selectOption(trial.id);
  const row = staff.getByRole('row').filter({ hasText: screening });
  await expect(row).toContainText(`${first} ${last}`);
  await expect(row).toContainText('Active');
  await staffContext.close();
});
