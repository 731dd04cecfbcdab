import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { CLIENT_ID, CLIENT_SECRET, openSignInLink, signInAtProvider, startIdentityProvider } from './sso-stand-ins';
import { closeArrivingPageAlerts, DEMO_PASSWORD, expect, outsideAddress, signIn, signOut, test } from './support';

/**
 * Single sign-on end to end, against a real OpenID Connect provider (`oidc-provider`, sso-stand-ins.ts)
 * started here on an address of this machine that is not loopback, which the test server's
 * OUTBOUND_ALLOW names (as a deployment names an on-premise identity provider). The demo
 * organization's Admin sets single sign-on up in Organization Settings; every test turns it off
 * again, so the other specs find the demo organization as it was.
 */

let issuer = '';
let idp: Awaited<ReturnType<typeof startIdentityProvider>>;

test.beforeAll(async () => {
  idp = await startIdentityProvider(String(test.info().project.use.baseURL));
  issuer = idp.issuer;
});

test.afterAll(async () => {
  await idp?.close();
});

/** The demo Admin's API session, for setting single sign-on up (or off) around a test. */
async function adminApi(playwright: { request: { newContext: (o: { baseURL: string }) => Promise<APIRequestContext> } }, baseURL: string) {
  const api = await playwright.request.newContext({ baseURL });
  const signedIn = await api.post('/api/auth/sign-in', { data: { email: 'admin@demo.clinic', password: DEMO_PASSWORD } });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  return api;
}

/** Saves the demo organization's single sign-on through the API, as the Admin's tab does. */
async function saveSso(api: APIRequestContext, settings: { enabled: boolean; enforce?: boolean }) {
  const saved = await api.put('/api/organizations/sso', {
    data: {
      enabled: settings.enabled,
      issuer,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      domains: [],
      enforce: settings.enforce ?? false,
      defaultRole: 'Staff',
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  return ((await saved.json()) as { ssoConfiguration: { signInUrl: string } }).ssoConfiguration;
}

test.describe('single sign-on', () => {
  let api: APIRequestContext;

  test.beforeEach(async ({ playwright, baseURL }) => {
    api = await adminApi(playwright, String(baseURL));
  });

  test.afterEach(async () => {
    // Off again, whatever happened: the other specs sign the demo accounts in with passwords.
    await saveSso(api, { enabled: false });
    await api.dispose();
  });

  test('an Admin sets single sign-on up; a stranger from an unverified domain is refused an account at the sign-in link', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await closeArrivingPageAlerts(page);
    await signIn(page, 'admin@demo.clinic');
    await page.goto('/organization/settings');
    await page.getByRole('tab', { name: 'Single sign-on' }).click();
    const settings = page.getByRole('form', { name: 'Single sign-on settings' });
    await expect(settings.getByLabel('Issuer URL')).toBeVisible();
    await expectAccessible(page, { where: 'Single sign-on tab' });

    // Switched on, a provider that is not there is refused at its field, and nothing is saved.
    await settings.getByLabel('Issuer URL').fill(`http://${outsideAddress()}:9/nowhere`);
    await settings.getByLabel('Client ID').fill(CLIENT_ID);
    await settings.getByRole('switch', { name: 'Enable single sign-on' }).check();
    await settings.getByRole('button', { name: 'Save Single Sign-On' }).click();
    await expect(settings.getByLabel('Issuer URL')).toHaveAccessibleDescription(/could not be reached/);
    await expect(settings.getByRole('alert').first()).toBeVisible();
    await expect(settings.getByText('Settings saved.')).toHaveCount(0);

    await settings.getByLabel('Issuer URL').fill(issuer);
    await settings.getByLabel('Client secret').fill(CLIENT_SECRET);
    // A domain (Enter adds it, it does not save): its TXT record comes with the save.
    const domain = `hospital-${Date.now().toString(36)}.test`;
    await settings.getByLabel('Add domain').fill(domain.toUpperCase());
    await settings.getByLabel('Add domain').press('Enter');
    await expect(settings.getByText('Save to get the TXT record to publish.')).toBeVisible();
    await settings.getByRole('button', { name: 'Save Single Sign-On' }).click();
    await expect(settings.getByText('Settings saved.')).toBeVisible();
    await expect(settings.getByRole('switch', { name: 'Enable single sign-on' })).toBeChecked();
    await expect(settings.getByText('A client secret is saved.', { exact: false })).toBeVisible();
    await expect(settings.getByText(/^clinicflow-verification=\S+$/)).toBeVisible();
    // Nobody published it (no stand-in DNS answers in this spec): Verify looks it up now and says so.
    await settings.getByRole('button', { name: `Verify ${domain}` }).click();
    await expect(settings.getByRole('alert').filter({ hasText: 'The TXT record was not found' })).toBeVisible();
    await expect(settings.getByTestId('sso-redirect-uri')).toHaveText(/\/api\/auth\/sso\/callback$/);
    const signInUrl = (await settings.getByTestId('sso-sign-in-url').textContent())!.trim();
    expect(signInUrl).toMatch(/\/login\?sso=/);
    await page.mouse.move(0, 0); // no button left in its hover colour
    await expectAccessible(page, {
      where: 'Single sign-on tab, saved',
      // A notification can still sit over the form: axe then cannot tell its card's background.
      contrastCheckedByEye: [{ selector: '.mantine-Notification-description', why: 'default text on the notification’s own white card' }],
    });

    // Someone the organization has never seen, from a domain it has not verified: no account is
    // made (a first sign-in makes one only in a verified domain: sso-accounts.spec.ts), and the
    // login screen says why.
    const email = `sso-${Date.now().toString(36)}@idp-e2e.test`;
    const { context, page: person } = await openSignInLink(browser, signInUrl);
    await signInAtProvider(person, email);
    await expect(person).toHaveURL(/\/login\?sso_error=domain$/);
    await expect(person.getByRole('alert')).toHaveText(
      'Your e-mail address is not in a domain your organization has verified, so no account was created. Ask your administrator to invite you.',
    );
    await expectAccessible(person, { where: 'login, single sign-on refused' });
    await context.close();
  });

  test('a sign-in returned to another browser than the one that started it is refused with the state message', async ({ browser }) => {
    const { signInUrl } = await saveSso(api, { enabled: true });
    const { context: started, page } = await openSignInLink(browser, signInUrl);
    // The provider's answer is held back on its way to this browser (its redirects followed by
    // hand, with this browser's cookies, up to the platform's callback) and opened in another.
    let returned = '';
    await page.route(`${issuer}/interaction/**`, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      let location = (await route.fetch({ maxRedirects: 0 })).headers()['location'];
      while (location && !location.includes('/api/auth/sso/callback')) {
        location = (await page.request.get(new URL(location, issuer).href, { maxRedirects: 0 })).headers()['location'];
      }
      returned = location ?? '';
      await route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html lang="en"><title>Held back</title><main>Held back</main></html>',
      });
    });
    await signInAtProvider(page, `elsewhere-${Date.now().toString(36)}@idp-e2e.test`);
    await expect.poll(() => returned).toContain('state=');
    await started.close();

    const other = await browser.newContext();
    const page2 = await other.newPage();
    await page2.goto(returned);
    await expect(page2).toHaveURL(/\/login\?sso_error=state$/);
    await expect(page2.getByRole('alert')).toHaveText('This sign-in was started in another browser or has expired. Start single sign-on again.');
    await expectAccessible(page2, { where: 'login, single sign-on refused' });
    await other.close();
  });

  test('an existing account is not taken over: linked after its password sign-in, then signed in straight away', async ({ browser }) => {
    test.setTimeout(120_000);
    const { signInUrl } = await saveSso(api, { enabled: true });
    const email = 'viewer@demo.clinic';

    const { context: first, page } = await openSignInLink(browser, signInUrl);
    await signInAtProvider(page, email);
    await expect(page).toHaveURL(/\/login\?sso_link=/);
    await expect(
      page.getByText('An account with this e-mail already exists. Sign in with your password to link it to single sign-on.'),
    ).toBeVisible();
    await expectAccessible(page, { where: 'login, link message' });
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Link Single Sign-On' })).toBeVisible();
    await expectAccessible(page, { where: 'login, link confirmation' });
    await page.getByRole('button', { name: 'Link single sign-on' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await signOut(page);
    await first.close();

    const { context: again, page: next } = await openSignInLink(browser, signInUrl);
    await signInAtProvider(next, email);
    await expect(next).toHaveURL(/\/dashboard$/);
    // Signed in as that account, in the staff shell.
    await expect(next.getByRole('button', { name: /^Account menu/ })).toBeVisible();
    expect((await (await next.request.get('/api/auth/session')).json()).user.email).toBe(email);
    await again.close();
  });
});

test('the login screen starts single sign-on from a work e-mail by keyboard; a domain nobody verified is told so', async ({ page }) => {
  await page.goto('/login?sso_error=no-such-code');
  await expect(page.getByRole('alert')).toHaveText('Single sign-on did not complete. Try again or ask your administrator.');
  const button = page.getByRole('button', { name: 'Sign in with single sign-on' });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByLabel('Work e-mail')).toBeFocused();
  await expectAccessible(page, { where: 'login, single sign-on e-mail' });

  // The server answers the same shape whatever the e-mail: here, back to the login screen.
  await page.keyboard.type(`someone-${Date.now().toString(36)}@unclaimed-e2e.test`);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login\?sso_error=disabled$/);
  await expect(page.getByRole('alert')).toHaveText('Single sign-on is not set up for this organization.');
});
