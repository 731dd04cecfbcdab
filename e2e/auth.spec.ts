import { expect, signOut, submitSignIn as signIn, test } from './support';

test('a new account creates its organization and lands on the dashboard showing its e-mail', async ({ page }) => {
  const email = `new-${Date.now()}@example.org`;
  await page.goto('/login');
  await page.getByText('Create Account', { exact: true }).first().click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('secret-pass');
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page.getByRole('heading', { name: 'Select Your Organization' })).toBeVisible();
  await page.getByRole('button', { name: 'Create New Organization' }).click();
  const create = page.getByRole('button', { name: 'Create Organization' });
  await expect(create).toBeDisabled();
  await page.getByLabel('Organization Name').fill('Riverside Clinic');
  await expect(create).toBeEnabled();
  await create.click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`Welcome back, ${email}`)).toBeVisible();
  await expect(page.getByText('Riverside Clinic · Riverside Clinic Main Clinic')).toBeVisible();
  for (const tab of ['Overview', 'Queue Manager', 'Patients', 'Analytics', 'Kiosk Mode', 'Emergency Room', 'Visitors', 'Settings']) {
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  }
});

test('a wrong password shows "Incorrect email or password." and keeps the user on /login', async ({ page }) => {
  await signIn(page, 'doctor@demo.clinic', 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.');
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown e-mail shows the same "Incorrect email or password." as a wrong password', async ({ page }) => {
  await signIn(page, 'nobody@demo.clinic', 'whatever-1');
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.');
});

test('signing up with a taken e-mail shows the catalogue message', async ({ page }) => {
  await page.goto('/login');
  await page.getByText('Create Account', { exact: true }).first().click();
  await page.getByLabel('Email').fill('owner@demo.clinic');
  await page.getByLabel('Password').fill('secret-pass');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert')).toHaveText('An account with this email already exists.');
});

test('the demo Viewer opening /organization sees the role Access Denied screen', async ({ page }) => {
  await signIn(page, 'viewer@demo.clinic');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/organization');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText("You don't have permission to access this page. Required role: Owner")).toBeVisible();
  await expect(page.getByText('Your current role: Viewer')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
});

test('the demo Viewer opening /triage sees the permission Access Denied screen', async ({ page }) => {
  await signIn(page, 'viewer@demo.clinic');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/triage');
  await expect(page.getByText("You don't have permission to access this feature.")).toBeVisible();
  await expect(page.getByText('Required permission: canAccessEmergencyRoom')).toBeVisible();
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an unknown path shows Page Not Found with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText("The page you're looking for doesn't exist.")).toBeVisible();
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a signed-out visitor of /dashboard is sent to /login, and back after signing in', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill('owner@demo.clinic');
  await page.getByLabel('Password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Welcome back, owner@demo.clinic')).toBeVisible();
});

test('sign-out ends the session: the dashboard then asks to sign in again', async ({ page }) => {
  await signIn(page, 'nurse@demo.clinic');
  await expect(page.getByText('Welcome back, nurse@demo.clinic')).toBeVisible();
  await signOut(page);
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  const session = await page.request.get('/api/auth/session');
  expect(session.status()).toBe(401);
});

test('a member of two organizations switches between them from the header', async ({ page }) => {
  await signIn(page, 'manager@demo.clinic');
  await expect(page).toHaveURL(/\/dashboard$/);
  const origin = new URL(page.url()).origin;
  const created = await page.request.post('/api/organizations', {
    data: { name: 'Second Site Health', type: 'clinic' },
    headers: { origin },
  });
  expect(created.status()).toBe(201);
  await page.reload();
  await expect(page.getByText('Second Site Health · Second Site Health Main Clinic')).toBeVisible();
  await page.getByRole('combobox', { name: 'Organization' }).click();
  await page.getByRole('option', { name: 'Demo General Hospital' }).click();
  await expect(page.getByText('Organization switched successfully!')).toBeVisible();
  await expect(page.getByText('Demo General Hospital · Demo General Hospital Main Clinic')).toBeVisible();
});

test('a plan chosen on the pricing page carries through sign-in to billing', async ({ page }) => {
  await page.goto('/login?plan=professional');
  await page.getByLabel('Email').fill('owner@demo.clinic');
  await page.getByLabel('Password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/billing\?plan=professional$/);
});

test('an invalid e-mail verification link says so and offers the way on', async ({ page }) => {
  await page.goto('/verify-email?token=not-a-real-token-0123456789');
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('This verification link is invalid, has expired or was already used.');
  await expect(page.getByRole('link', { name: 'Continue to ClinicFlow' })).toBeVisible();
});
