import { expectAccessible } from './accessibility';
import { expect, signIn, test } from './support';

/**
 * Billing (/billing) of the demo organization (Professional, active, three paid invoices in the
 * seed) on a server without Stripe keys: choosing another plan shows the spec's message and
 * changes nothing.
 */
const MESSAGE = 'Stripe publishable key not configured. Please add your Stripe publishable key to environment variables.';

test('the billing page without Stripe keys shows the spec message and changes nothing', async ({ page }) => {
  await signIn(page, 'owner@demo.clinic');
  await page.goto('/billing');
  await expect(page.getByRole('heading', { name: 'Current Subscription' })).toBeVisible();
  await expect(page.getByText('Professional ($699/month)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Professional: current plan' })).toBeDisabled();
  await expect(page.getByRole('table', { name: 'Billing history' }).getByRole('cell', { name: '$699.00' })).toHaveCount(3);
  await expect(page.getByText('No payment method')).toBeVisible();
  await expectAccessible(page, { where: 'billing' });

  await page.getByRole('button', { name: 'Choose Enterprise' }).click();
  await expect(page.getByRole('alert').filter({ hasText: MESSAGE })).toBeVisible();
  await expectAccessible(page, { where: 'plan message' });
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();

  await page.reload();
  await expect(page.getByText('Professional ($699/month)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Professional: current plan' })).toBeDisabled();
});

test('a plan chosen on /pricing is preselected on /billing', async ({ page }) => {
  await signIn(page, 'owner@demo.clinic');
  await page.goto('/billing?plan=basic');
  await expect(page.getByRole('heading', { name: 'Basic plan: $499/month' })).toBeVisible();
  await expect(page.getByText(MESSAGE)).toBeVisible();
});

test('a payment the provider refuses shows its message inline and as an alert', async ({ page }) => {
  // This server has no Stripe keys: the page is told payments are set up, and the provider's
  // refusal is answered for the checkout call, as a declined or unreachable Stripe would.
  await page.route('**/api/billing/subscription?*', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({ json: { ...body, payments: { configured: true, publishableKey: 'pk_test_e2e' } } });
  });
  await page.route('**/api/billing/checkout*', (route) =>
    route.fulfill({
      status: 502,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, message: 'Your card was declined.', code: 'service/unavailable' }),
    }),
  );
  await signIn(page, 'owner@demo.clinic');
  await page.goto('/billing');
  await page.getByRole('button', { name: 'Choose Enterprise' }).click();
  await page.getByRole('button', { name: 'Continue to secure checkout' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /^Your card was declined\.$/ })).toBeVisible();
  await expect(page.getByText('Payment failed: Your card was declined.')).toBeVisible();
  await expect(page).toHaveURL(/\/billing/);
});
