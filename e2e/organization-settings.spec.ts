import { Secret, TOTP } from 'otpauth';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { expect, test } from './support';

/**
 * Organization settings and sign-in security, in an organization of the test's own (the
 * demo organization stays without required two-factor for the other specs): an Admin requires
 * two-factor sign-in, a member is made to enrol, then signs in with a code from the app.
 */

const PASSWORD = 'Strong-pass-2026';

async function ok(res: Awaited<ReturnType<APIRequestContext['post']>>) {
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { invitation: { token: string } };
}

/** The code an authenticator app would show for `secret` at `at`. */
const codeOf = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: at });

async function signInWithPassword(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('an Admin requires two-factor sign-in; a member is made to enrol, then signs in with a code', async ({ page, browser }) => {
  // Two people, two sign-ins and four accessibility scans: longer than one screen's test.
  test.setTimeout(180_000);
  const unique = Date.now().toString(36);
  const ownerEmail = `owner-${unique}@settings-e2e.test`;
  const memberEmail = `nurse-${unique}@settings-e2e.test`;

  // The Owner (Admin or above) and their organization, through the API.
  await ok(await page.request.post('/api/auth/sign-up', { data: { email: ownerEmail, password: PASSWORD } }));
  await ok(await page.request.post('/api/organizations', { data: { name: `Settings Clinic ${unique}`, type: 'clinic' } }));
  const invitation = (await ok(await page.request.post('/api/organizations/invite', { data: { email: memberEmail, role: 'Nurse' } }))).invitation;

  // The member joins from the invitation in a browser of their own.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await ok(await member.request.post('/api/auth/sign-up', { data: { email: memberEmail, password: PASSWORD, invitationToken: invitation.token } }));
  await ok(await member.request.post(`/api/organizations/invitations/${invitation.token}/accept`, { data: {} }));
  await member.request.post('/api/auth/sign-out', { data: {} });

  // The Admin opens the settings: real data, Save Changes disabled until something changes.
  await page.goto('/organization/settings');
  await expect(page.getByRole('heading', { name: 'Organization Settings' })).toBeVisible();
  await expect(page.getByLabel('Organization Name')).toHaveValue(`Settings Clinic ${unique}`);
  const saveButton = page.getByRole('button', { name: 'Save Changes' });
  await expect(saveButton).toBeDisabled();
  await expectAccessible(page);
  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByLabel('Require Two-Factor Authentication').check();
  await expect(saveButton).toBeEnabled();
  await expectAccessible(page);
  await saveButton.click();
  // Saved, and the Admin has no second factor yet either: the workspace sends them to enrol at once.
  await expect(page).toHaveURL(/\/account\/security$/);
  await expect(page.getByText('Your organization requires two-factor authentication.')).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/account\/security$/);

  // The member signs in with the password and is sent to enrol before any staff screen.
  await signInWithPassword(member, memberEmail);
  await expect(member).toHaveURL(/\/account\/security$/);
  await expect(member.getByText('Your organization requires two-factor authentication.')).toBeVisible();
  await member.goto('/patients');
  await expect(member).toHaveURL(/\/account\/security$/);
  await member.getByRole('button', { name: 'Set Up Two-Factor Authentication' }).click();
  await expect(member.getByRole('img', { name: 'QR code of your authenticator key' })).toBeVisible();
  const secret = (await member.getByTestId('mfa-secret').textContent())!.trim();
  await member.getByLabel('Authentication code').fill(codeOf(secret, Date.now()));
  await member.getByRole('button', { name: 'Verify and Turn On' }).click();
  await expect(member.getByText('Two-factor authentication is now on')).toBeVisible();
  await expect(member.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(10);
  await expectAccessible(member);

  // Signed out, the member signs in again: the password, then a code from the app.
  await member.getByRole('button', { name: /Account menu/ }).click();
  await member.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(member).toHaveURL(/\/login/);
  await signInWithPassword(member, memberEmail);
  await expect(member.getByRole('heading', { name: 'Two-Factor Authentication' })).toBeVisible();
  await expectAccessible(member);
  // The code of the next 30-second step: inside the accepted window and newer than the one used to enrol.
  await member.getByLabel('Authentication code').fill(codeOf(secret, Date.now() + 30_000));
  await member.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(member).toHaveURL(/\/dashboard$/);
  await memberContext.close();
});

test('an Admin sets the paging timeouts and webhook; they are kept, and a timeout of 0 is refused', async ({ page }) => {
  test.setTimeout(120_000);
  const unique = Date.now().toString(36);
  await ok(await page.request.post('/api/auth/sign-up', { data: { email: `owner-${unique}@paging-settings-e2e.test`, password: PASSWORD } }));
  await ok(await page.request.post('/api/organizations', { data: { name: `Paging Clinic ${unique}`, type: 'clinic' } }));

  await page.goto('/organization/settings');
  await page.getByRole('tab', { name: 'Paging' }).click();
  const emergency = page.getByLabel('Emergency (minutes)');
  // The defaults, no webhook yet and so no signing secret; the deliveries table is the Admin's.
  await expect(emergency).toHaveValue('5');
  await expect(page.getByLabel('Urgent (minutes)')).toHaveValue('15');
  await expect(page.getByLabel('Routine (minutes)')).toHaveValue('60');
  const autoPage = page.getByLabel('Page the on-call doctor automatically for CRITICAL alerts');
  await expect(autoPage).toBeChecked();
  const secret = page.getByRole('textbox', { name: 'Signing Secret' });
  await expect(secret).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Webhook deliveries' }).getByText('No deliveries yet')).toBeVisible();
  await expectAccessible(page, { where: 'paging settings' });

  await emergency.fill('1');
  await autoPage.uncheck();
  await page.getByLabel('Webhook URL').fill('https://pager.example.test/hook');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  // The first webhook address makes the secret its deliveries are signed with.
  await expect(secret).toHaveValue(/^whsec_[0-9a-f]{32,}$/);

  await page.reload();
  await page.getByRole('tab', { name: 'Paging' }).click();
  await expect(emergency).toHaveValue('1');
  await expect(autoPage).not.toBeChecked();
  await expect(page.getByLabel('Webhook URL')).toHaveValue('https://pager.example.test/hook');
  await expect(page.getByRole('button', { name: 'Copy signing secret' })).toBeVisible();
  await expectAccessible(page, { where: 'paging settings with a webhook' });

  // Zero minutes: the message at the field and in the page's list, and nothing saved.
  await emergency.fill('0');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('alert').getByText('paging.timeoutMinutes.emergency: Emergency timeout must be at least 1 minute')).toBeVisible();
  await expect(emergency).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, { where: 'paging settings refused' });
  const stored = await page.request.get('/api/organizations/settings');
  expect(
    ((await stored.json()) as { settings: { paging: { timeoutMinutes: { emergency: number } } } }).settings.paging.timeoutMinutes.emergency,
  ).toBe(1);

  // The server refuses it too, naming the field.
  const refused = await page.request.put('/api/organizations/settings', { data: { paging: { timeoutMinutes: { emergency: 0 } } } });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { issues: Array<{ path: string }> }).issues.map((i) => i.path)).toEqual(['paging.timeoutMinutes.emergency']);
});
