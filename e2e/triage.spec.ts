import { expectAccessible } from './accessibility';
import { expect, signIn, test } from './support';

test('chest pain gives a critical assessment with an immediate wait, listed in Recent Assessments, and Accept is recorded', async ({ page }) => {
  await signIn(page, 'nurse@demo.clinic');
  await page.goto('/triage');
  const button = page.getByRole('button', { name: 'Get AI Triage Assessment' });
  await expect(button).toBeDisabled();

  const symptoms = `Crushing chest pain for 20 minutes, spreading to the left arm (${Date.now()})`;
  await page.getByLabel('Describe your symptoms').fill(symptoms);
  await expect(page.getByLabel('Describe your symptoms')).toHaveAttribute('rows', '6');
  await button.click();

  const current = page.getByRole('region', { name: 'Current Assessment' });
  await expect(current).toBeVisible();
  await expect(current.getByText('Critical', { exact: true })).toBeVisible();
  await expect(current.getByText('Immediate')).toBeVisible();
  await expect(current.getByText(/AI Confidence:\s*(8\d|9\d)%/)).toBeVisible();
  await expect(current.getByText(symptoms)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Get AI Triage Assessment' })).toBeEnabled();

  const recent = page.getByRole('region', { name: 'Recent Assessments' });
  await expect(recent.getByText(symptoms)).toBeVisible();

  await current.getByRole('button', { name: 'Accept Recommendation' }).click();
  await expect(current.getByText('Recommendation accepted')).toBeVisible();
  await expect(current.getByRole('button', { name: 'Accept Recommendation' })).toBeDisabled();
  await current.getByRole('button', { name: 'Get Second Opinion' }).click();
  await expect(current.getByText('Second opinion requested')).toBeVisible();

  // Recorded on the server: still there after a reload.
  await page.reload();
  const item = page.getByRole('region', { name: 'Recent Assessments' }).getByRole('listitem').filter({ hasText: symptoms });
  await expect(item).toContainText('Accepted');
  await expect(item).toContainText('Second opinion requested');
});

test('symptoms of spaces show "Please describe your symptoms." on the page', async ({ page }) => {
  await signIn(page, 'doctor@demo.clinic');
  await page.goto('/triage');
  await page.getByLabel('Describe your symptoms').fill('   ');
  await page.getByRole('button', { name: 'Get AI Triage Assessment' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please describe your symptoms.');
});

test('the page shows the 999 box, the disclaimer, at most 5 recent assessments and the header links', async ({ page }) => {
  await signIn(page, 'doctor@demo.clinic');
  await page.goto('/triage');
  await expect(page.getByText('Call 999 immediately if you experience')).toBeVisible();
  for (const sign of ['Chest pain or pressure', 'Difficulty breathing', 'Severe bleeding', 'Loss of consciousness', 'Signs of stroke']) {
    await expect(page.getByText(sign, { exact: true })).toBeVisible();
  }
  await expect(page.getByText(/for informational purposes only/)).toBeVisible();

  for (let i = 0; i < 6; i++) {
    await page.getByLabel('Describe your symptoms').fill(`Mild headache, day ${i}`);
    await page.getByRole('button', { name: 'Get AI Triage Assessment' }).click();
    await expect(page.getByRole('region', { name: 'Current Assessment' }).getByText(`Mild headache, day ${i}`)).toBeVisible();
  }
  const recent = page.getByRole('region', { name: 'Recent Assessments' });
  await expect(recent.getByRole('listitem')).toHaveCount(5);
  await expect(recent.getByText('Mild headache, day 5')).toBeVisible();
  await expect(recent.getByText('Mild headache, day 0')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Current Assessment' }).getByText('60 minutes')).toBeVisible();

  await expect(page.getByRole('main').getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
  await page.getByRole('link', { name: 'Upgrade Plan' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

test('the triage page with an assessment has no axe violations', async ({ page }) => {
  await signIn(page, 'nurse@demo.clinic');
  await page.goto('/triage');
  await page.getByLabel('Describe your symptoms').fill('High fever and nausea since yesterday');
  await page.getByRole('button', { name: 'Get AI Triage Assessment' }).click();
  await expect(page.getByRole('region', { name: 'Current Assessment' }).getByText('High', { exact: true })).toBeVisible();
  // The staff shell's header belongs to the app frame, not to this page.
  await expectAccessible(page, { include: 'main' });
});
