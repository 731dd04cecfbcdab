import type { Page } from '@playwright/test';
import { WCAG_2_AA, expectAccessible } from './accessibility';
import { expect, signIn, signOut, test } from './support';

/** The staff shell's side navigation. */
const nav = (page: Page) => page.getByRole('navigation', { name: 'Workspace' });
const navLink = (page: Page, name: string) => nav(page).getByRole('link', { name, exact: true });

/** The palette's search field (a member with patient access may also find patients there). */
const paletteSearch = (page: Page) => page.getByRole('textbox', { name: /^Go to an area/ });

/** Signs in and waits for the shell (its keyboard shortcut listens once it is on screen). */
async function signInToShell(page: Page, email: string) {
  await signIn(page, email);
  await expect(navLink(page, 'Dashboard')).toBeVisible();
}

const expectNoAxeViolations = (page: Page, where: string) => expectAccessible(page, { where, tags: [...WCAG_2_AA, 'wcag21a', 'wcag21aa'] });

test('a Nurse sees the Emergency Room and not the Organization, and every area the navigation offers opens', async ({ page }) => {
  await signIn(page, 'nurse@demo.clinic');
  await expect(navLink(page, 'Emergency Room')).toBeVisible();
  await expect(navLink(page, 'Organization')).toHaveCount(0);
  await expect(navLink(page, 'Organization Settings')).toHaveCount(0);
  await expect(navLink(page, 'Visitors')).toHaveCount(0);
  await expect(navLink(page, 'Dashboard')).toHaveAttribute('aria-current', 'page');

  const links = nav(page).getByRole('link');
  const names = (await links.allTextContents()).map((t) => t.trim());
  expect(names).toEqual(['Dashboard', 'Triage', 'Queue', 'Patients', 'Emergency Room', 'Paging', 'Analytics', 'Settings', 'Billing']);
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
  for (const href of hrefs) {
    await page.goto(href);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Access Denied' }), href).toHaveCount(0);
  }
});

test('an Owner sees the Organization; a click on an area goes there and marks it current', async ({ page }) => {
  await signIn(page, 'owner@demo.clinic');
  await expect(navLink(page, 'Organization')).toBeVisible();
  await expect(navLink(page, 'Visitors')).toBeVisible();

  await navLink(page, 'Organization').click();
  await expect(page).toHaveURL(/\/organization$/);
  await expect(page.getByRole('heading', { name: 'Organization', level: 1 })).toBeVisible();
  await expect(navLink(page, 'Organization')).toHaveAttribute('aria-current', 'page');
  await expect(navLink(page, 'Dashboard')).not.toHaveAttribute('aria-current', 'page');

  await navLink(page, 'Organization Settings').click();
  await expect(page.getByRole('heading', { name: 'Organization Settings', level: 1 })).toBeVisible();
  await expect(navLink(page, 'Organization Settings')).toHaveAttribute('aria-current', 'page');
  await expect(navLink(page, 'Organization')).not.toHaveAttribute('aria-current', 'page');

  await navLink(page, 'Patients').click();
  await expect(page.getByRole('heading', { name: 'Patient Management' })).toBeVisible();
  await page.getByRole('link', { name: 'View John Smith' }).click();
  await expect(page).toHaveURL(/\/patients\/[^/]+$/);
  await expect(navLink(page, 'Patients')).toHaveAttribute('aria-current', 'page');
});

test('the header keeps the user menu: profile, settings and Sign Out', async ({ page }) => {
  await signIn(page, 'doctor@demo.clinic');
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(navLink(page, 'Settings')).toHaveAttribute('aria-current', 'page');
  await signOut(page);
  await expect(page).toHaveURL(/\/login$/);
});

test('the skip link is the first stop of the keyboard and moves focus to main', async ({ page }) => {
  await signIn(page, 'nurse@demo.clinic');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  // The next Tab continues inside the page, past the header and the navigation.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
});

test('Ctrl+K opens the command palette; an area name and Enter go there', async ({ page }) => {
  await signInToShell(page, 'nurse@demo.clinic');
  // The palette is loaded on first use, not with the shell.
  const palette = page.waitForResponse((r) => /CommandPalette-[\w-]+\.js$/.test(r.url()));
  await page.keyboard.press('ControlOrMeta+K');
  await palette;
  await expect(paletteSearch(page)).toBeFocused();
  // A named dialog, with nothing for axe to find while it is open.
  await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeVisible();
  await expectNoAxeViolations(page, 'command palette');
  await page.keyboard.type('emergency');
  await expect(page.getByRole('button', { name: 'Emergency Room' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/emergency-room$/);
  await expect(page.getByRole('heading', { name: 'Emergency Room', level: 1 })).toBeVisible();
  await expect(paletteSearch(page)).toHaveCount(0);

  // Only the areas the member may open: a Nurse is offered no Organization.
  await page.keyboard.press('ControlOrMeta+K');
  await expect(paletteSearch(page)).toBeFocused();
  await page.keyboard.type('organization');
  await expect(page.getByText('Nothing found')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(paletteSearch(page)).toHaveCount(0);
});

test('the palette finds a patient by name and opens the record', async ({ page }) => {
  await signIn(page, 'nurse@demo.clinic');
  await page.getByRole('button', { name: 'Search' }).click();
  await paletteSearch(page).fill('John Smi');
  await expect(page.getByRole('button', { name: /^John Smith/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/patients\/[^/]+$/);
  await expect(page.getByRole('heading', { name: 'John Smith', level: 1 })).toBeVisible();
});

test('a member without patient access searches areas only', async ({ page }) => {
  await signInToShell(page, 'staff@demo.clinic');
  const searches: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/triage/patients') searches.push(r.url());
  });
  await page.keyboard.press('ControlOrMeta+K');
  // Focused once the dialog has opened: keys typed before would go to the page.
  await expect(page.getByRole('textbox', { name: 'Go to an area' })).toBeFocused();
  await page.keyboard.type('John Smith');
  await expect(page.getByText('Nothing found')).toBeVisible();
  expect(searches).toEqual([]);
});

test('the navigation collapses to icons, stays so after a reload, and expands again', async ({ page }) => {
  await signIn(page, 'doctor@demo.clinic');
  await expect(nav(page).getByText('Patients', { exact: true })).toBeVisible();
  await nav(page).getByRole('button', { name: 'Collapse navigation' }).click();
  await expect(nav(page).getByText('Patients', { exact: true })).toHaveCount(0);
  await expect(navLink(page, 'Patients')).toBeVisible();
  await expect(navLink(page, 'Dashboard')).toHaveAttribute('aria-current', 'page');

  await page.reload();
  await expect(nav(page).getByRole('button', { name: 'Expand navigation' })).toBeVisible();
  await expect(nav(page).getByText('Patients', { exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page, 'collapsed');
  await navLink(page, 'Patients').click();
  await expect(page.getByRole('heading', { name: 'Patient Management' })).toBeVisible();

  await nav(page).getByRole('button', { name: 'Expand navigation' }).click();
  await expect(nav(page).getByText('Patients', { exact: true })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the burger opens the navigation, and choosing an area closes it', async ({ page }) => {
    await signIn(page, 'nurse@demo.clinic');
    await expect(navLink(page, 'Patients')).not.toBeInViewport();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(navLink(page, 'Patients')).toBeInViewport();
    await navLink(page, 'Patients').click();
    await expect(page.getByRole('heading', { name: 'Patient Management' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open navigation' })).toHaveAttribute('aria-expanded', 'false');
    await expect(navLink(page, 'Patients')).not.toBeInViewport();
    await expectNoAxeViolations(page, 'phone');
  });
});

test('the dashboard in the shell has no axe violations, with the palette open too', async ({ page }) => {
  await signInToShell(page, 'owner@demo.clinic');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page, 'dashboard');
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Sign Out' })).toBeVisible();
  // Once the menu has faded in: half-way, its text is lighter than it will be.
  await expect(page.getByRole('menu')).toHaveCSS('opacity', '1');
  // With the menu open, the menu is what is new: the dashboard was checked just above, and the parts
  // the menu now covers cannot be measured (the live clock among them, re-rendered every second).
  await expectAccessible(page, { where: 'user menu', include: '[role="menu"]', tags: [...WCAG_2_AA, 'wcag21a', 'wcag21aa'] });
  await page.keyboard.press('Escape');
  await page.keyboard.press('ControlOrMeta+K');
  await paletteSearch(page).fill('set');
  await expect(page.getByRole('button', { name: 'Settings', exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'palette');
});
