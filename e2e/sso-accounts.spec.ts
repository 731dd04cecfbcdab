import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { CLIENT_ID, CLIENT_SECRET, signInAtProvider, startIdentityProvider, startStandInDns } from './sso-stand-ins';
import { closeArrivingPageAlerts, DEMO_PASSWORD, expect, signIn, submitSignIn, test } from './support';

/**
 * Single sign-on's verified domains end to end: a first sign-in from a verified domain makes the
 * account, and an organization that enforces single sign-on refuses its members' passwords. The
 * domains are verified through the stand-in DNS server the test server asks (DNS_SERVERS), which
 * publishes the TXT records a test puts in it, and the sign-in goes through the stand-in provider
 * (sso-stand-ins.ts). After each test the Owner, who keeps the password under enforcement, turns
 * single sign-on off, releases the domains and removes the account made: the other specs sign the
 * demo members in with passwords.
 */

/** A domain of the organization's own, and a person from it the platform has never seen. */
const DOMAIN = 'sso-e2e.test';
const NEW_PERSON = `new.person@${DOMAIN}`;

let idp: Awaited<ReturnType<typeof startIdentityProvider>>;
let dns: Awaited<ReturnType<typeof startStandInDns>>;

test.beforeAll(async () => {
  idp = await startIdentityProvider(String(test.info().project.use.baseURL));
  dns = await startStandInDns();
});

test.afterAll(async () => {
  await idp?.close();
  await dns?.close();
});

/** The demo Owner's API session: it signs in with the password even while single sign-on is enforced. */
async function ownerApi(playwright: { request: { newContext: (o: { baseURL: string }) => Promise<APIRequestContext> } }, baseURL: string) {
  const api = await playwright.request.newContext({ baseURL });
  const signedIn = await api.post('/api/auth/sign-in', { data: { email: 'owner@demo.clinic', password: DEMO_PASSWORD } });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  return api;
}

/** Saves the demo organization's single sign-on through the API, as the Admin's tab does. */
async function saveSso(api: APIRequestContext, settings: { enabled: boolean }) {
  const saved = await api.put('/api/organizations/sso', {
    data: {
      enabled: settings.enabled,
      issuer: idp.issuer,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      domains: [],
      enforce: false,
      defaultRole: 'Staff',
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}

/** Removes the account a test's first sign-in made from the demo organization, if it made one. */
async function removeMember(api: APIRequestContext, email: string) {
  const listed = await api.get('/api/organizations/members');
  expect(listed.ok(), await listed.text()).toBe(true);
  const { members } = (await listed.json()) as { members: { id: string; email: string }[] };
  const member = members.find((m) => m.email === email);
  if (!member) return;
  const removed = await api.delete(`/api/organizations/members/${member.id}`);
  expect(removed.ok(), await removed.text()).toBe(true);
}

/** The Admin's Single sign-on tab in Organization Settings. */
async function openSsoTab(page: Page) {
  await closeArrivingPageAlerts(page);
  await signIn(page, 'admin@demo.clinic');
  await page.goto('/organization/settings');
  await page.getByRole('tab', { name: 'Single sign-on' }).click();
  const settings = page.getByRole('form', { name: 'Single sign-on settings' });
  await expect(settings.getByLabel('Issuer URL')).toBeVisible();
  return settings;
}

/**
 * Adds a domain and saves, then verifies it as an Admin does: Verify before the record is out is
 * told it was not found; the record the tab shows, published in the DNS, verifies it.
 */
async function addAndVerifyDomain(page: Page, domain: string) {
  const settings = page.getByRole('form', { name: 'Single sign-on settings' });
  await settings.getByLabel('Add domain').fill(domain);
  await settings.getByLabel('Add domain').press('Enter');
  await settings.getByRole('button', { name: 'Save Single Sign-On' }).click();
  await expect(settings.getByText('Settings saved.')).toBeVisible();
  const record = (await settings.getByText(/^clinicflow-verification=\S+$/).textContent())!.trim();

  await settings.getByRole('button', { name: `Verify ${domain}` }).click();
  await expect(settings.getByRole('alert').filter({ hasText: 'The TXT record was not found' })).toBeVisible();

  // Published among the domain's other TXT records, as a DNS administrator adds one.
  dns.records.set(domain, ['v=spf1 -all', record]);
  await settings.getByRole('button', { name: `Verify ${domain}` }).click();
  await expect(settings.getByText(`${domain} is verified.`)).toBeVisible();
  await expect(settings.getByRole('button', { name: `Verify ${domain}` })).toHaveCount(0);
  await expect(settings.getByText('Verified', { exact: true })).toBeVisible();
}

test.describe('single sign-on in verified domains', () => {
  let api: APIRequestContext;

  test.beforeEach(async ({ playwright, baseURL }) => {
    api = await ownerApi(playwright, String(baseURL));
  });

  test.afterEach(async () => {
    // Whatever happened: single sign-on off, not enforced, its domains released, the new account gone.
    await saveSso(api, { enabled: false });
    await removeMember(api, NEW_PERSON);
    dns.records.clear();
    await api.dispose();
  });

  test('an Admin verifies a domain through its DNS; a new person from it signs in and joins with the default role', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const settings = await openSsoTab(page);
    await settings.getByRole('switch', { name: 'Enable single sign-on' }).check();
    await settings.getByLabel('Issuer URL').fill(idp.issuer);
    await settings.getByLabel('Client ID').fill(CLIENT_ID);
    await settings.getByLabel('Client secret').fill(CLIENT_SECRET);
    await settings.getByRole('combobox', { name: 'Default role' }).click();
    await page.getByRole('option', { name: 'Viewer', exact: true }).click();
    await addAndVerifyDomain(page, DOMAIN);
    await page.mouse.move(0, 0); // no button left in its hover colour
    await expectAccessible(page, { where: 'Single sign-on tab, domain verified' });

    // Someone the platform has never seen types the work e-mail on the sign-in screen.
    const context = await browser.newContext();
    const person = await context.newPage();
    await person.goto('/login');
    await person.getByRole('button', { name: 'Sign in with single sign-on' }).click();
    await person.getByLabel('Work e-mail').fill(NEW_PERSON);
    await person.getByRole('button', { name: 'Continue with single sign-on' }).click();
    await signInAtProvider(person, NEW_PERSON);

    // Signed in to the demo organization with the default role, at once.
    await expect(person).toHaveURL(/\/dashboard$/);
    await person.getByRole('button', { name: `Account menu (${NEW_PERSON})` }).click();
    await expect(person.getByRole('group', { name: 'Signed in as' })).toContainText(`Viewer · ${NEW_PERSON}`);
    await person.keyboard.press('Escape');
    await person.goto('/organization');
    await expect(person.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(person.getByText('Your current role: Viewer')).toBeVisible();
    await context.close();
  });

  test('enforced, a member of a verified domain is sent to single sign-on; the Owner still signs in with the password', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await saveSso(api, { enabled: true });
    const settings = await openSsoTab(page);
    await addAndVerifyDomain(page, 'demo.clinic');
    await settings.getByRole('switch', { name: 'Enforce single sign-on' }).check();
    await settings.getByRole('button', { name: 'Save Single Sign-On' }).click();
    await expect(settings.getByText('Settings saved.')).toBeVisible();
    await expect(settings.getByRole('switch', { name: 'Enforce single sign-on' })).toBeChecked();

    // The Nurse's right password is refused with the reason, and single sign-on is opened for them.
    const nurseContext = await browser.newContext();
    const nurse = await nurseContext.newPage();
    await submitSignIn(nurse, 'nurse@demo.clinic');
    await expect(nurse.getByRole('alert').filter({ hasText: 'Your organization signs you in with single sign-on.' })).toHaveText(
      'Your organization signs you in with single sign-on. Use “Sign in with single sign-on”.',
    );
    await expect(nurse).toHaveURL(/\/login$/);
    await expect(nurse.getByLabel('Work e-mail')).toHaveValue('nurse@demo.clinic');
    await expect(nurse.getByLabel('Work e-mail')).toBeFocused();
    await expectAccessible(nurse, { where: 'login, single sign-on enforced' });
    await nurse.getByRole('button', { name: 'Continue with single sign-on' }).click();
    await expect(nurse.getByRole('heading', { name: 'Stand-in Identity Provider' })).toBeVisible();
    await nurseContext.close();

    // The Owner keeps the password: the way in when the identity provider is down (break-glass).
    // Switched off again by the Owner, the Nurse's password works again.
    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    await signIn(owner, 'owner@demo.clinic');
    await owner.goto('/organization/settings');
    await owner.getByRole('tab', { name: 'Single sign-on' }).click();
    const ownerSettings = owner.getByRole('form', { name: 'Single sign-on settings' });
    await ownerSettings.getByRole('switch', { name: 'Enforce single sign-on' }).uncheck();
    await ownerSettings.getByRole('button', { name: 'Save Single Sign-On' }).click();
    await expect(ownerSettings.getByText('Settings saved.')).toBeVisible();
    await ownerContext.close();
    const again = await browser.newContext();
    await signIn(await again.newPage(), 'nurse@demo.clinic');
    await again.close();
  });
});
